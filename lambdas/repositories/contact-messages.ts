/** Contact messages: stored by the public form, read by the back-office newest first. */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '#shared/api.ts';
import type { ContactMessageInput } from '#shared/schemas/index.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { COUNTER, countItem } from './counters.ts';
import { customerTerm } from '#shared/order-search.ts';
import { itemsById, listingPage, type Page } from './paging.ts';
import { named, writeTransactionRetrying, type TransactionItem } from './transactions.ts';

export const CONTACT_LISTING = 'contact';
/** The condition of a new message's put: its id is free. */
const MESSAGE_ID_FREE = 'contact-message-id-free';
/** The condition of the read mark: the message is still unread. */
const MESSAGE_UNREAD = 'contact-message-unread';

export function toContactMessage(item: Record<string, unknown>): ContactMessage {
  return {
    id: String(item.id),
    name: String(item.name),
    email: String(item.email),
    phone: String(item.phone),
    subject: String(item.subject),
    message: String(item.message),
    createdAt: String(item.createdAt),
    read: item.read === true,
  };
}

/**
 * The transaction item that keeps a message under its customer's e-mail in the `orderSearch` table
 * (written with the message), for the back-office's customer view (`customerHistory`).
 */
export function contactMessageSearchItem(message: { readonly id: string; readonly email: string; readonly createdAt: string }) {
  return {
    Put: {
      TableName: tableName('orderSearch'),
      Item: { term: customerTerm(message.email), ref: `${message.createdAt}#m#${message.id}`, messageId: message.id },
    },
  };
}

/** Stores a new (unread) message and counts it unread, in one transaction with `with` (the owner's e-mail). */
export async function insertContactMessage(
  id: string,
  input: ContactMessageInput,
  now: Date,
  with_: readonly TransactionItem[] = [],
): Promise<void> {
  const put = named(MESSAGE_ID_FREE, {
    Put: {
      TableName: tableName('contactMessages'),
      Item: { id, ...input, listing: CONTACT_LISTING, createdAt: now.toISOString(), read: false },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  });
  // Kept under the customer's e-mail too, for the back-office's customer view.
  const history = contactMessageSearchItem({ id, email: input.email, createdAt: now.toISOString() });
  const result = await writeTransactionRetrying([put, countItem(COUNTER.unreadContactMessages, 1), history, ...with_], randomUUID());
  if (!result.written) throw new Error(`contact message ${id}: not stored (${result.refused(MESSAGE_ID_FREE) ? 'id taken' : 'conflicts'})`);
}

export function listContactMessages(limit: number, cursor?: string): Promise<Page<ContactMessage>> {
  return listingPage('contactMessages', CONTACT_LISTING, { limit, cursor }, toContactMessage);
}

/**
 * One message, marked read on the way (the admin opened it). Only the first reading flips it (a
 * conditional update) and takes it off the unread count, in the same transaction.
 */
export async function readContactMessage(id: string): Promise<ContactMessage | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('contactMessages'), Key: { id }, ConsistentRead: true }));
  if (!Item) return undefined;
  if (Item.read !== true) {
    const flip = named(MESSAGE_UNREAD, {
      Update: {
        TableName: tableName('contactMessages'),
        Key: { id },
        UpdateExpression: 'SET #read = :true',
        ConditionExpression: 'attribute_exists(id) AND #read = :false',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':true': true, ':false': false },
      },
    });
    const result = await writeTransactionRetrying([flip, countItem(COUNTER.unreadContactMessages, -1)], randomUUID());
    // A failed condition: another reading flipped it first (and counted it).
    if (!result.written && !result.refused(MESSAGE_UNREAD)) throw new Error(`contact message ${id}: read mark kept conflicting`);
  }
  return toContactMessage({ ...Item, read: true });
}

/** The stored messages with these ids, read consistently (a customer's GDPR erasure). */
export function contactMessageItems(ids: readonly string[]): Promise<Record<string, unknown>[]> {
  return itemsById('contactMessages', ids);
}

/**
 * The transaction items that delete a stored message past its retention period: the message (only
 * while its read mark is still the one seen, so a reading meanwhile is not miscounted), its place in
 * the customer's history, and its unread count if unread.
 */
export function deleteContactMessageItems(item: Record<string, unknown>): TransactionItem[] {
  const read = item.read === true;
  const message = {
    Delete: {
      TableName: tableName('contactMessages'),
      Key: { id: String(item.id) },
      ConditionExpression: '#read = :read',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':read': read },
    },
  };
  const { term, ref } = contactMessageSearchItem({ id: String(item.id), email: String(item.email), createdAt: String(item.createdAt) }).Put
    .Item;
  const history = { Delete: { TableName: tableName('orderSearch'), Key: { term, ref } } };
  return [message, history, ...(read ? [] : [countItem(COUNTER.unreadContactMessages, -1)])];
}
