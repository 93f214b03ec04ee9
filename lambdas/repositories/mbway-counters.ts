/**
 * The MB WAY counters of each month (key `YYYY-MM`, Lisbon time): how many paid orders each number got
 * (`countN`, within the monthly limits) and how many unpaid reservations live on it (`liveN`, no limit).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MbWayCounters } from '#shared/mb-way.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** This month's counters (strongly consistent read; zeros when the month has none yet). */
export async function getMbWayCounters(month: string): Promise<MbWayCounters> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('mbwayCounters'), Key: { month }, ConsistentRead: true }));
  return { count1: Number(Item?.count1 ?? 0), count2: Number(Item?.count2 ?? 0), live1: Number(Item?.live1 ?? 0), live2: Number(Item?.live2 ?? 0) };
}

/**
 * The transaction item that counts one more live reservation on a number, while its paid orders are
 * below `limit` (the only refusal: the number filled up with payments meanwhile).
 */
export function countMbWayLiveItem(month: string, counter: { field: string; limit: number }) {
  return {
    Update: {
      TableName: tableName('mbwayCounters'),
      Key: { month },
      UpdateExpression: 'ADD #live :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': counter.field, '#live': liveField(counter.field) },
      ExpressionAttributeValues: { ':one': 1, ':limit': counter.limit },
    },
  };
}

/**
 * The transaction item that ends a live reservation on a number: `paid`, it becomes one of the month's
 * paid orders (counted even past the limit: the customer has paid into that number); else it is only gone.
 */
export function endMbWayLiveItem(month: string, counter: { field: string }, paid: boolean) {
  return {
    Update: {
      TableName: tableName('mbwayCounters'),
      Key: { month },
      UpdateExpression: paid ? 'ADD #live :minusOne, #count :one' : 'ADD #live :minusOne',
      ExpressionAttributeNames: { '#live': liveField(counter.field), ...(paid ? { '#count': counter.field } : {}) },
      ExpressionAttributeValues: { ':minusOne': -1, ...(paid ? { ':one': 1 } : {}) },
    },
  };
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
