/**
 * The catalogue's held and free units as last counted (`services/held-share.ts`), one item of the
 * counters table (`snapshot#held-units`, not a counter: no shards, never summed by the recount): what
 * `GET /api/challenge` prices its proofs of work with (`shared/proof-of-work.ts`) in one read, instead
 * of the counters and the whole catalogue.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { HeldUnits } from '#shared/proof-of-work.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** The prefix of the counters table's items that are snapshots, not counters (the recount skips them). */
export const SNAPSHOT_PREFIX = 'snapshot#';
const KEY = { name: `${SNAPSHOT_PREFIX}held-units` };

/** Records the held and free units counted at `now`. */
export async function recordHeldUnits(units: HeldUnits, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName('counters'), Item: { ...KEY, held: units.held, free: units.free, at: now.toISOString() } }),
  );
}

/** The held and free units last counted; none held when never counted (a new shop). */
export async function lastHeldUnits(): Promise<HeldUnits> {
  const answer = await ddb().send(new GetCommand({ TableName: tableName('counters'), Key: KEY, ConsistentRead: true }));
  return { held: Number(answer.Item?.held ?? 0), free: Number(answer.Item?.free ?? 0) };
}
