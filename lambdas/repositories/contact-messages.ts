/** Contact messages: stored by the public form, read by the back-office newest first. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '../../shared/api.ts';
import type { ContactMessageInput } from '../../shared/schemas/index.ts';
import { ddb, tableName } from './clients.ts';
import { listingPage, type Page } from './paging.ts';

export const CONTACT_LISTING = 'contact';

function toContactMessage(item: Record<string, unknown>): ContactMessage {
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

export async function insertContactMessage(id: string, input: ContactMessageInput, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName('contactMessages'),
      Item: { id, ...input, listing: CONTACT_LISTING, createdAt: now.toISOString(), read: false },
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
}

export function listContactMessages(limit: number, cursor?: string): Promise<Page<ContactMessage>> {
  return listingPage('contactMessages', CONTACT_LISTING, { limit, cursor }, toContactMessage);
}

/** One message, marked read on the way (the admin opened it). */
export async function readContactMessage(id: string): Promise<ContactMessage | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('contactMessages'), Key: { id } }));
  if (!Item) return undefined;
  if (Item.read !== true) {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('contactMessages'),
        Key: { id },
        UpdateExpression: 'SET #read = :true',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':true': true },
      }),
    );
  }
  return toContactMessage({ ...Item, read: true });
}
