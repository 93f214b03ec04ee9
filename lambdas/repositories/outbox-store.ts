/**
 * The mail outbox in DynamoDB (`lambdas/contracts/outbox-items.ts`): the transaction items the services put
 * beside the event that causes a mail, and the consumer's and redrive job's state changes. Every
 * change of state is conditioned on the state it leaves, so two consumers (a record delivered twice,
 * a redrive racing the stream) never both send one mail.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  OUTBOX_FIRST_DUE_SECONDS,
  OUTBOX_KEEP_DAYS,
  OUTBOX_LEASE_SECONDS,
  QUEUE_DUE,
  type NewOutboxMail,
  type OutboxBackInStockItem,
  type OutboxItem,
  type OutboxMailItem,
} from '../contracts/outbox-items.ts';
import type { ProductVariant } from '#shared/variants.ts';
import { hasSizes } from '#shared/variants.ts';
import { unlessRefused, written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/** The condition of a claimed item's outcome (`outboxSentUpdate`, `outboxFailedUpdate`): it is still `sending`, i.e. still ours. */
export const OUTBOX_CLAIM_HELD = 'outbox-claim-held';

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + OUTBOX_KEEP_DAYS * 86_400;

function bookkeeping(now: Date) {
  return {
    status: 'pending',
    attempts: 0,
    failures: 0,
    createdAt: now.toISOString(),
    queue: QUEUE_DUE,
    dueAt: later(now, OUTBOX_FIRST_DUE_SECONDS),
    expiresAt: expiry(now),
  } as const;
}

/** The stored form of a new mail item. */
export function newMailItem(mail: NewOutboxMail, now: Date): OutboxMailItem {
  return { ...mail, type: 'mail', ...bookkeeping(now) };
}

/** The transaction item that queues one mail, once: a second put of the same id changes nothing and fails its condition. */
export function outboxMailPut(mail: NewOutboxMail, now: Date) {
  return { Put: { TableName: tableName('outbox'), Item: newMailItem(mail, now), ConditionExpression: 'attribute_not_exists(id)' } };
}

/** The transaction item that asks for the back-in-stock mails of a product that came back (`id`: one per movement). */
export function outboxBackInStockPut(
  id: string,
  product: { id: string; name: string; variants: readonly ProductVariant[] },
  variant: ProductVariant,
  units: number,
  now: Date,
) {
  const variantFields = hasSizes(product) ? { variantId: variant.id, size: variant.label } : {};
  const item: OutboxBackInStockItem = {
    id,
    type: 'back-in-stock',
    productId: product.id,
    productName: product.name,
    ...variantFields,
    units,
    queued: 0,
    ...bookkeeping(now),
  };
  return { Put: { TableName: tableName('outbox'), Item: item, ConditionExpression: 'attribute_not_exists(id)' } };
}

/**
 * Writes one mail item unless its id is taken by one that did not fail for good (a failed one is
 * replaced: the request behind it is still pending). True when written.
 */
export async function putMailIfNew(mail: NewOutboxMail, now: Date): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('outbox'),
        Item: newMailItem(mail, now),
        ConditionExpression: 'attribute_not_exists(id) OR #status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed' },
      }),
    ),
  );
}

/** An item from a stream record's `NewImage` (DynamoDB JSON, as the event source mapping or the twin's poller hands it). */
export function outboxItemFromImage(image: Record<string, unknown>): OutboxItem {
  return unmarshall(image as Record<string, AttributeValue>) as OutboxItem;
}

/**
 * Claims a pending item that is not in backoff: it becomes `sending` under a lease. Answers the item
 * as it is now, or undefined when someone else has it, it is done, or it waits for its retry.
 */
export async function claimOutboxItem(id: string, now: Date): Promise<OutboxItem | undefined> {
  const answer = await unlessRefused(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { id },
        UpdateExpression: 'SET #status = :sending, dueAt = :lease, attempts = attempts + :one REMOVE retryAt',
        ConditionExpression: '#status = :pending AND (attribute_not_exists(retryAt) OR retryAt <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':lease': later(now, OUTBOX_LEASE_SECONDS),
          ':one': 1,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes as OutboxItem | undefined;
}

/**
 * An update of a claimed item (only while it is still `sending`, i.e. still ours): `set` may use
 * `#status`, `:pending` and `:sending`, plus the given values and names.
 */
function fromSending(id: string, update: string, values: Record<string, unknown>, names: Record<string, string> = {}) {
  return {
    TableName: tableName('outbox'),
    Key: { id },
    UpdateExpression: update,
    ConditionExpression: '#status = :sending',
    ExpressionAttributeNames: { '#status': 'status', ...names },
    ExpressionAttributeValues: { ':sending': 'sending', ...values },
  };
}

/** The transaction item that records a claimed mail as accepted by SES. */
export function outboxSentUpdate(id: string, now: Date, messageId: string | undefined) {
  return named(OUTBOX_CLAIM_HELD, {
    Update: fromSending(id, 'SET #status = :sent, sentAt = :now, messageId = :messageId REMOVE queue', {
      ':sent': 'sent',
      ':now': now.toISOString(),
      ':messageId': messageId ?? '',
    }),
  });
}

/** The transaction item that records a claimed item as failed for good, with the reason. */
export function outboxFailedUpdate(id: string, now: Date, reason: string) {
  return named(OUTBOX_CLAIM_HELD, {
    Update: fromSending(
      id,
      'SET #status = :failed, #error = :reason, failedAt = :now REMOVE queue',
      { ':failed': 'failed', ':now': now.toISOString(), ':reason': reason },
      { '#error': 'error' },
    ),
  });
}

/** Gives a claim back (its handling broke before any send): pending again, for the event source's retry. */
export async function releaseOutboxItem(id: string): Promise<void> {
  await written(ddb().send(new UpdateCommand(fromSending(id, 'SET #status = :pending', { ':pending': 'pending' }))));
}

/** Puts a claimed item back to pending until `retryAt` (a transient failure). */
export async function retryOutboxItemLater(id: string, retryAt: Date, reason: string): Promise<void> {
  const update = 'SET #status = :pending, retryAt = :at, dueAt = :at, lastError = :reason, failures = failures + :one';
  await ddb().send(
    new UpdateCommand(fromSending(id, update, { ':pending': 'pending', ':at': retryAt.toISOString(), ':reason': reason, ':one': 1 })),
  );
}

/** Puts a claimed back-in-stock item back to pending at its next page (a new stream record continues it). */
export async function continueBackInStock(id: string, cursor: string, queued: number, now: Date): Promise<void> {
  const update = 'SET #status = :pending, #cursor = :cursor, queued = queued + :queued, dueAt = :due';
  const values = { ':pending': 'pending', ':cursor': cursor, ':queued': queued, ':due': later(now, OUTBOX_FIRST_DUE_SECONDS) };
  await ddb().send(new UpdateCommand(fromSending(id, update, values, { '#cursor': 'cursor' })));
}

/** Records a claimed back-in-stock item as done: its share of the pending requests has its mail items. */
export async function finishBackInStock(id: string, queued: number, now: Date): Promise<void> {
  const update = 'SET #status = :sent, sentAt = :now, queued = queued + :queued REMOVE queue, #cursor';
  await ddb().send(
    new UpdateCommand(fromSending(id, update, { ':sent': 'sent', ':now': now.toISOString(), ':queued': queued }, { '#cursor': 'cursor' })),
  );
}

/** Items still to send whose `dueAt` has come (the sparse `byDue` index), oldest first, at most `limit`. */
export async function dueOutboxItems(now: Date, limit: number): Promise<OutboxItem[]> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: tableName('outbox'),
      IndexName: 'byDue',
      KeyConditionExpression: 'queue = :due AND dueAt <= :now',
      ExpressionAttributeValues: { ':due': QUEUE_DUE, ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return (Items ?? []) as OutboxItem[];
}

/**
 * Wakes an item the redrive job found due: pending again, out of backoff, with a new `dueAt` (the
 * change is a new stream record, which the consumer takes). Only if it is still as found.
 */
export async function redriveOutboxItem(item: Pick<OutboxItem, 'id' | 'dueAt'>, now: Date): Promise<boolean> {
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { id: item.id },
        UpdateExpression: 'SET #status = :pending, dueAt = :next, redrivenAt = :now REMOVE retryAt',
        ConditionExpression: 'dueAt = :seen AND queue = :due',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':next': later(now, OUTBOX_FIRST_DUE_SECONDS),
          ':now': now.toISOString(),
          ':seen': item.dueAt,
          ':due': QUEUE_DUE,
        },
      }),
    ),
  );
}
