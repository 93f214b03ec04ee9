/**
 * Back-in-stock requests. The id is derived from product and e-mail, so asking twice keeps one
 * request; a request is unconfirmed until its address confirms it by the mailed link, then pending
 * (counted) until notified; once notified, a new request for the same pair starts over.
 */
import { createHash, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StockAlert } from '#shared/api.ts';
import { emailKey } from '#shared/identity-keys.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { COUNTER, countItem } from './counters.ts';
import { itemsById, listingPage, type Page } from './paging.ts';
import { named, writeTransactionRetrying, type TransactionItem, type TransactionWrite } from './transactions.ts';

export const STOCK_ALERT_LISTING = 'stock-alert';
/** The condition of a counted change of a request (`changeCounted`). */
const CHANGE = 'stock-alert-change';

/** One request per product (per size, for a piece sold in sizes) and inbox (`emailKey`: `+tags` and Gmail dots are one inbox). */
export function stockAlertId(productId: string, email: string, variantId?: string): string {
  return createHash('sha256')
    .update(`${productId}${variantId ? `#${variantId}` : ''}\n${emailKey(email)}`)
    .digest('hex')
    .slice(0, 32);
}

function toStockAlert(item: Record<string, unknown>): StockAlert {
  return {
    id: String(item.id),
    email: String(item.email),
    productId: String(item.productId),
    ...(typeof item.variantId === 'string' ? { variantId: item.variantId, size: String(item.size ?? '') } : {}),
    productName: String(item.productName),
    createdAt: String(item.createdAt),
    status: item.status === 'notified' || item.status === 'unconfirmed' ? item.status : 'pending',
    ...(item.notifiedAt ? { notifiedAt: String(item.notifiedAt) } : {}),
  };
}

/**
 * Writes `change` together with `delta` on the pending count, in one transaction: true when written,
 * false when its condition failed (nothing changed, nothing counted).
 */
async function changeCounted(change: TransactionWrite, delta: number, what: string): Promise<boolean> {
  const result = await writeTransactionRetrying([named(CHANGE, change), countItem(COUNTER.pendingStockAlerts, delta)], randomUUID());
  if (result.written) return true;
  if (result.refused(CHANGE)) return false;
  throw new Error(`stock alert: ${what} kept conflicting`);
}

/** Days an unconfirmed request waits for its address to confirm it before TTL deletes it. */
export const UNCONFIRMED_DAYS = 7;
/** The condition of a new request (`requestStockAlertItems`): no request of this pair is waiting or confirmed. */
export const STOCK_ALERT_NEW = 'stock-alert-new';

type NewStockAlert = { email: string; productId: string; productName: string; variantId?: string; size?: string };

/**
 * The transaction item that records an unconfirmed request (double opt-in, docs/email.md): written only
 * when the pair has no request, or one notified before, or one left unconfirmed past its days. A
 * request waiting for its confirmation or already confirmed fails the condition (no second mail). Not
 * counted as pending until confirmed; `expiresAt` lets TTL delete it if nobody confirms.
 */
export function newStockAlertPut(alert: NewStockAlert, tokenHash: string, now: Date) {
  const id = stockAlertId(alert.productId, alert.email, alert.variantId);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const item = {
    id,
    ...alert,
    status: 'unconfirmed',
    tokenHash,
    listing: STOCK_ALERT_LISTING,
    createdAt: now.toISOString(),
    expiresAt: nowSeconds + UNCONFIRMED_DAYS * 86_400,
  };
  return named(STOCK_ALERT_NEW, {
    Put: {
      TableName: tableName('stockAlerts'),
      Item: item,
      ConditionExpression: 'attribute_not_exists(id) OR #status = :notified OR (#status = :unconfirmed AND expiresAt < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':notified': 'notified', ':unconfirmed': 'unconfirmed', ':now': nowSeconds },
    },
  });
}

/**
 * Confirms a request whose token hash is `tokenHash` (still unconfirmed and within its days): it
 * becomes pending, counted, and stays until notified. Answers the request when confirmed now or
 * before (a second click on the link), undefined when the id or token is wrong or the request expired.
 */
export async function confirmStockAlert(id: string, tokenHash: string, now: Date): Promise<StockAlert | undefined> {
  const update = {
    Update: {
      TableName: tableName('stockAlerts'),
      Key: { id },
      UpdateExpression: 'SET #status = :pending, confirmedAt = :at REMOVE expiresAt',
      ConditionExpression: '#status = :unconfirmed AND tokenHash = :hash AND expiresAt > :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':unconfirmed': 'unconfirmed',
        ':hash': tokenHash,
        ':at': now.toISOString(),
        ':now': Math.floor(now.getTime() / 1000),
      },
    },
  };
  await changeCounted(update, 1, 'confirmation');
  const [item] = await itemsById('stockAlerts', [id]);
  return item && item.tokenHash === tokenHash && item.status !== 'unconfirmed' ? toStockAlert(item) : undefined;
}

export function listStockAlerts(limit: number, cursor?: string): Promise<Page<StockAlert>> {
  return listingPage('stockAlerts', STOCK_ALERT_LISTING, { limit, cursor }, toStockAlert);
}

/**
 * One page of a product's pending requests (at most `limit` read), from `cursor` (the `next` of the
 * page before); `next` is absent on the last page. With `variantId`, only the requests for that size
 * and those that named none (made before the piece had sizes: any size back will do).
 */
export async function pendingStockAlertsPage(
  productId: string,
  cursor: string | undefined,
  limit: number,
  variantId?: string,
): Promise<{ alerts: StockAlert[]; next?: string }> {
  const answer = await ddb().send(
    new QueryCommand({
      TableName: tableName('stockAlerts'),
      IndexName: 'byProduct',
      KeyConditionExpression: 'productId = :productId',
      FilterExpression: variantId
        ? '#status = :pending AND (attribute_not_exists(variantId) OR variantId = :variantId)'
        : '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':productId': productId, ':pending': 'pending', ...(variantId ? { ':variantId': variantId } : {}) },
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: JSON.parse(cursor) as Record<string, unknown> } : {}),
    }),
  );
  return {
    alerts: (answer.Items ?? []).map(toStockAlert),
    ...(answer.LastEvaluatedKey ? { next: JSON.stringify(answer.LastEvaluatedKey) } : {}),
  };
}

/**
 * The transaction items that mark one request notified (only while it is still the pending request
 * asked at `createdAt`) and take it off the pending count: written with its mail's "sent" record.
 */
export function stockAlertNotifiedItems(id: string, createdAt: string, now: Date): TransactionItem[] {
  const update = {
    Update: {
      TableName: tableName('stockAlerts'),
      Key: { id },
      UpdateExpression: 'SET #status = :notified, notifiedAt = :now',
      ConditionExpression: '#status = :pending AND createdAt = :createdAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':notified': 'notified', ':pending': 'pending', ':now': now.toISOString(), ':createdAt': createdAt },
    },
  };
  return [update, countItem(COUNTER.pendingStockAlerts, -1)];
}

/**
 * The stored requests of `email` for any of `products` (each with the ids of every size it ever had),
 * read consistently: a request's id is derived from product, size and e-mail (`stockAlertId`), so a
 * BatchGet of the catalogue's ids finds them all without an index by e-mail (a customer's GDPR erasure).
 */
export function stockAlertItemsOf(
  email: string,
  products: readonly { id: string; variantIds: readonly string[] }[],
): Promise<Record<string, unknown>[]> {
  const ids = products.flatMap((product) => [
    stockAlertId(product.id, email),
    ...product.variantIds.map((variantId) => stockAlertId(product.id, email, variantId)),
  ]);
  return itemsById('stockAlerts', [...new Set(ids)]);
}

/**
 * The transaction items that delete a request past its retention period (only while it is still the
 * request seen: same status, same creation), and take it off the pending count if it was pending.
 */
export function deleteStockAlertItems(item: Record<string, unknown>): TransactionItem[] {
  const pending = item.status === 'pending';
  const alert = {
    Delete: {
      TableName: tableName('stockAlerts'),
      Key: { id: String(item.id) },
      // The id is reused for a new request of the same product and e-mail: only the request seen goes.
      ConditionExpression: '#status = :status AND createdAt = :createdAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': String(item.status), ':createdAt': String(item.createdAt) },
    },
  };
  return [alert, ...(pending ? [countItem(COUNTER.pendingStockAlerts, -1)] : [])];
}
