/**
 * One open reservation per e-mail and cart: an item of the idempotency table (`reservation#<hash>`)
 * names the order that holds the pieces for that address and that cart, until the reservation's end
 * (its TTL). A second reservation with the same e-mail and cart, from another device, finds it and is
 * pointed to the reservation's e-mail instead of holding the stock twice. The key is a hash: the item
 * holds neither the address nor the cart, and nothing answers with the order it names.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/** The condition of the item's put: no open reservation holds this e-mail and cart (or only the one we found over). */
export const RESERVATION_FREE = 'reservation-free';

/** What the key is made of: the address as the customer would tell it apart (case, spaces) and the lines, in any order. */
export interface ReservationScope {
  readonly email: string;
  readonly items: readonly { readonly productId: string; readonly variantId?: string; readonly quantity: number }[];
}

/** The item's id for an e-mail and a cart. */
export function openReservationId(scope: ReservationScope): string {
  const lines = scope.items.map((item) => `${item.productId}#${item.variantId ?? ''}x${item.quantity}`).sort();
  const digest = createHash('sha256')
    .update(`${scope.email.trim().toLowerCase()}\n${lines.join('\n')}`)
    .digest('hex');
  return `reservation#${digest}`;
}

/** The order that held this e-mail and cart last, if its item is still there. */
export async function openReservationOrderId(id: string): Promise<string | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('idempotency'), Key: { id }, ConsistentRead: true }));
  return typeof Item?.orderId === 'string' ? Item.orderId : undefined;
}

/**
 * The transaction item that makes `orderId` the open reservation of `id` until `expiresAt`: only if
 * none is there, or the one there is `over` (an order seen closed, paid or run out) or past its end.
 */
export function openReservationItem(id: string, orderId: string, expiresAt: Date, now: Date, over: string | undefined) {
  const until = Math.ceil(expiresAt.getTime() / 1000);
  return named(RESERVATION_FREE, {
    Put: {
      TableName: tableName('idempotency'),
      Item: { id, orderId, expiresAt: until },
      ConditionExpression: over
        ? 'attribute_not_exists(id) OR expiresAt <= :now OR orderId = :over'
        : 'attribute_not_exists(id) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000), ...(over ? { ':over': over } : {}) },
    },
  });
}

/**
 * The transaction item that keeps `orderId` the open reservation of `id` until `expiresAt` (its deadline
 * moved: a manual method chosen after a failed automatic payment, docs/payment-switch.md): the item is
 * written whether it is there or not (the TTL may have taken it), unless another order holds it, in time.
 */
export function openReservationUntil(id: string, orderId: string, expiresAt: Date, now: Date) {
  return named(RESERVATION_FREE, {
    Update: {
      TableName: tableName('idempotency'),
      Key: { id },
      UpdateExpression: 'SET orderId = :order, expiresAt = :until',
      ConditionExpression: 'attribute_not_exists(id) OR orderId = :order OR expiresAt <= :now',
      ExpressionAttributeValues: {
        ':order': orderId,
        ':until': Math.ceil(expiresAt.getTime() / 1000),
        ':now': Math.floor(now.getTime() / 1000),
      },
    },
  });
}
