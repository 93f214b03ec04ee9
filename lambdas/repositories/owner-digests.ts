/**
 * The owner's notifications over the hour's allowance, kept for one hourly digest (docs/design.md §30):
 * one item per hour in the rate-limit table (`owner-digest#<hour start, epoch seconds>`), counting the
 * held notifications by template, removed by TTL two days later.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAIL_TEMPLATE_IDS, type MailTemplateId } from '../contracts/mail-templates.ts';
import { ddb, tableName } from './dynamodb-client.ts';

export const HOUR_SECONDS = 3600;
/** How long a digest's item is kept after its hour (TTL). */
const KEEP_SECONDS = 2 * 24 * HOUR_SECONDS;

/** The start (epoch seconds) of the clock hour `now` is in. */
export const hourStart = (now: Date) => Math.floor(now.getTime() / 1000 / HOUR_SECONDS) * HOUR_SECONDS;

const digestId = (hour: number) => `owner-digest#${hour}`;

/** One hour's held notifications: how many of each template, and whether its digest mail is queued. */
export interface OwnerDigest {
  readonly hour: number;
  readonly counts: Readonly<Partial<Record<MailTemplateId, number>>>;
  readonly queued: boolean;
}

/** The transaction item that counts one more held notification of `template` in the digest of `hour` (one number per template). */
export function ownerDigestCountItem(hour: number, template: MailTemplateId) {
  return {
    Update: {
      TableName: tableName('rateLimits'),
      Key: { id: digestId(hour) },
      UpdateExpression: 'ADD #template :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeNames: { '#template': template },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': hour + HOUR_SECONDS + KEEP_SECONDS },
    },
  };
}

/** The transaction item that marks the digest of `hour` queued, once. */
export function ownerDigestQueuedItem(hour: number) {
  return {
    Update: {
      TableName: tableName('rateLimits'),
      Key: { id: digestId(hour) },
      UpdateExpression: 'SET queued = :yes',
      ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(queued)',
      ExpressionAttributeValues: { ':yes': true },
    },
  };
}

/** The digest of `hour`, or undefined when nothing was held then. */
export async function ownerDigest(hour: number): Promise<OwnerDigest | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName('rateLimits'), Key: { id: digestId(hour) }, ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const counts = Object.fromEntries(MAIL_TEMPLATE_IDS.filter((id) => typeof Item[id] === 'number').map((id) => [id, Number(Item[id])]));
  return { hour, counts, queued: Item.queued === true };
}
