/**
 * Idempotency records: one per `Idempotency-Key`, claimed before the work starts and completed in the
 * same transaction that writes the order, so a repeated request finds either the finished answer or
 * a claim in progress, never a second order. Records expire (TTL) after a day.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A claim older than this is taken to be abandoned (the function died) and may be taken over. */
export const IDEMPOTENCY_LOCK_SECONDS = 60;
/** The condition of a claim's completion: the claim is still ours (`completeIdempotencyItem`). */
export const IDEMPOTENCY_CLAIM_HELD = 'idempotency-claim-held';

export type Claim =
  | { readonly state: 'claimed' }
  | { readonly state: 'done'; readonly response: unknown }
  | { readonly state: 'in-progress' }
  | { readonly state: 'mismatch' };

/** What a key already holds, without claiming it (a read): undefined when it is free. */
export async function peekIdempotencyKey(
  id: string,
  fingerprint: string,
  now: Date,
): Promise<Exclude<Claim, { state: 'claimed' }> | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }));
  if (!Item) return undefined;
  if (Item.fingerprint !== fingerprint) return { state: 'mismatch' };
  if (Item.status === 'done') return { state: 'done', response: JSON.parse(String(Item.response)) };
  return Number(Item.lockedUntil) < Math.floor(now.getTime() / 1000) ? undefined : { state: 'in-progress' };
}

export async function claimIdempotencyKey(id: string, fingerprint: string, now: Date): Promise<Claim> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claimed = await written(
    ddb().send(
      new PutCommand({
        TableName: tableName('idempotency'),
        Item: {
          id,
          status: 'in-progress',
          fingerprint,
          lockedUntil: nowSeconds + IDEMPOTENCY_LOCK_SECONDS,
          expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(id) OR (#status = :inProgress AND lockedUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inProgress': 'in-progress', ':now': nowSeconds },
      }),
    ),
  );
  if (claimed) return { state: 'claimed' };
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }));
  if (!Item) return claimIdempotencyKey(id, fingerprint, now);
  if (Item.fingerprint !== fingerprint) return { state: 'mismatch' };
  if (Item.status === 'done') return { state: 'done', response: JSON.parse(String(Item.response)) };
  return { state: 'in-progress' };
}

/** The transaction item that completes a claim with its answer (only if the claim is still ours). */
export function completeIdempotencyItem(id: string, fingerprint: string, response: unknown) {
  return named(IDEMPOTENCY_CLAIM_HELD, {
    Update: {
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'SET #status = :done, #response = :response',
      ConditionExpression: '#status = :inProgress AND fingerprint = :fingerprint',
      ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':inProgress': 'in-progress',
        ':fingerprint': fingerprint,
        ':response': JSON.stringify(response),
      },
    },
  });
}

/** Gives a claim back after a refused request, so the customer can fix the cart and retry. */
export async function releaseIdempotencyKey(id: string, fingerprint: string): Promise<void> {
  // Refused: this claim is no longer in progress: there is nothing to give back.
  await written(
    ddb().send(
      new DeleteCommand({
        TableName: tableName('idempotency'),
        Key: { id },
        ConditionExpression: '#status = :inProgress AND fingerprint = :fingerprint',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inProgress': 'in-progress', ':fingerprint': fingerprint },
      }),
    ),
  );
}
