/** Back-office use cases on orders: list, detail with a short-lived proof link, status, e-mails. */
import { randomUUID } from 'node:crypto';
import type { Order, OrderDetailResponse, OrdersPage } from '#shared/api.ts';
import { adminTexts, apiTexts, gdprTexts, invoiceTexts, queryValidationTexts, validationTexts } from '#shared/messages/index.ts';
import { wakeInvoicing } from '../repositories/invoices.ts';
import {
  adminNextStatuses,
  CLOSED_STATUS,
  isBeforeShipping,
  isPaidOutsideMove,
  ORDER_STATUSES,
  ORDER_STATUS_INFO,
  RESERVED_STATUS,
  type OrderStatus,
} from '#shared/order-status.ts';
import { emailApplies } from '#shared/order-emails.ts';
import { DEFAULT_CARRIER } from '#shared/tracking.ts';
import { lineSku } from '#shared/variants.ts';
import { COUNTER, getCounters } from '../repositories/counters.ts';
import type { AdminEmailRequest, OrderStatusChange, OrdersQuery } from '#shared/schemas/index.ts';
import { DEFAULT_PAGE_SIZE } from '#shared/schemas/limits.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { signedDownloadUrl } from '../repositories/signed-s3.ts';
import { appendTimeline, getOrder, getOrderItem, listOrders, toOrder, toOrderSummary, type OrderItem } from '../repositories/orders.ts';
import { ordersUnderTerm } from '../repositories/order-search.ts';
import { matchesSearch, searchPlan } from '#shared/order-search.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';
import { SHOP, closeOrder, moveOrder, payOutsideSite, type MoveResult } from './order-lifecycle.ts';
import { customerMailItem } from './order-mail.ts';
import { refundOnClose } from './close-refund.ts';

/** How long the admin's link to a proof of payment works. */
export const PROOF_LINK_SECONDS = 300;
const ORDER_ID = /^\d{6}$/;

export async function ordersPage(query: OrdersQuery): Promise<OrdersPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  if (query.q) return searchOrders(query.q, query.status, limit, query.cursor);
  const statuses: readonly OrderStatus[] = query.status ? [query.status] : ORDER_STATUSES;
  const [page, counters] = await Promise.all([
    listOrders({ status: query.status, limit, cursor: query.cursor }),
    getCounters(statuses.map((status) => COUNTER.orders(status))),
  ]);
  const total = statuses.reduce((sum, status) => sum + (counters[COUNTER.orders(status)] ?? 0), 0);
  return { orders: page.items.map(toOrderSummary), total, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** Term pages read per search request at most, while the page is not full. */
const SEARCH_ROUNDS = 5;

/**
 * The orders matching a search (`shared/order-search.ts`), newest first: the orders under the query's
 * most selective term, kept when they match every word (and the status, when one is chosen). Reads only
 * that term's items and those orders, a few pages at most per request.
 */
async function searchOrders(q: string, status: OrderStatus | undefined, limit: number, cursor: string | undefined): Promise<OrdersPage> {
  const plan = searchPlan(q);
  if (!plan) throw new InvalidInput(queryValidationTexts.pageQuery.search, { q: queryValidationTexts.pageQuery.search }, 'invalid_query');
  const found: Order[] = [];
  let next = cursor;
  for (let round = 0; round < SEARCH_ROUNDS && found.length < limit; round++) {
    const page = await ordersUnderTerm(plan.term, limit - found.length, next);
    found.push(...page.orders.filter((order) => matchesSearch(order, plan.words) && (!status || order.status === status)));
    next = page.nextCursor;
    if (!next) break;
  }
  return { orders: found.map(toOrderSummary), ...(next ? { nextCursor: next } : {}) };
}

/** The stored order of an admin route's `{id}`, or 404 `order_not_found`. */
export async function orderItemOrThrow(id: string | undefined): Promise<OrderItem> {
  const item = id && ORDER_ID.test(id) ? await getOrderItem(id) : undefined;
  if (!item) throw new NotFound(apiTexts.orderNotFound, 'order_not_found');
  return item;
}

/** The order as the back-office gets it now, read again after a write. */
export async function adminOrderNow(id: string): Promise<Order> {
  return forAdmin(await orderOrThrow(id));
}

async function orderOrThrow(id: string | undefined): Promise<Order> {
  const order = id && ORDER_ID.test(id) ? await getOrder(id) : undefined;
  if (!order) throw new NotFound(apiTexts.orderNotFound, 'order_not_found');
  return order;
}

/**
 * An order as the back-office gets it: each line's `sku` is what its packing slip prints (the size's
 * SKU, else the product's code: `lineSku`).
 */
function forAdmin(order: Order): Order {
  return { ...order, lines: order.lines.map((line) => ({ ...line, sku: lineSku(line) })) };
}

/**
 * The owner's "Tentar de novo" of a pending or refused invoice (docs/invoices.md): the order's invoicing
 * is woken now (a new stream record: the invoices consumer tries again); 409 `invoice_not_retryable`
 * when the order has no invoicing waiting, or a run is at it this moment.
 */
export async function retryOrderInvoice(id: string | undefined, by: string, now = new Date()): Promise<Order> {
  const order = await orderOrThrow(id);
  const waiting = order.invoice && (order.invoice.status !== 'issued' || order.invoice.reason);
  if (
    !waiting ||
    !(await wakeInvoicing(order.id, now.toISOString(), { at: now.toISOString(), kind: 'note', by, text: invoiceTexts.timeline.retried }))
  ) {
    throw new Conflict(invoiceTexts.notRetryable, 'invoice_not_retryable');
  }
  return forAdmin(await orderOrThrow(order.id));
}

export async function orderDetail(id: string | undefined): Promise<OrderDetailResponse> {
  const order = forAdmin(await orderOrThrow(id));
  // A proof deleted at the end of its retention period has no file left to link to.
  if (!order.proofKey || order.proofDeletedAt) return { order };
  const proofUrl = await signedDownloadUrl('proofs', order.proofKey, PROOF_LINK_SECONDS);
  return { order, proofUrl };
}

/**
 * The owner moves an order along the lifecycle (only the allowed moves, from the status the order is
 * in now; `order_changed` when another move got there first). A reservation paid outside the site
 * (`Aguarda Pagamento → Enviar`) needs `note`; a request with a note is refused (`order_changed`)
 * once the order is no longer a reservation. Closing before shipping is a cancellation that gives
 * stock and the MB WAY slot back; closing after shipping needs `restock` (did the pieces come back?).
 * Closing an order paid through the provider asks it for a refund (`refundOnClose`).
 */
export async function changeOrderStatus(id: string | undefined, change: OrderStatusChange, by: string, now = new Date()): Promise<Order> {
  const order = await orderItemOrThrow(id);
  const from = order.status;
  const to = change.status;
  // A note asks for the move of a reservation paid outside the site: it holds only while the order is
  // that reservation (the customer's proof or the expiry may have moved it meanwhile).
  if (change.note && from !== RESERVED_STATUS) throw new Conflict(apiTexts.orderChanged, 'order_changed');
  if (!adminNextStatuses(from).includes(to)) {
    const message = apiTexts.transitionNotAllowed(ORDER_STATUS_INFO[from].label, ORDER_STATUS_INFO[to].label);
    throw new Conflict(message, 'transition_not_allowed', { status: message });
  }
  const result = await moveAsAsked(order, change, by, now);
  if (result === 'status-changed') throw new Conflict(apiTexts.orderChanged, 'order_changed');
  return forAdmin(await orderOrThrow(order.id));
}

/**
 * The move itself: the lifecycle does what follows it (its mails, stock, slot and counters:
 * `MOVE_EFFECTS`); a close gives back what the owner says (`refundOnClose`).
 */
function moveAsAsked(order: OrderItem, change: OrderStatusChange, by: string, now: Date): Promise<MoveResult> {
  const from = order.status;
  const to = change.status;
  if (isPaidOutsideMove(from, to)) {
    if (!change.note) throw new InvalidInput(validationTexts.paymentNote.required, { note: validationTexts.paymentNote.required });
    return payOutsideSite(order, change.note, by, now);
  }
  if (to !== CLOSED_STATUS) {
    const tracking = change.trackingCode ? { trackingCode: change.trackingCode, carrier: change.carrier ?? DEFAULT_CARRIER } : {};
    return moveOrder(order, to, by, now, tracking);
  }
  const refund = refundOnClose(toOrder(order), change.refundCents, change.refundMethod, by, now);
  const money = { refundCents: refund.refundCents, ...(refund.manualRefund ? { manualRefund: refund.manualRefund } : {}) };
  if (isBeforeShipping(from)) {
    return closeOrder(
      order,
      { restock: true, reason: 'cancellation', by, cause: 'owner', text: `cancelada; peças devolvidas ao stock${refund.text}`, ...money },
      now,
    );
  }
  if (change.restock === undefined) throw new InvalidInput(validationTexts.restock.required, { restock: validationTexts.restock.required });
  const text = change.restock ? 'peças devolvidas ao stock' : 'encerrada sem repor o stock';
  return closeOrder(order, { restock: change.restock, reason: 'return', by, cause: 'owner', text: `${text}${refund.text}`, ...money }, now);
}

/** Adds an internal note to the order's timeline (never shown to the customer). */
export async function addOrderNote(id: string | undefined, text: string, by: string, now = new Date()): Promise<Order> {
  await orderOrThrow(id);
  const order = await appendTimeline(id!, { at: now.toISOString(), kind: 'note', by, text });
  if (!order) throw new NotFound(apiTexts.orderNotFound, 'order_not_found');
  return forAdmin(order);
}

/** Whether a closed order was closed by the shop itself because nobody paid in time. */
function expiredUnpaid(order: Order): boolean {
  return order.timeline.some((entry) => entry.kind === 'status' && entry.to === CLOSED_STATUS && entry.by === SHOP);
}

/**
 * The owner sends (or sends again) one of the order's customer e-mails, when it is true of the order
 * (409 `email_not_applicable` otherwise): it is queued in the outbox and
 * the answer does not wait for SES; the outbox records on the order when it went out or why it
 * failed. One click is one e-mail: the same `requestKey` again queues nothing.
 */
export async function sendOrderEmail(id: string | undefined, request: AdminEmailRequest, now = new Date()): Promise<Order> {
  const order = await orderOrThrow(id);
  if (order.anonymisedAt) throw new Conflict(gdprTexts.orderAnonymised, 'order_anonymised');
  // Only a mail that is true of the order now (`emailApplies`): nothing is queued otherwise.
  if (!emailApplies(request.kind, order)) {
    const message = adminTexts.emailNotApplicable[request.kind];
    throw new Conflict(message, 'email_not_applicable', { kind: message });
  }
  const options =
    request.kind === 'shipped'
      ? { trackingCode: request.trackingCode, carrier: request.carrier ?? DEFAULT_CARRIER }
      : request.kind === 'order-cancelled'
        ? { expired: expiredUnpaid(order) }
        : {};
  const item = customerMailItem(order, request.kind, `admin-${request.requestKey}`, now, options);
  // A repeated key finds its item written (the condition fails): nothing more is queued.
  await writeTransactionRetrying([item], randomUUID());
  return forAdmin(order);
}
