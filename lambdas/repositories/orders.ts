/** Orders in DynamoDB: `id` is the order number; newest-first listing and by-status indexes. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Order, OrderEmailRecord, OrderSummary } from '../../shared/api.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import { ddb, tableName } from './clients.ts';
import { queryPage, type Page } from './paging.ts';

export const ORDER_LISTING = 'order';

/** What is stored: the order plus bookkeeping. */
export interface OrderItem extends Order {
  readonly listing: typeof ORDER_LISTING;
  readonly proofContentType: string;
}

export function toOrder(item: Record<string, unknown>): Order {
  const { listing: _listing, proofContentType: _type, ...order } = item as unknown as OrderItem;
  return { ...order, emails: order.emails ?? [] };
}

export function toOrderSummary(order: Order): OrderSummary {
  const { id, orderNumber, status, createdAt, country, paymentMethod, totalCents, email, firstName, lastName } = order;
  return { id, orderNumber, status, createdAt, country, paymentMethod, totalCents, email, firstName, lastName };
}

/** The transaction item that writes a new order (only if its number is free). */
export function putOrderItem(order: OrderItem) {
  return { Put: { TableName: tableName('orders'), Item: order, ConditionExpression: 'attribute_not_exists(id)' } };
}

export async function getOrder(id: string): Promise<Order | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('orders'), Key: { id } }));
  return Item ? toOrder(Item) : undefined;
}

/** Appends to the order's e-mail history; returns the updated order (undefined if it does not exist). */
export async function appendOrderEmail(id: string, record: OrderEmailRecord): Promise<Order | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression: 'SET emails = list_append(if_not_exists(emails, :empty), :record)',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':empty': [], ':record': [record] },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toOrder(Attributes) : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

export async function setOrderStatus(id: string, status: OrderStatus, now: Date): Promise<Order | undefined> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression: 'SET #status = :status, updatedAt = :now',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toOrder(Attributes) : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Newest first, optionally one status (its own index) and order numbers containing `q`. */
export async function listOrders(options: { status?: OrderStatus; q?: string; limit: number; cursor?: string }): Promise<Page<Order>> {
  const byStatus = options.status !== undefined;
  const page = await queryPage({
    input: {
      TableName: tableName('orders'),
      IndexName: byStatus ? 'byStatus' : 'byListing',
      KeyConditionExpression: byStatus ? '#status = :key' : 'listing = :key',
      ...(options.q ? { FilterExpression: 'contains(id, :q)' } : {}),
      ...(byStatus ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':key': byStatus ? options.status : ORDER_LISTING, ...(options.q ? { ':q': options.q } : {}) },
      ScanIndexForward: false,
    },
    keyNames: byStatus ? ['id', 'status', 'createdAt'] : ['id', 'listing', 'createdAt'],
    limit: options.limit,
    cursor: options.cursor,
  });
  return { items: page.items.map(toOrder), nextCursor: page.nextCursor };
}
