/**
 * The proofs of payment in the orders table (DynamoDB): the claim that makes a proof back exactly one
 * order, the record of a proof deleted by retention, and where the retention job's walk stopped.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TimelineEntry } from '#shared/api.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/** The condition of a proof's claim: no order claimed it before (`claimProofItem`); its refusal's `old.orderId` is the order that did. */
export const PROOF_UNCLAIMED = 'proof-unclaimed';

/**
 * The transaction item that claims a proof of payment for one order: a proof backs exactly one order.
 * Claims live in the orders table under `proof#<key>` (no listing attribute, so no index sees them).
 * Its condition is `PROOF_UNCLAIMED`.
 */
export function claimProofItem(proofKey: string, orderId: string, now: Date) {
  return named(PROOF_UNCLAIMED, {
    Put: {
      TableName: tableName('orders'),
      Item: { id: `proof#${proofKey}`, orderId, claimedAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(id)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/** The order a proof's claim names (`claimProofItem`), or undefined when no order claimed it. */
export async function proofClaimOrderId(proofKey: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName('orders'), Key: { id: `proof#${proofKey}` }, ConsistentRead: true }),
  );
  return Item?.orderId as string | undefined;
}

/**
 * The transaction item that records that an order's proof of payment was deleted (retention): the
 * order keeps `proofKey` (it still counts as received) and gains `proofDeletedAt` and a timeline entry.
 */
export function proofDeletedItem(id: string, proofKey: string, entry: TimelineEntry, now: Date) {
  return {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression: 'SET proofDeletedAt = :now, timeline = list_append(if_not_exists(timeline, :empty), :entry)',
      ConditionExpression: 'proofKey = :key AND attribute_not_exists(proofDeletedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':key': proofKey, ':empty': [], ':entry': [entry] },
    },
  };
}

/**
 * Where the retention job's walk over old proofs stopped (`createdAt` of the last order it handled), kept in the orders table under an id
 * no index sees.
 */
const PROOF_RETENTION_CURSOR = 'retention#proofs';

export async function proofRetentionCursor(): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName('orders'), Key: { id: PROOF_RETENTION_CURSOR }, ConsistentRead: true }),
  );
  return Item?.through ? String(Item.through) : undefined;
}

export async function setProofRetentionCursor(through: string): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('orders'), Item: { id: PROOF_RETENTION_CURSOR, through } }));
}
