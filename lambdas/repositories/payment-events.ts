/**
 * What a payment provider's notification writes (docs/design.md §34): the record that its event was
 * applied (one per event id, in the idempotency table, in the same transaction as its effect) and the
 * order's provider payment when the notification changes no status (a failed payment, a payment the
 * order cannot keep). The status move of a paid reservation is the lifecycle's (`moveOrderItem`).
 */
import type { TimelineEntry } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { tableName } from './environment.ts';
import { PROVIDER_PAYMENT_OPEN } from './orders.ts';
import { named } from './transactions.ts';

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
      Item: { id: `payment-event#${provider}#${eventId}`, status: 'done', orderId, appliedAt: now.toISOString(), expiresAt: nowSeconds + PAYMENT_EVENT_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  });
}

/**
 * The transaction item that sets the order's provider payment to `record` and adds `entries` to its
 * timeline, only while the order is in `status` with the payment `record.paymentId` open
 * (`PROVIDER_PAYMENT_HELD`).
 */
export function providerPaymentItem(orderId: string, status: OrderStatus, record: ProviderPaymentRecord & { readonly paymentId: string }, entries: readonly TimelineEntry[], now: Date) {
  return named(PROVIDER_PAYMENT_HELD, {
    Update: {
      TableName: tableName('orders'),
      Key: { id: orderId },
      UpdateExpression: 'SET #pay = :record, updatedAt = :now, timeline = list_append(if_not_exists(timeline, :empty), :entries)',
      ConditionExpression: `#status = :status AND ${PROVIDER_PAYMENT_OPEN}`,
      ExpressionAttributeNames: { '#status': 'status', '#pay': 'providerPayment', '#payStatus': 'status' },
      ExpressionAttributeValues: { ':record': record, ':now': now.toISOString(), ':empty': [], ':entries': entries, ':status': status, ':paymentId': record.paymentId, ':succeeded': 'succeeded' },
    },
  });
}
