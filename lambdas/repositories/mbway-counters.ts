/** The MB WAY counters of each month (key `YYYY-MM`, Lisbon time): how many orders each number got. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MbWayCounters } from '#shared/mb-way.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** This month's counters (strongly consistent read; zeros when the month has none yet). */
export async function getMbWayCounters(month: string): Promise<MbWayCounters> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('mbwayCounters'), Key: { month }, ConsistentRead: true }));
  return { count1: Number(Item?.count1 ?? 0), count2: Number(Item?.count2 ?? 0) };
}

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
