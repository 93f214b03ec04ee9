/**
 * The dashboard's counters: each figure (`name`, a number `value`) kept in `COUNTER_SHARDS` items
 * (`./shards.ts`: every order adds to the order counters, and one item would let one order through at a
 * time), changed only by atomic ADDs that ride in the same transaction as the change they count, so a
 * figure is always exact and never needs a read of a whole table. `recount` (offline) is the only
 * writer of absolute values.
 */
import { BatchGetCommand, ScanCommand, TransactWriteCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '#shared/order-status.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { HOLD_PREFIX } from './holds.ts';
import { SNAPSHOT_PREFIX } from './held-units.ts';
import { randomShardKey, shardedKeyOf, shardKeys } from './shards.ts';

/**
 * Items per counter: how many transactions may add to one figure side by side (a reservation adds to
 * two figures, a paid order to six). Reads sum them: the dashboard's ~30 figures are 240 keys, three
 * BatchGets.
 */
export const COUNTER_SHARDS = 8;

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

/** The transaction item that adds `delta` (may be negative) to a counter (one of its shards, at random), creating it at 0 when missing. */
export function countItem(name: string, delta: number) {
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { name: randomShardKey(name, COUNTER_SHARDS) },
      UpdateExpression: 'ADD #value :delta',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** The values of `names` (0 for a counter never written), each the sum of its shards, in consistent BatchGets (and their leftovers). */
export async function getCounters(names: readonly string[]): Promise<Record<string, number>> {
  const values: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
  const unique = [...new Set(names)].flatMap((name) => shardKeys(name, COUNTER_SHARDS));
  for (let start = 0; start < unique.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map((name) => ({ name }));
    for (let round = 0; keys && keys.length > 0; round++) {
      if (round > 0) await backoff(BACKOFF.unprocessedCounters, round);
      const answer: BatchGetCommandOutput = await ddb().send(
        new BatchGetCommand({ RequestItems: { [tableName('counters')]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of answer.Responses?.[tableName('counters')] ?? []) {
        const name = shardedKeyOf(String(item.name));
        values[name] = (values[name] ?? 0) + Number(item.value ?? 0);
      }
      keys = answer.UnprocessedKeys?.[tableName('counters')]?.Keys;
    }
  }
  return values;
}

/**
 * Every dashboard counter there is, its shards summed (a scan: the table holds a few hundred items besides the hold counters, which
 * `repositories/holds.ts` keeps, and the snapshots of `repositories/held-units.ts`; used by the offline recount only).
 */
export async function allCounters(): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName('counters'), ConsistentRead: true, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      if (String(item.name).startsWith(HOLD_PREFIX) || String(item.name).startsWith(SNAPSHOT_PREFIX)) continue;
      const name = shardedKeyOf(String(item.name));
      values[name] = (values[name] ?? 0) + Number(item.value ?? 0);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return values;
}

/** Sets a counter to an absolute value (the offline recount only): its first shard to `value`, the others to 0, at once. */
export async function setCounter(name: string, value: number): Promise<void> {
  const items = shardKeys(name, COUNTER_SHARDS).map((key, shard) => ({
    Put: { TableName: tableName('counters'), Item: { name: key, value: shard === 0 ? value : 0 } },
  }));
  await ddb().send(new TransactWriteCommand({ TransactItems: items }));
}
