/**
 * The MB WAY counters of each month (key `YYYY-MM`, Lisbon time): how many paid orders each number got
 * (`countN`, within the monthly limits: on the month's own item, whose conditions keep them there) and
 * how many unpaid reservations live on it (`liveN`, no limit: every MB WAY reservation adds one, so they
 * are kept in `LIVE_SHARDS` items, `./shards.ts`, summed on read; the first is the month's own item).
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { MbWayCounters } from '#shared/mb-way.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { randomShardKey, shardKeys } from './shards.ts';
import type { TransactionItem } from './transactions.ts';

/** Items the live reservations of a month are spread over: how many MB WAY reservations go through side by side. */
export const LIVE_SHARDS = 8;

/** This month's counters (strongly consistent reads, the live ones summed over their shards; zeros when the month has none yet). */
export async function getMbWayCounters(month: string): Promise<MbWayCounters> {
  const counters = { count1: 0, count2: 0, live1: 0, live2: 0 };
  let keys: Record<string, unknown>[] | undefined = shardKeys(month, LIVE_SHARDS).map((key) => ({ month: key }));
  for (let round = 0; keys && keys.length > 0; round++) {
    if (round > 0) await backoff(BACKOFF.unprocessedCounters, round);
    const answer: BatchGetCommandOutput = await ddb().send(
      new BatchGetCommand({ RequestItems: { [tableName('mbwayCounters')]: { Keys: keys, ConsistentRead: true } } }),
    );
    for (const item of answer.Responses?.[tableName('mbwayCounters')] ?? []) {
      if (item.month === month) Object.assign(counters, { count1: Number(item.count1 ?? 0), count2: Number(item.count2 ?? 0) });
      counters.live1 += Number(item.live1 ?? 0);
      counters.live2 += Number(item.live2 ?? 0);
    }
    keys = answer.UnprocessedKeys?.[tableName('mbwayCounters')]?.Keys;
  }
  return counters;
}

/** The update that adds `delta` to a live counter, on one of the month's shards at random. */
const addLiveItem = (month: string, counter: { field: string }, delta: number) => ({
  Update: {
    TableName: tableName('mbwayCounters'),
    Key: { month: randomShardKey(month, LIVE_SHARDS) },
    UpdateExpression: 'ADD #live :delta',
    ExpressionAttributeNames: { '#live': liveField(counter.field) },
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/**
 * The transaction item that counts one more live reservation on a number (the number chosen by
 * `mbwaySlot` from the counters it just read). No condition: a live reservation takes no paid slot and
 * is never refused for one (a number its payments filled meanwhile counts its payment past the limit,
 * as for any reservation whose number filled while it waited: `endMbWayLiveItems`).
 */
export function countMbWayLiveItem(month: string, counter: { field: string }) {
  return addLiveItem(month, counter, 1);
}

/**
 * The transaction items that end a live reservation on a number: `paid`, it becomes one of the month's
 * paid orders (counted even past the limit: the customer has paid into that number); else it is only gone.
 */
export function endMbWayLiveItems(month: string, counter: { field: string }, paid: boolean): TransactionItem[] {
  const live = addLiveItem(month, counter, -1);
  if (!paid) return [live];
  if (live.Update.Key.month === month) {
    // The month's own item was drawn: one update of it (a transaction names an item once).
    return [
      {
        Update: {
          ...live.Update,
          UpdateExpression: 'ADD #live :delta, #count :one',
          ExpressionAttributeNames: { ...live.Update.ExpressionAttributeNames, '#count': counter.field },
          ExpressionAttributeValues: { ...live.Update.ExpressionAttributeValues, ':one': 1 },
        },
      },
    ];
  }
  const count = {
    Update: {
      TableName: tableName('mbwayCounters'),
      Key: { month },
      UpdateExpression: 'ADD #count :one',
      ExpressionAttributeNames: { '#count': counter.field },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
  return [live, count];
}

/** The live counter beside a paid one: `count1` → `live1`. */
const liveField = (countField: string) => countField.replace(/^count/, 'live');

/** The transaction item that counts one more order on a number, only while it is below `limit`. */
export function countMbWayOrderItem(month: string, counter: { field: string; limit: number }) {
  return {
    Update: {
      TableName: tableName('mbwayCounters'),
      Key: { month },
      UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': counter.field },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': counter.limit },
    },
  };
}

/** The transaction item that frees one order's slot on a number (a cancelled or expired MB WAY order). */
export function releaseMbWayOrderItem(month: string, counter: { field: string }) {
  return {
    Update: {
      TableName: tableName('mbwayCounters'),
      Key: { month },
      UpdateExpression: 'SET #count = #count - :one',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': counter.field },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    },
  };
}
