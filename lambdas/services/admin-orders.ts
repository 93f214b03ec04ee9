/** Back-office use cases on orders: list, detail with a short-lived proof link, status, e-mails. */
import type { Order, OrderDetailResponse, OrdersPage } from '../../shared/api.ts';
import { messages } from '../../shared/messages.ts';
import { adminNextStatuses, CLOSED_STATUS, isBeforeShipping, ORDER_STATUS_INFO } from '../../shared/order-status.ts';
import type { AdminEmailRequest, OrderStatusChange, OrdersQuery } from '../../shared/schemas/index.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/schemas/index.ts';
import { Conflict, InvalidInput, NotFound, Unavailable } from '../errors.ts';
import { signedDownloadUrl } from '../repositories/storage.ts';
import { appendTimeline, getOrder, getOrderItem, listOrders, toOrderSummary } from '../repositories/orders.ts';
import { closeOrder, moveOrder } from './order-lifecycle.ts';
import { mailCancellation, mailCustomer } from './order-mail.ts';

/** How long the admin's link to a proof of payment works. */
export const PROOF_LINK_SECONDS = 300;
const ORDER_ID = /^\d{6}$/;

export async function ordersPage(query: OrdersQuery): Promise<OrdersPage> {
  const page = await listOrders({ status: query.status, q: query.q, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor });
  return { orders: page.items.map(toOrderSummary), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

async function orderOrThrow(id: string | undefined): Promise<Order> {
  const order = id && ORDER_ID.test(id) ? await getOrder(id) : undefined;
  if (!order) throw new NotFound(messages.api.orderNotFound, 'order_not_found');
  return order;
}

export async function orderDetail(id: string | undefined): Promise<OrderDetailResponse> {
  const order = await orderOrThrow(id);
  if (!order.proofKey) return { order };
  const proofUrl = await signedDownloadUrl('proofs', order.proofKey, PROOF_LINK_SECONDS);
  return { order, proofUrl };
}

/**
 * The owner moves an order along the lifecycle (only the allowed moves, from the status the order is
 * in now). Closing before shipping is a cancellation that gives stock and the MB WAY slot back;
 * closing after shipping needs `restock` (did the pieces come back?).
 */
export async function changeOrderStatus(id: string | undefined, change: OrderStatusChange, by: string, now = new Date()): Promise<Order> {
  const order = id && ORDER_ID.test(id) ? await getOrderItem(id) : undefined;
  if (!order) throw new NotFound(messages.api.orderNotFound, 'order_not_found');
  const from = order.status;
  const to = change.status;
  if (!adminNextStatuses(from).includes(to)) {
    const message = messages.api.transitionNotAllowed(ORDER_STATUS_INFO[from].label, ORDER_STATUS_INFO[to].label);
    throw new Conflict(message, 'transition_not_allowed', { status: message });
  }
  let result;
  if (to !== CLOSED_STATUS) result = await moveOrder(order, to, by, now);
  else if (isBeforeShipping(from)) result = await closeOrder(order, { restock: true, reason: 'cancellation', by, text: 'cancelada; peças devolvidas ao stock' }, now);
  else if (change.restock === undefined) throw new InvalidInput(messages.validation.restock.required, { restock: messages.validation.restock.required });
  else {
    const text = change.restock ? 'peças devolvidas ao stock' : 'encerrada sem repor o stock';
    result = await closeOrder(order, { restock: change.restock, reason: 'return', by, text }, now);
  }
  if (result === 'status-changed') throw new Conflict(messages.api.orderChanged, 'order_changed');
  // One action per real step: confirming the payment, shipping and cancelling tell the customer.
  const moved = await orderOrThrow(order.id);
  const base = { nome: moved.firstName, numero: moved.orderNumber };
  if (to === 'Enviar') return (await mailCustomer(moved, 'payment-confirmed', base, now)).order;
  if (to === 'Enviado') {
    const trackingCode = change.trackingCode ? { rastreio: change.trackingCode } : {};
    return (await mailCustomer(moved, 'shipped', { ...base, ...trackingCode }, now, { trackingCode: change.trackingCode })).order;
  }
  if (to === CLOSED_STATUS && isBeforeShipping(from)) return (await mailCancellation(moved, false, now)).order;
  return moved;
}

/** Adds an internal note to the order's timeline (never shown to the customer). */
export async function addOrderNote(id: string | undefined, text: string, by: string, now = new Date()): Promise<Order> {
  await orderOrThrow(id);
  const order = await appendTimeline(id!, { at: now.toISOString(), kind: 'note', by, text });
  if (!order) throw new NotFound(messages.api.orderNotFound, 'order_not_found');
  return order;
}

/**
 * Sends one of the back-office e-mails and records the outcome on the order. A failure is recorded
 * too, and answered with 503 so the admin sees it and can send again.
 */
export async function sendOrderEmail(id: string | undefined, request: AdminEmailRequest, now = new Date()): Promise<Order> {
  const order = await orderOrThrow(id);
  const base = { nome: order.firstName, numero: order.orderNumber };
  const { record, order: updated } =
    request.kind === 'shipped'
      ? await mailCustomer(order, 'shipped', { ...base, rastreio: request.trackingCode }, now, { trackingCode: request.trackingCode })
      : request.kind === 'payment-confirmed'
        ? await mailCustomer(order, 'payment-confirmed', base, now)
        : await mailCustomer(order, 'review-request', { nome: order.firstName }, now);
  if (record.status === 'failed') throw new Unavailable(messages.api.mailUnavailable, 'mail_unavailable');
  return updated;
}
