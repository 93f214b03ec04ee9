/**
 * Back-in-stock requests. The id is derived from product and e-mail, so asking twice keeps one
 * pending request; once notified, a new request for the same pair makes it pending again.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StockAlert } from '../../shared/api.ts';
import { ddb, tableName } from './clients.ts';
import { listingPage, queryAll, type Page } from './paging.ts';

export const STOCK_ALERT_LISTING = 'stock-alert';

export function stockAlertId(productId: string, email: string): string {
  return createHash('sha256').update(`${productId}\n${email.toLowerCase()}`).digest('hex').slice(0, 32);
}

function toStockAlert(item: Record<string, unknown>): StockAlert {
  return {
    id: String(item.id),
    email: String(item.email),
    productId: String(item.productId),
    productName: String(item.productName),
    createdAt: String(item.createdAt),
    status: item.status === 'notified' ? 'notified' : 'pending',
    ...(item.notifiedAt ? { notifiedAt: String(item.notifiedAt) } : {}),
  };
}

/** Records a pending request; a request already pending stays as it is. Returns the id. */
export async function upsertPendingStockAlert(alert: { email: string; productId: string; productName: string }, now: Date): Promise<string> {
  const id = stockAlertId(alert.productId, alert.email);
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName('stockAlerts'),
        Item: { id, ...alert, status: 'pending', listing: STOCK_ALERT_LISTING, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(id) OR #status = :notified',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':notified': 'notified' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return id;
}

export function listStockAlerts(limit: number, cursor?: string): Promise<Page<StockAlert>> {
  return listingPage('stockAlerts', STOCK_ALERT_LISTING, { limit, cursor }, toStockAlert);
}

/** Every pending request for one product (the `byProduct` index). */
export async function pendingStockAlerts(productId: string): Promise<StockAlert[]> {
  const items = await queryAll({
    TableName: tableName('stockAlerts'),
    IndexName: 'byProduct',
    KeyConditionExpression: 'productId = :productId',
    FilterExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':productId': productId, ':pending': 'pending' },
  });
  return items.map(toStockAlert);
}

/** Marks a request notified, once: a second caller finds it already notified and gets false. */
export async function markStockAlertNotified(id: string, now: Date): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('stockAlerts'),
        Key: { id },
        UpdateExpression: 'SET #status = :notified, notifiedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':notified': 'notified', ':pending': 'pending', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives a claimed request back (its e-mail could not be sent). */
export async function reopenStockAlert(id: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('stockAlerts'),
      Key: { id },
      UpdateExpression: 'SET #status = :pending REMOVE notifiedAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    }),
  );
}
