/**
 * The writes of an order's provider payment (`Order.providerPayment`, docs/design.md §34) made by the
 * payments consumer of the orders stream: the payment started (or refused), a refund made. Each is
 * conditioned on the state it follows from, so a record handled twice writes once.
 */
import type { TimelineEntry } from '#shared/api.ts';
import type { ProviderPaymentRecord, ProviderRefundRecord } from '#shared/automatic-payments.ts';
import { tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/** The condition of the start's write: the payment is still `starting` (`paymentStartedItem`). */
export const PAYMENT_STARTING = 'payment-starting';
/** The condition of a refund's write: the same amount is still asked for (`paymentRefundedItem`). */
export const REFUND_REQUESTED = 'refund-requested';

/**
 * The order's payment as the provider made it (or why it could not), on the timeline; `expiresAt`: the
 * reservation now holds until the Multibanco reference's own expiry (only while it is still reserved).
 */
export function paymentStartedItem(id: string, payment: ProviderPaymentRecord, entry: TimelineEntry, expiresAt?: string) {
  return named(PAYMENT_STARTING, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        `SET providerPayment = :payment, timeline = list_append(if_not_exists(timeline, ` +
        `:empty), :entry)${expiresAt ? ', expiresAt = :expiresAt' : ''}`,
      ConditionExpression: `providerPayment.#status = :starting${expiresAt ? ' AND attribute_exists(expiresAt)' : ''}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':payment': payment,
        ':starting': 'starting',
        ':empty': [],
        ':entry': [entry],
        ...(expiresAt ? { ':expiresAt': expiresAt } : {}),
      },
    },
  });
}

/** One more time the provider could not be reached for a payment still `starting`. */
export function paymentStartAttemptItem(id: string) {
  return named(PAYMENT_STARTING, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression: 'SET providerPayment.startAttempts = if_not_exists(providerPayment.startAttempts, :zero) + :one',
      ConditionExpression: 'providerPayment.#status = :starting',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':starting': 'starting' },
    },
  });
}

/** A refund made: kept with the payment, on the timeline, and the request answered (removed). */
export function paymentRefundedItem(id: string, requestedCents: number, refund: ProviderRefundRecord, entry: TimelineEntry) {
  return named(REFUND_REQUESTED, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        'SET providerPayment.refunds = list_append(if_not_exists(providerPayment.refunds, :empty), :refund), timeline = ' +
        'list_append(if_not_exists(timeline, :empty), :entry) REMOVE providerPayment.refundRequestedCents, providerPayment.refundPartial',
      ConditionExpression: 'providerPayment.refundRequestedCents = :requested',
      ExpressionAttributeValues: { ':requested': requestedCents, ':refund': [refund], ':empty': [], ':entry': [entry] },
    },
  });
}

/** A refund the provider refused (more than is left, a payment it cannot refund): on the timeline, the request answered. */
export function refundRefusedItem(id: string, requestedCents: number, entry: TimelineEntry) {
  return named(REFUND_REQUESTED, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        'SET timeline = list_append(if_not_exists(timeline, :empty), :entry) ' +
        'REMOVE providerPayment.refundRequestedCents, providerPayment.refundPartial',
      ConditionExpression: 'providerPayment.refundRequestedCents = :requested',
      ExpressionAttributeValues: { ':requested': requestedCents, ':empty': [], ':entry': [entry] },
    },
  });
}
