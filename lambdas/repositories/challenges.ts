/**
 * The used proofs of work (docs/design.md §28), kept in the rate-limit table (it has a TTL and every
 * guarded route already writes to it): one item per challenge, put only if absent, gone by TTL once the
 * challenge has expired (an expired challenge is refused anyway).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** Extra time an item is kept after its challenge expired (TTL deletion is lazy anyway). */
const GRACE_SECONDS = 60;

/**
 * Records a challenge as used, unless it already was: `true` when this call is its first use, or a
 * repeat of the same request (`replayOf`: the same route and `Idempotency-Key`, whose answer the
 * idempotency record gives back unchanged); `false` otherwise.
 */
export async function useChallenge(id: string, expiresAt: number, replayOf: string | undefined): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('rateLimits'),
        Item: { id: `challenge#${id}`, expiresAt: expiresAt + GRACE_SECONDS, ...(replayOf ? { replayOf } : {}) },
        ConditionExpression: replayOf ? 'attribute_not_exists(id) OR replayOf = :replayOf' : 'attribute_not_exists(id)',
        ...(replayOf ? { ExpressionAttributeValues: { ':replayOf': replayOf } } : {}),
      }),
    ),
  );
}
