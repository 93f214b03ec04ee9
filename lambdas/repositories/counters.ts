/**
 * The dashboard's counters: one item per figure (`name`, a number `value`), changed only by atomic
 * ADDs that ride in the same transaction as the change they count, so a figure never needs a read of
 * a whole table. `recount` (offline) is the only writer of absolute values.
 */
import { BatchGetCommand, PutCommand, ScanCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '#shared/order-status.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { HOLD_PREFIX } from './holds.ts';

/** The names of the counters. */
export const COUNTER = {
  /** How many orders are in `status` now. */
  orders: (status: OrderStatus) => `orders#${status}`,
  /** Cents of the paid orders created in `period` (a Lisbon month `YYYY-MM` or day `YYYY-MM-DD`). */
  revenue: (period: string) => `revenue#${period}`,
  /** Orders created in `period` (Lisbon month or day) whose proof of payment arrived. */
  received: (period: string) => `received#${period}`,
  /** Contact messages nobody has opened yet. */
  unreadContactMessages: 'contactMessages#unread',
  /** Back-in-stock requests waiting for their e-mail. */
  pendingStockAlerts: 'stockAlerts#pending',
  /** Units of stock the reservations awaiting payment hold (their lines' quantities). */
  reservedUnits: 'reservations#units',
  /** Units of stock the orders whose proof waits for the owner (`Confirmar Pagamento`) hold. */
  unconfirmedUnits: 'proofs#units',
} as const;

/** The transaction item that adds `delta` (may be negative) to a counter, creating it at 0 when missing. */
export function countItem(name: string, delta: number) {
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { name },
      UpdateExpression: 'ADD #value :delta',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** The values of `names` (0 for a counter never written), in one consistent BatchGet (and its leftovers). */
export async function getCounters(names: readonly string[]): Promise<Record<string, number>> {
  const values: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
  const unique = [...new Set(names)];
  for (let start = 0; start < unique.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map((name) => ({ name }));
    for (let round = 0; keys && keys.length > 0; round++) {
      if (round > 0) await backoff(BACKOFF.unprocessedCounters, round);
      const answer: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName('counters')]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of answer.Responses?.[tableName('counters')] ?? []) values[String(item.name)] = Number(item.value ?? 0);
      keys = answer.UnprocessedKeys?.[tableName('counters')]?.Keys;
    }
  }
  return values;
}

/** Every dashboard counter there is (a scan: the table holds a few dozen items besides the hold counters, which `repositories/holds.ts` keeps; used by the offline recount only). */
export async function allCounters(): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName('counters'), ConsistentRead: true, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) if (!String(item.name).startsWith(HOLD_PREFIX)) values[String(item.name)] = Number(item.value ?? 0);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return values;
}

/** Sets a counter to an absolute value (the offline recount only). */
export async function setCounter(name: string, value: number): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('counters'), Item: { name, value } }));
}
