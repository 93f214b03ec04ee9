/**
 * The order search terms in DynamoDB (`orderSearch` table): written with the order, read one term at a
 * time, newest first (`shared/order-search.ts` decides the terms and the matching).
 */
import { BatchWriteCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage, Order } from '#shared/api.ts';
import { CUSTOMER_HISTORY_SHOWN, customerTerm, orderSearchTerms, type SearchableOrder } from '#shared/order-search.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { CONTACT_LISTING, contactMessageSearchItem, toContactMessage } from './contact-messages.ts';
import { ORDER_LISTING, toOrder } from './orders.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { InvalidInput } from '../errors.ts';
import { allOfListing, decodeCursor, encodeCursor, itemsById } from './paging.ts';

/** The sort key of an order under each of its terms: newest first, then by id. */
function refOf(order: { createdAt: string; id: string }): string {
  return `${order.createdAt}#${order.id}`;
}

/** The transaction items that put an order's search terms (with the order itself). */
export function orderSearchItems(order: SearchableOrder & { readonly id: string; readonly createdAt: string }) {
  return orderSearchTerms(order).map((term) => ({
    Put: { TableName: tableName('orderSearch'), Item: { term, ref: refOf(order), orderId: order.id } },
  }));
}

/**
 * The transaction items that delete an order's search terms except `keep` (e.g. its number's, which say
 * nothing of the customer): the terms are those `orderSearchTerms` derives from the order as it was
 * written, its customer's term included.
 */
export function orderSearchDeleteItems(
  order: SearchableOrder & { readonly id: string; readonly createdAt: string },
  keep: ReadonlySet<string> = new Set(),
) {
  return orderSearchTerms(order)
    .filter((term) => !keep.has(term))
    .map((term) => ({ Delete: { TableName: tableName('orderSearch'), Key: { term, ref: refOf(order) } } }));
}

/**
 * Every order id and contact message id kept under a customer's term, all pages (no cap: a customer's
 * own history; the GDPR erasure must find all of it).
 */
export async function customerRecordIds(email: string): Promise<{ orderIds: string[]; messageIds: string[] }> {
  return recordIdsOf(await customerTermItems(email, { consistent: true }));
}

/**
 * The items under a customer's term, newest first, all pages or the first `limit`: each names an order
 * (`orderId`) or a contact message (`messageId`).
 */
async function customerTermItems(
  email: string,
  options: { readonly limit?: number; readonly consistent?: boolean },
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const limit = options.limit ?? Infinity;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('orderSearch'),
        KeyConditionExpression: 'term = :term',
        ExpressionAttributeValues: { ':term': customerTerm(email) },
        ScanIndexForward: false,
        ...(Number.isFinite(limit) ? { Limit: limit - items.length } : {}),
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < limit);
  return items;
}

/** The order ids and message ids the items of a customer's term name. */
function recordIdsOf(items: readonly Record<string, unknown>[]): { orderIds: string[]; messageIds: string[] } {
  return {
    orderIds: items.filter((item) => typeof item.orderId === 'string').map((item) => String(item.orderId)),
    messageIds: items.filter((item) => typeof item.messageId === 'string').map((item) => String(item.messageId)),
  };
}

/** Writes the search terms of orders (and contact messages) stored before the search existed (the twin's start, `npm run recount`). */
export async function putOrderSearchTerms(
  orders: readonly Order[],
  messages: readonly Pick<ContactMessage, 'id' | 'email' | 'createdAt'>[] = [],
): Promise<void> {
  const puts = [
    ...orders.flatMap((order) => orderSearchItems(order).map((item) => ({ PutRequest: { Item: item.Put.Item } }))),
    ...messages.map((message) => ({ PutRequest: { Item: contactMessageSearchItem(message).Put.Item } })),
  ];
  for (let i = 0; i < puts.length; i += 25) {
    let pending: typeof puts | undefined = puts.slice(i, i + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await backoff(BACKOFF.unprocessedKeys, attempt);
      const answer = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName('orderSearch')]: pending } }));
      pending = answer.UnprocessedItems?.[tableName('orderSearch')] as typeof puts | undefined;
    }
  }
}

/** True when no order has search terms yet (one item read: a Scan of `Limit: 1`). */
export async function orderSearchIsEmpty(): Promise<boolean> {
  const { Items } = await ddb().send(new ScanCommand({ TableName: tableName('orderSearch'), Limit: 1 }));
  return (Items ?? []).length === 0;
}

/**
 * Gives every order its search terms when the search table is new and orders exist (a shop whose orders
 * came before the search): run by the twin's start and by `npm run recount`. Answers how many orders.
 */
export async function indexOrdersIfEmpty(): Promise<number> {
  if (!(await orderSearchIsEmpty())) return 0;
  const [orders, contactMessages] = await Promise.all([
    allOfListing('orders', ORDER_LISTING),
    allOfListing('contactMessages', CONTACT_LISTING),
  ]);
  await putOrderSearchTerms(orders.map(toOrder), contactMessages.map(toContactMessage));
  return orders.length;
}

/**
 * One page of the orders found under `term`, newest first (`limit` of them read from the term, which
 * the caller filters further), with the cursor of the next page.
 */
export async function ordersUnderTerm(
  term: string,
  limit: number,
  cursor?: string,
): Promise<{ orders: Order[]; nextCursor?: string; read: number }> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName('orderSearch'),
      KeyConditionExpression: 'term = :term',
      ExpressionAttributeValues: { ':term': term },
      ScanIndexForward: false,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: startKeyOf(term, cursor) } : {}),
    }),
  );
  const ids = (page.Items ?? []).map((item) => String(item.orderId));
  const orders = ids.length ? await recordsById('orders', ids, toOrder) : [];
  const nextCursor = encodeCursor(page.LastEvaluatedKey);
  return { orders, read: ids.length, ...(nextCursor ? { nextCursor } : {}) };
}

/** A search cursor is only good for the term it came from. */
function startKeyOf(term: string, cursor: string): Record<string, unknown> {
  const key = decodeCursor(cursor, ['term', 'ref'])!;
  if (key.term !== term) throw new InvalidInput(apiTexts.invalidCursor, { cursor: apiTexts.invalidCursor }, 'invalid_cursor');
  return key;
}

/** The records of `ids` in `table`, in that order (missing ones left out), by BatchGet (its leftovers retried). */
async function recordsById<T>(
  table: 'orders' | 'contactMessages',
  ids: readonly string[],
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  return (await itemsById(table, ids, false)).map(map);
}

/** A customer's orders and contact messages, newest first (one query of their term, then the records). */
export async function customerHistory(email: string): Promise<{ orders: Order[]; messages: ContactMessage[] }> {
  const { orderIds, messageIds } = recordIdsOf(await customerTermItems(email, { limit: CUSTOMER_HISTORY_SHOWN }));
  const [orders, messages] = await Promise.all([
    recordsById('orders', orderIds, toOrder),
    recordsById('contactMessages', messageIds, toContactMessage),
  ]);
  return { orders, messages };
}
