/**
 * The customer gives up their reservation (`POST /api/orders/{id}/cancel`, with the order's token):
 * while it awaits payment, it closes at once, its pieces and MB WAY slot go back, and the customer is
 * mailed that it was cancelled. A reservation already closed answers as it is (a second click); one
 * whose proof arrived, or already paid, is the shop's to cancel: 409.
 */
import type { CustomerOrderResponse } from '#shared/api.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { CLOSED_STATUS, RESERVED_STATUS } from '#shared/order-status.ts';
import { Conflict } from '../errors.ts';
import { getOrderItem, toOrder } from '../repositories/orders.ts';
import { closeOrder, CUSTOMER } from './order-lifecycle.ts';
import { orderWithToken } from './order-by-link.ts';
import { toCustomerOrder } from './customer-order.ts';
import { shopSettings } from './settings.ts';

const notCancellable = () => new Conflict(checkoutTexts.cancelNotAllowed, 'order_not_cancellable');

export async function cancelReservation(
  id: string | undefined,
  token: string | undefined,
  now = new Date(),
): Promise<CustomerOrderResponse> {
  const [order, { payments }] = await Promise.all([orderWithToken(id, token), shopSettings(now.getTime())]);
  if (order.status === CLOSED_STATUS) return { order: toCustomerOrder(toOrder(order), payments) };
  if (order.status !== RESERVED_STATUS) throw notCancellable();
  await closeOrder(order, { restock: true, reason: 'cancellation', by: CUSTOMER, cause: 'customer', text: 'cancelada pelo cliente' }, now);
  // Whether this close or another (the reservation ran out meanwhile) closed it; a proof arrived in between: 409.
  const current = await getOrderItem(order.id);
  if (current?.status !== CLOSED_STATUS) throw notCancellable();
  return { order: toCustomerOrder(toOrder(current), payments) };
}
