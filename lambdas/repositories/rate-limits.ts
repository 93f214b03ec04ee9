/**
 * Fixed-window request counters: one item per (route, client, window), incremented with an atomic
 * ADD (no read first, so parallel requests count exactly), and removed by DynamoDB TTL shortly after
 * its window ends.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb-client.ts';

/** Extra time a finished window's item is kept before TTL may remove it (TTL deletion is lazy anyway). */
const GRACE_SECONDS = 60;

/** Counts one more request in the window `[windowStart, windowStart + windowSeconds)` and answers the count. */
export async function countRequest(id: string, windowStart: number, windowSeconds: number): Promise<number> {
  const { Attributes } = await ddb().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: { id: `${id}#${windowStart}` },
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': windowStart + windowSeconds + GRACE_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.count ?? 1);
}
