/**
 * The writes of "Devolver parte do pagamento" (docs/money.md "Refunds"), each conditioned on the money
 * the owner's request was checked against, so that two clicks, two tabs or a close at the same moment
 * never give back twice nor more than was paid: the condition names the refunds already made (their
 * number) and, through the provider, that no other refund is waiting for its answer.
 */
import type { TimelineEntry } from '#shared/api.ts';
import type { LedgerEntry } from '#shared/ledger.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { listHolds } from './conditions.ts';
import { tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/** The condition of both writes: the order's money is as it was read (`refundAskedItem`, `manualRefundItem`). */
export const MONEY_AS_READ = 'money-as-read';

/**
 * A refund of `cents` asked of the provider for an order that goes on (`providerPayment.refundRequestedCents`,
 * with `refundPartial`): the orders stream's payments consumer makes it. Only while the payment is the
 * succeeded one, no other refund waits, and `refundsMade` refunds were made.
 */
export function refundAskedItem(id: string, cents: number, refundsMade: number, entry: TimelineEntry) {
  const partial = { at: entry.at, by: entry.by };
  const made = listHolds('#pay.refunds', refundsMade, ':n');
  return named(MONEY_AS_READ, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        'SET #pay.refundRequestedCents = :cents, #pay.refundPartial = :partial, ' +
        'timeline = list_append(if_not_exists(timeline, :empty), :entry)',
      ConditionExpression: `#pay.#payStatus = :succeeded AND attribute_not_exists(#pay.refundRequestedCents) AND ${made.condition}`,
      ExpressionAttributeNames: { '#pay': 'providerPayment', '#payStatus': 'status' },
      ExpressionAttributeValues: {
        ':cents': cents,
        ':partial': partial,
        ':succeeded': 'succeeded',
        ':empty': [],
        ':entry': [entry],
        ...made.values,
      },
    },
  });
}

/**
 * A refund the owner made by hand, recorded in the ledger (`ledgerRecords`) with its timeline entry:
 * only while the order is in `status` and holds `recordsKept` ledger records, as read.
 */
export function manualRefundItem(id: string, refund: LedgerEntry, status: OrderStatus, recordsKept: number, entry: TimelineEntry) {
  const kept = listHolds('ledgerRecords', recordsKept, ':n');
  return named(MONEY_AS_READ, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        'SET ledgerRecords = list_append(if_not_exists(ledgerRecords, :empty), :record), ' +
        'timeline = list_append(if_not_exists(timeline, :empty), :entry), updatedAt = :at',
      ConditionExpression: `#status = :status AND ${kept.condition}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':record': [refund],
        ':status': status,
        ':empty': [],
        ':entry': [entry],
        ':at': entry.at,
        ...kept.values,
      },
    },
  });
}
