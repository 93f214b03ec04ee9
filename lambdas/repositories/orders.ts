/** Orders in DynamoDB: `id` is the order number; newest-first listing and by-status indexes. */
import { isSuspiciousClosable } from '#shared/abuse.ts';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailProblem, Order, OrderEmailRecord, OrderSummary, TimelineEntry } from '#shared/api.ts';
import { isHeldStatus, RESERVED_STATUS, type OrderStatus } from '#shared/order-status.ts';
import { ANONYMISED_FIELDS, REDACTED } from '#shared/personal-data.ts';
import { financialStatus, moneyOf, orderLedger, shownMethod, type LedgerEntry } from '#shared/ledger.ts';
import { unlessRefused, written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { queryAll, queryPage, type Page } from './paging.ts';
import { named } from './transactions.ts';
import { invoiceView, type InvoicingRecord } from '#shared/invoices.ts';

export const ORDER_LISTING = 'order';

/** The condition of an order's move: it is still in the status it moves from (`moveOrderItem`). */
export const ORDER_IN_STATUS = 'order-in-status';

/** What is stored: the order plus bookkeeping. */
export interface OrderItem extends Order {
  readonly listing: typeof ORDER_LISTING;
  readonly proofContentType?: string;
  /**
   * SHA-256 (hex) of the customer's first access token, a record of what was e-mailed; the token itself is
   * never stored. A link is checked against the keys accepted now (`services/order-access.ts`), not this.
   */
  readonly accessTokenHash: string;
  /** MB WAY orders: the month (`YYYY-MM`) whose counter the order took a slot of. */
  readonly mbwayMonth?: string;
  /**
   * While the order is held (`isHeldStatus`): the hold counters it counts on (`repositories/holds.ts`,
   * hashes of its client address, e-mail and phone keys) and its units; removed when it leaves the held statuses.
   */
  readonly holdKeys?: readonly string[];
  readonly holdUnits?: number;
  /**
   * With a discount code (docs/discount-codes.md): the counters its use was taken on (the code's, the
   * customer's of the code), given back when the order closes while still held (unpaid or unconfirmed).
   */
  readonly codeUseKeys?: readonly string[];
  /**
   * MB WAY reservations placed since unpaid holds stopped counting against the month's limits: their
   * slot is a live hold (`liveN`) until the payment arrives; older ones took a paid slot when reserved.
   */
  readonly mbwayLive?: boolean;
  /**
   * An MB WAY reservation whose proof arrived since the limits count only confirmed money: its slot is still live while the owner checks.
   */
  readonly mbwayLiveProof?: boolean;
  /** The SES events already recorded (`recordMailProblem`), so a repeated delivery records nothing. */
  readonly mailEventIds?: ReadonlySet<string>;
  /**
   * The client address the reservation came from, as one subscriber (`clientKey`: IPv4, or IPv6 /64):
   * what closing it as suspicious blocks. Kept with the order's personal data, erased by anonymisation.
   */
  readonly clientKey?: string;
  /** The invoices consumer's record (`repositories/invoices.ts`, docs/invoices.md); the views read `invoice` from it. */
  readonly invoicing?: InvoicingRecord;
  /** While invoicing work waits: the sparse `byInvoiceDue` index's partition and sort key. */
  readonly invoiceQueue?: string;
  readonly invoiceDueAt?: string;
}

export function toOrder(item: object): Order {
  const {
    listing: _listing,
    proofContentType: _type,
    accessTokenHash: _hash,
    mbwayMonth: _month,
    mailEventIds: _events,
    clientKey: _client,
    holdKeys: _keys,
    holdUnits: _units,
    codeUseKeys: _codeKeys,
    mbwayLive: _live,
    mbwayLiveProof: _liveProof,
    invoicing,
    invoiceQueue: _queue,
    invoiceDueAt: _due,
    ...order
  } = item as unknown as OrderItem;
  const timeline = order.timeline ?? [];
  // The ledger is read from the order's money facts, whatever shape it was stored in (docs/design.md §35).
  const ledger = orderLedger({ ...order, timeline });
  // The invoice as the owner sees it (docs/invoices.md): its number and link, or why it waits, and the credit notes.
  const invoice = invoiceView(invoicing, true);
  return {
    ...order,
    emails: order.emails ?? [],
    timeline,
    ledger,
    financialStatus: financialStatus(ledger),
    ...(invoice ? { invoice } : {}),
  };
}

/** The stored order with its bookkeeping (the services need the token hash and the MB WAY month). */
export async function getOrderItem(id: string): Promise<OrderItem | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('orders'), Key: { id }, ConsistentRead: true }));
  return Item as OrderItem | undefined;
}

/**
 * The transaction item that moves an order from `from` to `to` (only if it is still in `from`),
 * records the move on its timeline (then the entries of `also`, e.g. the owner's note) and sets
 * `fields` (e.g. the proof); a reservation's expiry goes, and so does its hold bookkeeping when it leaves
 * the held statuses (the caller gives the holds back in the same transaction). `requireUnexpiredAt`:
 * also require that the reservation has not expired at that time. Its condition is `ORDER_IN_STATUS`.
 */
export function moveOrderItem(
  id: string,
  move: {
    from: OrderStatus;
    to: OrderStatus;
    entry: TimelineEntry;
    also?: readonly TimelineEntry[];
    fields?: Readonly<Record<string, string | object | boolean>>;
    requireUnexpiredAt?: Date;
    /**
     * Closing an order the provider was paid for: the refund to make (`providerPayment.refundRequestedCents`), only while that payment is
     * the succeeded one and no other refund waits.
     */
    refundRequestedCents?: number;
    /** A ledger entry stored as such with the move (`ledgerRecords`: a refund made by hand). */
    ledgerRecord?: LedgerEntry;
  },
  now: Date,
) {
  const fields = Object.entries(move.fields ?? {});
  const refund = move.refundRequestedCents;
  const record = move.ledgerRecord;
  const set = [
    '#status = :to',
    'updatedAt = :now',
    'timeline = list_append(if_not_exists(timeline, :empty), :entry)',
    ...fields.map((_, i) => `#f${i} = :f${i}`),
    ...(refund === undefined ? [] : ['#pay.refundRequestedCents = :refundRequested']),
    ...(record ? ['ledgerRecords = list_append(if_not_exists(ledgerRecords, :empty), :ledgerRecord)'] : []),
  ];
  const condition = [
    '#status = :from',
    ...(move.requireUnexpiredAt ? ['expiresAt > :unexpiredAt'] : []),
    ...(refund === undefined ? [] : ['#pay.#payStatus = :succeeded', 'attribute_not_exists(#pay.refundRequestedCents)']),
  ];
  // The hold counters go with the held statuses; the client address serves only a block while the
  // order can still close as suspicious (`shared/abuse.ts`).
  const removed = [
    'expiresAt',
    ...(isHeldStatus(move.to) ? [] : ['holdKeys', 'holdUnits']),
    ...(isSuspiciousClosable(move.to) ? [] : ['clientKey']),
  ];
  return named(ORDER_IN_STATUS, {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression: `SET ${set.join(', ')} REMOVE ${removed.join(', ')}`,
      ConditionExpression: condition.join(' AND '),
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
        ...(refund === undefined ? {} : { '#pay': 'providerPayment', '#payStatus': 'status' }),
      },
      ExpressionAttributeValues: {
        ':from': move.from,
        ':to': move.to,
        ':now': now.toISOString(),
        ':empty': [],
        ':entry': [move.entry, ...(move.also ?? [])],
        ...Object.fromEntries(fields.map(([, value], i) => [`:f${i}`, value])),
        ...(move.requireUnexpiredAt ? { ':unexpiredAt': move.requireUnexpiredAt.toISOString() } : {}),
        ...(refund === undefined ? {} : { ':refundRequested': refund, ':succeeded': 'succeeded' }),
        ...(record ? { ':ledgerRecord': [record] } : {}),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/**
 * The transaction item that anonymises an order on its customer's request (GDPR erasure): the personal
 * fields take `ANONYMISED_FIELDS`, the timeline and the e-mail history become `texts` (the same entries,
 * scrubbed of the customer's data) plus `entry`, the mail problem (it names the address) goes, and
 * `anonymisedAt` is set. The lists are written whole, so only over the order as `seen`: same status and
 * e-mail, not one entry or e-mail record more (an append meanwhile fails the condition, and the caller
 * reads again), and not anonymised yet.
 */
export function anonymiseOrderItem(
  seen: Pick<OrderItem, 'id' | 'status' | 'email' | 'gift'> & {
    readonly timeline?: readonly unknown[];
    readonly emails?: readonly unknown[];
  },
  texts: { readonly timeline: readonly TimelineEntry[]; readonly emails: readonly OrderEmailRecord[] },
  entry: TimelineEntry,
  now: Date,
) {
  const fields = Object.entries(ANONYMISED_FIELDS);
  const emailName = `#p${fields.findIndex(([name]) => name === 'email')}`;
  const sameSize = (name: string, list: readonly unknown[] | undefined, value: string) =>
    list === undefined ? `attribute_not_exists(${name})` : `size(${name}) = ${value}`;
  // A gift card's message may name anyone: it goes whole (shared/personal-data.ts).
  const card = seen.gift?.message ? ', #gift.#giftMessage = :redacted' : '';
  return {
    Update: {
      TableName: tableName('orders'),
      Key: { id: seen.id },
      UpdateExpression:
        `SET ${fields.map((_, i) => `#p${i} = :p${i}`).join(', ')}, anonymisedAt = :now, ` +
        `#timeline = :timeline, #emails = :emails${card} REMOVE mailProblem, clientKey`,
      ConditionExpression: [
        'attribute_exists(id)',
        'attribute_not_exists(anonymisedAt)',
        '#status = :status',
        `${emailName} = :email`,
        sameSize('#timeline', seen.timeline, ':timelineSize'),
        sameSize('#emails', seen.emails, ':emailsSize'),
      ].join(' AND '),
      ExpressionAttributeNames: {
        '#status': 'status',
        '#timeline': 'timeline',
        '#emails': 'emails',
        ...(card ? { '#gift': 'gift', '#giftMessage': 'message' } : {}),
        ...Object.fromEntries(fields.map(([name], i) => [`#p${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map(([, value], i) => [`:p${i}`, value])),
        ':now': now.toISOString(),
        ...(card ? { ':redacted': REDACTED } : {}),
        ':timeline': [...texts.timeline, entry],
        ':emails': [...texts.emails],
        ':status': seen.status,
        ':email': seen.email,
        ...(seen.timeline !== undefined ? { ':timelineSize': seen.timeline.length } : {}),
        ...(seen.emails !== undefined ? { ':emailsSize': seen.emails.length } : {}),
      },
    },
  };
}

/** Reservations still awaiting payment whose time ran out before `now` (the by-status index). */
export async function expiredReservations(now: Date): Promise<OrderItem[]> {
  const items = await queryAll({
    TableName: tableName('orders'),
    IndexName: 'byStatus',
    KeyConditionExpression: '#status = :status',
    FilterExpression: 'expiresAt <= :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': RESERVED_STATUS, ':now': now.toISOString() },
  });
  return items as unknown as OrderItem[];
}

export function toOrderSummary(order: Order): OrderSummary {
  const { id, orderNumber, status, createdAt, country, paymentMethod, totalCents, email, firstName, lastName, gift } = order;
  const money = moneyOf(order);
  return {
    id,
    orderNumber,
    status,
    createdAt,
    country,
    paymentMethod,
    totalCents,
    email,
    firstName,
    lastName,
    ...(gift ? { gift } : {}),
    financialStatus: money.financialStatus,
    ledgerMethod: shownMethod(money.ledger, paymentMethod),
  };
}

/** The transaction item that writes a new order (only if its number is free). */
export function putOrderItem(order: OrderItem) {
  return { Put: { TableName: tableName('orders'), Item: order, ConditionExpression: 'attribute_not_exists(id)' } };
}

export async function getOrder(id: string): Promise<Order | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('orders'), Key: { id } }));
  return Item ? toOrder(Item) : undefined;
}

/**
 * The transaction item that records an e-mail's outcome on its order: in the e-mail history and, as
 * who/when/what, on the timeline. Only if the order exists.
 */
export function orderEmailOutcomeUpdate(id: string, record: OrderEmailRecord, entry: TimelineEntry) {
  return {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        'SET emails = list_append(if_not_exists(emails, :empty), :record), timeline = list_append(if_not_exists(timeline, :empty), :entry)',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeValues: { ':empty': [], ':record': [record], ':entry': [entry] },
    },
  };
}

/**
 * Records a mail problem (a hard bounce, a complaint) on its order once per `eventId`: the e-mail
 * history, the timeline and the order's `mailProblem`. False when the order does not exist, was
 * anonymised (GDPR erasure), or the event was already recorded.
 */
export async function recordMailProblem(
  id: string,
  eventId: string,
  record: OrderEmailRecord,
  entry: TimelineEntry,
  problem: MailProblem,
): Promise<boolean> {
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression:
          'SET emails = list_append(if_not_exists(emails, :empty), :record), timeline = ' +
          'list_append(if_not_exists(timeline, :empty), :entry), mailProblem = :problem ADD mailEventIds :event',
        // An anonymised order gets no address back from a late event.
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(anonymisedAt) AND NOT contains(mailEventIds, :eventId)',
        ExpressionAttributeValues: {
          ':empty': [],
          ':record': [record],
          ':entry': [entry],
          ':problem': problem,
          ':event': new Set([eventId]),
          ':eventId': eventId,
        },
      }),
    ),
  );
}

/** Appends an internal note to the order's timeline; returns the updated order (undefined if it does not exist). */
export async function appendTimeline(id: string, entry: TimelineEntry): Promise<Order | undefined> {
  const answer = await unlessRefused(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression: 'SET timeline = list_append(if_not_exists(timeline, :empty), :entry)',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':empty': [], ':entry': [entry] },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes ? toOrder(answer.Attributes) : undefined;
}

/** Newest first, optionally one status (its own index); searching is `ordersUnderTerm`'s. */
export async function listOrders(options: { status?: OrderStatus; limit: number; cursor?: string }): Promise<Page<Order>> {
  const byStatus = options.status !== undefined;
  const page = await queryPage({
    input: {
      TableName: tableName('orders'),
      IndexName: byStatus ? 'byStatus' : 'byListing',
      KeyConditionExpression: byStatus ? '#status = :key' : 'listing = :key',
      ...(byStatus ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':key': byStatus ? options.status : ORDER_LISTING },
      ScanIndexForward: false,
    },
    keyNames: byStatus ? ['id', 'status', 'createdAt'] : ['id', 'listing', 'createdAt'],
    limit: options.limit,
    cursor: options.cursor,
  });
  return { items: page.items.map(toOrder), nextCursor: page.nextCursor };
}

/** Every order created between two instants (ISO, `from` included, `to` excluded), oldest first: the listing index's key range. */
export async function ordersCreatedBetween(from: string, to: string): Promise<Order[]> {
  const items = await queryAll({
    TableName: tableName('orders'),
    IndexName: 'byListing',
    KeyConditionExpression: 'listing = :listing AND createdAt BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':listing': ORDER_LISTING, ':from': from, ':to': to },
  });
  return items.filter((item) => String(item.createdAt) < to).map(toOrder);
}
