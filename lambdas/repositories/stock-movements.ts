/**
 * The history of every product's stock: one item per change, written in the same transaction as the
 * change itself, read newest first by product.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StockActor, StockMovement, StockMovementReason } from '#shared/stock.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** The transaction item that records one stock change. */
export function stockMovementItem(
  change: { productId: string; variantId: string; delta: number; reason: StockMovementReason; actor: StockActor; note?: string },
  now: Date,
) {
  const movement: StockMovement = {
    productId: change.productId,
    variantId: change.variantId,
    movementId: `${now.toISOString()}#${randomUUID().slice(0, 8)}`,
    delta: change.delta,
    reason: change.reason,
    actor: change.actor,
    ...(change.note ? { note: change.note } : {}),
    at: now.toISOString(),
  };
  return { Put: { TableName: tableName('stockMovements'), Item: movement } };
}

/** A product's latest movements, newest first. */
export async function stockMovementsOf(productId: string, limit: number): Promise<StockMovement[]> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: tableName('stockMovements'),
      KeyConditionExpression: 'productId = :id',
      ExpressionAttributeValues: { ':id': productId },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as StockMovement[];
}

/** Whether any order ever took stock of the product (a movement whose actor is an order). */
export async function productWasOrdered(productId: string): Promise<boolean> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('stockMovements'),
        KeyConditionExpression: 'productId = :id',
        FilterExpression: '#actor.#kind = :order',
        ExpressionAttributeNames: { '#actor': 'actor', '#kind': 'kind' },
        ExpressionAttributeValues: { ':id': productId, ':order': 'order' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    if ((page.Items ?? []).length > 0) return true;
    start = page.LastEvaluatedKey;
  } while (start);
  return false;
}
