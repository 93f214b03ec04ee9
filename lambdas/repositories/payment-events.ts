/**
 * What a payment provider's notification writes (docs/design.md §34): the record that its event was
 * applied (one per event id, in the idempotency table, in the same transaction as its effect) and the
 * order's provider payment when the notification changes no status (a failed payment, a payment the
 * order cannot keep). The status move of a paid reservation is the lifecycle's (`moveOrderItem`).
 */
import type { TimelineEntry } from '#shared/api.ts';
import type { ProviderPaymentRecord, ProviderRefundRecord } from '#shared/automatic-payments.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { listHolds } from './conditions.ts';
import { tableName } from './environment.ts';
import { named, type NamedCondition } from './transactions.ts';

/**
 * The condition that an order's provider payment is `:paymentId` (or not made yet: the notification can
 * come before the payment's id is stored) and has not succeeded yet; names `#pay`, `#payStatus`, values
 * `:paymentId`, `:succeeded`.
 */
const PROVIDER_PAYMENT_OPEN =
  'attribute_exists(#pay) AND (#pay.paymentId = :paymentId OR attribute_not_exists(#pay.paymentId)) AND #pay.#payStatus <> :succeeded';

/**
 * An order's move (`moveOrderItem`) made only while the order holds the provider payment `paymentId` open ({@link PROVIDER_PAYMENT_OPEN});
 * its condition keeps its name.
 */
export function whilePaymentOpen(move: NamedCondition, paymentId: string): NamedCondition {
  const update = move.write.Update;
  if (!update) throw new Error(`whilePaymentOpen: ${move.condition} is not an update`);
  return {
    condition: move.condition,
    write: {
      Update: {
        ...update,
        ConditionExpression: `${update.ConditionExpression} AND ${PROVIDER_PAYMENT_OPEN}`,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#pay': 'providerPayment', '#payStatus': 'status' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':paymentId': paymentId, ':succeeded': 'succeeded' },
      },
    },
  };
}

/** The condition of an event's record: the event was not applied before. */
export const PAYMENT_EVENT_NEW = 'payment-event-new';
/** The condition of a provider payment's update: the order is still where it was read, with that payment open. */
export const PROVIDER_PAYMENT_HELD = 'provider-payment-held';
/** How long an applied event is remembered: longer than the provider retries one (Stripe: up to 3 days). */
export const PAYMENT_EVENT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The transaction item that records `eventId` of `provider` as applied to `orderId` (refused if it was already: `PAYMENT_EVENT_NEW`). */
export function paymentEventItem(provider: string, eventId: string, orderId: string, now: Date) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return named(PAYMENT_EVENT_NEW, {
    Put: {
      TableName: tableName('idempotency'),
      Item: {
        id: `payment-event#${provider}#${eventId}`,
        status: 'done',
        orderId,
        appliedAt: now.toISOString(),
        expiresAt: nowSeconds + PAYMENT_EVENT_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  });
}

/**
 * The transaction item that sets the order's provider payment to `record` and adds `entries` to its
 * timeline, only while the order is in `status` with the payment `record.paymentId` open
 * (`PROVIDER_PAYMENT_HELD`).
 */
export function providerPaymentItem(
  orderId: string,
  status: OrderStatus,
  record: ProviderPaymentRecord & { readonly paymentId: string },
  entries: readonly TimelineEntry[],
  now: Date,
) {
  return named(PROVIDER_PAYMENT_HELD, {
    Update: {
      TableName: tableName('orders'),
      Key: { id: orderId },
      UpdateExpression: 'SET #pay = :record, updatedAt = :now, timeline = list_append(if_not_exists(timeline, :empty), :entries)',
      ConditionExpression: `#status = :status AND ${PROVIDER_PAYMENT_OPEN}`,
      ExpressionAttributeNames: { '#status': 'status', '#pay': 'providerPayment', '#payStatus': 'status' },
      ExpressionAttributeValues: {
        ':record': record,
        ':now': now.toISOString(),
        ':empty': [],
        ':entries': entries,
        ':status': status,
        ':paymentId': record.paymentId,
        ':succeeded': 'succeeded',
      },
    },
  });
}

/** The condition of recording a refund made outside the shop: the refunds and the refund asked are as read. */
export const REFUNDS_AS_READ = 'refunds-as-read';

/**
 * The transaction item that records a refund the provider made outside the shop (its own dashboard) on
 * the order's succeeded payment `paymentId`, with `entry` on the timeline: only while it holds
 * `refundsKept` refunds and the refund the shop asked for is still `requestedCents` (absent: none).
 */
export function outsideRefundItem(
  orderId: string,
  paymentId: string,
  refund: ProviderRefundRecord,
  refundsKept: number,
  requestedCents: number | undefined,
  entry: TimelineEntry,
) {
  const kept = listHolds('#pay.refunds', refundsKept, ':kept');
  const asked = requestedCents === undefined ? 'attribute_not_exists(#pay.refundRequestedCents)' : '#pay.refundRequestedCents = :asked';
  return named(REFUNDS_AS_READ, {
    Update: {
      TableName: tableName('orders'),
      Key: { id: orderId },
      UpdateExpression:
        'SET #pay.refunds = list_append(if_not_exists(#pay.refunds, :empty), ' +
        ':refund), timeline = list_append(if_not_exists(timeline, :empty), :entry)',
      ConditionExpression: `#pay.paymentId = :paymentId AND #pay.#payStatus = :succeeded AND ${kept.condition} AND ${asked}`,
      ExpressionAttributeNames: { '#pay': 'providerPayment', '#payStatus': 'status' },
      ExpressionAttributeValues: {
        ':paymentId': paymentId,
        ':succeeded': 'succeeded',
        ':empty': [],
        ':refund': [refund],
        ':entry': [entry],
        ...kept.values,
        ...(requestedCents === undefined ? {} : { ':asked': requestedCents }),
      },
    },
  });
}
