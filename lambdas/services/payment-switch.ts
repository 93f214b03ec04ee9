/**
 * `POST /api/orders/{id}/payment-method` (docs/payment-switch.md): after its automatic payment failed
 * (the MB WAY request declined or expired, a Multibanco reference not made), the customer chooses the
 * manual method she will pay with, with the order's token. Once per order: the choice is recorded (the
 * ledger's pending entry, the owner's timeline) and the reservation holds for that method's time
 * (`switchedHoldUntil`: as if chosen at checkout, docs/design.md §27). Everything else is 409, nothing
 * changed: a payment that did not fail, a second choice, a paid, closed or expired order.
 */
import type { CustomerOrderResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { apiTexts, paymentSwitchTexts as texts } from '#shared/messages/index.ts';
import { CLOSED_STATUS, RESERVED_STATUS } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { switchedHoldUntil, switchMethods } from '#shared/payment-switch.ts';
import { Conflict } from '../errors.ts';
import { getOrderItem, toOrder, type OrderItem } from '../repositories/orders.ts';
import { openReservationId } from '../repositories/open-reservations.ts';
import { recordMethodChoice } from '../repositories/payment-switch.ts';
import { toCustomerOrder } from './customer-order.ts';
import { CUSTOMER, SHOP } from './order-lifecycle.ts';
import { switchedMethodMailItem } from './order-mail.ts';
import { orderWithToken } from './order-by-link.ts';
import { shopSettings } from './settings.ts';

/** Why this order cannot take a choice now (undefined: it can); `now` decides whether its time ran out. */
function refusal(order: OrderItem, now: Date): Conflict | undefined {
  if (order.status === CLOSED_STATUS) {
    const expired = order.timeline.some((entry) => entry.kind === 'status' && entry.to === CLOSED_STATUS && entry.by === SHOP);
    return expired ? new Conflict(apiTexts.reservationExpired, 'reservation_expired') : new Conflict(apiTexts.orderClosed, 'order_closed');
  }
  if (order.status !== RESERVED_STATUS) return new Conflict(texts.paid, 'order_already_paid');
  if (!order.expiresAt || order.expiresAt <= now.toISOString()) return new Conflict(apiTexts.reservationExpired, 'reservation_expired');
  if (order.proofMethodAt && order.proofMethod)
    return new Conflict(texts.alreadyChosen(PAYMENT_METHOD_LABELS[order.proofMethod]), 'payment_method_chosen');
  if (order.providerPayment?.status !== 'failed') return new Conflict(texts.notFailed, 'payment_not_failed');
  return undefined;
}

export async function choosePaymentMethod(
  id: string | undefined,
  token: string | undefined,
  method: ProofMethod,
  now = new Date(),
): Promise<CustomerOrderResponse> {
  const [order, settings] = await Promise.all([orderWithToken(id, token), shopSettings(now.getTime())]);
  const refused = refusal(order, now);
  if (refused) throw refused;
  if (!switchMethods(settings.payments, order.providerPayment!.method).includes(method))
    throw new Conflict(texts.unavailable, 'payment_method_unavailable', { method: texts.unavailable });
  const expiresAt = switchedHoldUntil({ createdAt: order.createdAt, expiresAt: order.expiresAt! }, settings.holdMinutes, method, now);
  const entry = {
    at: now.toISOString(),
    kind: 'payment' as const,
    by: CUSTOMER,
    text: texts.timeline(PAYMENT_METHOD_LABELS[method], formatDateTime(expiresAt)),
  };
  const reservation = openReservationId({ email: order.email, items: order.lines });
  // The customer is mailed the chosen method's instructions and the new deadline (the reservation e-mail, once more).
  const chosen = toOrder({ ...order, proofMethod: method, proofMethodAt: now.toISOString(), expiresAt });
  const mail = switchedMethodMailItem(chosen, now, settings.payments);
  const written = await recordMethodChoice(order.id, { method, seenExpiresAt: order.expiresAt!, expiresAt, entry }, reservation, now, [
    mail,
  ]);
  const current = await getOrderItem(order.id);
  if (written && current) return { order: toCustomerOrder(toOrder(current), settings.payments) };
  // The order changed since it was read (another tab chose, the proof arrived, it was paid or closed): why, as it is now.
  throw (current && refusal(current, now)) ?? new Conflict(apiTexts.orderChanged, 'order_changed');
}
