/**
 * A checkout never holds the same pieces twice for one customer: while a reservation with this e-mail
 * and this cart is open, another one (from another device, or after the browser forgot it) is refused
 * with 409 `reservation_exists` and pointed to the reservation's e-mail, which has the order's link.
 * The answer names no order: knowing an e-mail and a cart reveals nothing more than that mail exists.
 */
import type { PlaceOrderInput } from '#shared/schemas/index.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { Conflict } from '../errors.ts';
import { openReservationId, openReservationItem, openReservationOrderId } from '../repositories/open-reservations.ts';
import { getOrderItem } from '../repositories/orders.ts';

/** What the new reservation's transaction needs: its item's id, and the order found there that is no longer open. */
export interface OpenReservationCheck {
  readonly id: string;
  readonly over?: string;
}

export const reservationExists = () => new Conflict(checkoutTexts.reservationExists, 'reservation_exists');

/** Refuses a reservation whose e-mail and cart already hold one that is still open (awaiting payment, in time). */
export async function checkOpenReservation(input: PlaceOrderInput, now: Date): Promise<OpenReservationCheck> {
  const id = openReservationId({ email: input.shipping.email, items: input.items });
  const orderId = await openReservationOrderId(id);
  if (!orderId) return { id };
  const order = await getOrderItem(orderId);
  if (order?.status === RESERVED_STATUS && order.expiresAt !== undefined && order.expiresAt > now.toISOString()) throw reservationExists();
  return { id, over: orderId };
}

/** The transaction item that makes the new reservation the open one of its e-mail and cart until it ends. */
export function openReservationWrite(check: OpenReservationCheck, orderId: string, expiresAt: string, now: Date) {
  return openReservationItem(check.id, orderId, new Date(expiresAt), now, check.over);
}
