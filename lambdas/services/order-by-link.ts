/**
 * What a customer does with an order through its link (the access token in `x-order-token`): read it,
 * and attach the proof of payment to a reservation. The cancel and the change of method
 * (`customer-cancel.ts`, `payment-switch.ts`) open the order the same way.
 */
import type { AttachProofInput } from '#shared/schemas/index.ts';
import type { CustomerOrderResponse, Order } from '#shared/api.ts';
import { apiTexts, validationTexts } from '#shared/messages/index.ts';
import { methodOffered } from '#shared/payment-methods.ts';
import { ACCESS_TOKEN_PATTERN, CLOSED_STATUS, RESERVED_STATUS } from '#shared/order-status.ts';
import { Conflict, Forbidden, InvalidInput } from '../errors.ts';
import { getOrderItem, toOrder, type OrderItem } from '../repositories/orders.ts';
import { shopSettings } from './settings.ts';
import { payReservation, SHOP } from './order-lifecycle.ts';
import { isOrderAccessToken } from './order-access.ts';
import { toCustomerOrder } from './customer-order.ts';
import { claimedProofKey, proofUsed } from './uploads.ts';
import type { ProofClaims } from './orders.ts';

const ORDER_ID = /^\d{6}$/;

/** The order, if `token` is its access token; a missing or wrong token and an unknown order get the same 403. */
export async function orderWithToken(id: string | undefined, token: string | undefined): Promise<OrderItem> {
  if (!token || !ACCESS_TOKEN_PATTERN.test(token)) throw new Forbidden(apiTexts.orderAccessDenied);
  const order = id && ORDER_ID.test(id) ? await getOrderItem(id) : undefined;
  // The token under a key accepted now (the current one, or the previous during a rotation's overlap).
  if (!order || !(await isOrderAccessToken(order.id, token))) throw new Forbidden(apiTexts.orderAccessDenied);
  return order;
}

/** GET /api/orders/{id} (header `x-order-token`): the customer's view of their order. */
export async function customerOrder(id: string | undefined, token: string | undefined): Promise<CustomerOrderResponse> {
  const [order, settings] = await Promise.all([orderWithToken(id, token), shopSettings()]);
  return { order: toCustomerOrder(toOrder(order), settings.payments) };
}

/** Why a proof cannot be attached to an order that is no longer a live reservation. */
function notAwaitingPayment(order: Order): Conflict {
  if (order.status === CLOSED_STATUS) {
    const expired = order.timeline.some((entry) => entry.kind === 'status' && entry.to === CLOSED_STATUS && entry.by === SHOP);
    return expired ? new Conflict(apiTexts.reservationExpired, 'reservation_expired') : new Conflict(apiTexts.orderClosed, 'order_closed');
  }
  return new Conflict(apiTexts.orderAlreadyPaid, 'order_already_paid');
}

/**
 * POST /api/orders/{id}/proof: the customer's proof of payment moves the reservation to
 * `Confirmar Pagamento` (`payReservation`), if it has not expired, and the proof backs no other order. Sending the same
 * proof again for the same order answers the order as it is (a double click).
 */
export async function attachProof(
  id: string | undefined,
  input: AttachProofInput,
  proofs: ProofClaims,
  now = new Date(),
): Promise<CustomerOrderResponse> {
  const [order, { payments }] = await Promise.all([orderWithToken(id, input.accessToken), shopSettings(now.getTime())]);
  const claimedKey = claimedProofKey(input.proofKey);
  if (order.status !== RESERVED_STATUS) {
    if (order.proofKey === claimedKey) return { order: toCustomerOrder(toOrder(order), payments) };
    throw notAwaitingPayment(toOrder(order));
  }
  if (!order.expiresAt || order.expiresAt <= now.toISOString()) throw new Conflict(apiTexts.reservationExpired, 'reservation_expired');
  // Another manual method than the one chosen: only one the shop offers now.
  if (input.method && input.method !== order.paymentMethod && !methodOffered(payments, input.method))
    throw new InvalidInput(validationTexts.proofMethod.invalid, { method: validationTexts.proofMethod.invalid });
  const proof = await proofs.claim(input.proofKey);
  const paid = await payReservation(order, { ...proof, ...(input.method ? { method: input.method } : {}) }, now);
  // The order holds the proof's safe copy: the original upload is no longer needed.
  if (paid.kind === 'moved') await proofs.drop(input.proofKey);
  if (paid.kind === 'proof-claimed') {
    if (paid.orderId === order.id) return customerOrder(order.id, input.accessToken);
    throw proofUsed();
  }
  if (paid.kind === 'not-moved') {
    const current = await getOrderItem(order.id);
    if (current?.status === RESERVED_STATUS) throw new Conflict(apiTexts.reservationExpired, 'reservation_expired');
    if (current?.proofKey === proof.key) return { order: toCustomerOrder(toOrder(current), payments) };
    throw current ? notAwaitingPayment(toOrder(current)) : new Conflict(apiTexts.orderChanged, 'order_changed');
  }
  return { order: toCustomerOrder(toOrder((await getOrderItem(order.id))!), payments) };
}
