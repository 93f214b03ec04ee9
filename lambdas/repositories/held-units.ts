/**
 * The catalogue's held and free units as last counted (`services/held-share.ts`), one item of the
 * counters table (`snapshot#held-units`, not a counter: no shards, never summed by the recount): what
 * `GET /api/challenge` prices its proofs of work with (`shared/proof-of-work.ts`) in one read, instead
 * of the counters and the whole catalogue.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HeldUnits } from '#shared/proof-of-work.ts';
import { unlessRefused, written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** The prefix of the counters table's items that are snapshots, not counters (the recount skips them). */
export const SNAPSHOT_PREFIX = 'snapshot#';
const KEY = { name: `${SNAPSHOT_PREFIX}held-units` };
/** `free` is one of DynamoDB's reserved words. */
const NAMES = { '#held': 'held', '#free': 'free' };

/** Records the held and free units counted at `now`. */
export async function recordHeldUnits(units: HeldUnits, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName('counters'), Item: { ...KEY, held: units.held, free: units.free, at: now.toISOString() } }),
  );
}

/** Records the units counted at `now` if nothing was ever recorded: `false` when a record was there first. */
export async function recordFirstHeldUnits(units: HeldUnits, now: Date): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('counters'),
        Item: { ...KEY, held: units.held, free: units.free, at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(#name)',
        ExpressionAttributeNames: { '#name': 'name' },
      }),
    ),
  );
}

/**
 * Records the units counted at `now` after a reservation, without lowering the held count: checkouts
 * under way have taken units into it (`takeHeldUnits`) that their orders, not yet written, do not count
 * yet, and a count that dropped them would let a burst through. The total (held and free) is the
 * count's: new stock counts at once. Lowering is the exact record's (`recordHeldUnits`: the expiry job's
 * count every 5 minutes, the owner's closes).
 */
export async function raiseHeldUnits(units: HeldUnits, now: Date): Promise<void> {
  const at = now.toISOString();
  const raised = await written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: KEY,
        UpdateExpression: 'SET #held = :held, #free = :free, #at = :at',
        ConditionExpression: 'attribute_not_exists(#held) OR #held <= :held',
        ExpressionAttributeNames: { ...NAMES, '#at': 'at' },
        ExpressionAttributeValues: { ':held': units.held, ':free': units.free, ':at': at },
      }),
    ),
  );
  if (raised) return;
  // More held than counted (takes under way): the held count stays, the free units are the rest of the total.
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('counters'),
      Key: KEY,
      UpdateExpression: 'SET #free = :total - #held, #at = :at',
      ExpressionAttributeNames: { ...NAMES, '#at': 'at' },
      ExpressionAttributeValues: { ':total': units.held + units.free, ':at': at },
    }),
  );
}

/** The held and free units last counted; none held when never counted (a new shop). */
export async function lastHeldUnits(): Promise<HeldUnits> {
  const answer = await ddb().send(new GetCommand({ TableName: tableName('counters'), Key: KEY, ConsistentRead: true }));
  return { held: Number(answer.Item?.held ?? 0), free: Number(answer.Item?.free ?? 0) };
}

/**
 * Moves `units` from free to held in the snapshot if at most `limit` units are held now, in one
 * conditional write (`heldLimit` of `shared/proof-of-work.ts`): `true` when taken, `false` when more are
 * held (or the snapshot is gone: never, once counted).
 */
export async function takeHeldUnits(units: number, limit: number): Promise<boolean> {
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: KEY,
        UpdateExpression: 'ADD #held :units, #free :back',
        ConditionExpression: 'attribute_exists(#held) AND #held <= :limit',
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: { ':units': units, ':back': -units, ':limit': limit },
      }),
    ),
  );
}

/**
 * Gives back `units` that `takeHeldUnits` took, for an order that was then not placed. The next count
 * (after each reservation, and the expiry job's) writes the exact figures over any drift.
 */
export async function giveBackHeldUnits(units: number): Promise<void> {
  await unlessRefused(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: KEY,
        UpdateExpression: 'ADD #held :back, #free :units',
        ConditionExpression: 'attribute_exists(#held)',
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: { ':units': units, ':back': -units },
      }),
    ),
  );
}
