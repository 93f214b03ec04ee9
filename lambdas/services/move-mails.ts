/**
 * The mails of a lifecycle move, as its effect table says (`MOVE_EFFECTS` of `shared/order-status.ts`,
 * docs/design.md §35): built from the order as it is after the move, so each says what is true then
 * (the method that paid, what was given back). Each lifecycle move happens at most once per order, so
 * one mail id per move and kind keeps a retried transaction to one mail.
 */
import type { Order } from '#shared/api.ts';
import { CLOSED_STATUS, moveEffects, PROOF_STATUS, RESERVED_STATUS, type MoveCause, type OrderStatus } from '#shared/order-status.ts';
import type { TransactionItem } from '../repositories/transactions.ts';
import { customerMailItem, ownerNewOrderItem, ownerOrderPaidItem, type MailOptions } from './order-mail.ts';

/** The mail id's event part for a move (the names the outbox had before the table). */
function moveEvent(from: OrderStatus, to: OrderStatus, cause: MoveCause): string {
  if (to === CLOSED_STATUS) return 'closed';
  if (from === RESERVED_STATUS) return to === PROOF_STATUS ? 'paid' : cause === 'provider' ? 'provider' : 'paid-outside';
  return `move-${ORDER_MOVE_SLUG(to)}`;
}

const ORDER_MOVE_SLUG = (status: OrderStatus): string => status.toLowerCase().replace(/\s+/g, '-');

/**
 * The outbox items of the mails that follow `from → to` asked by `cause`, of `after` (the order once
 * moved). `options`: the tracking code of a shipping move.
 */
export function moveMailItems(
  after: Order,
  from: OrderStatus,
  to: OrderStatus,
  cause: MoveCause,
  now: Date,
  options: Pick<MailOptions, 'trackingCode' | 'carrier'> = {},
): TransactionItem[] {
  const event = moveEvent(from, to, cause);
  return moveEffects(from, to, cause).mails.map((mail) => {
    switch (mail) {
      case 'owner-new-order':
        return ownerNewOrderItem(after, now);
      case 'owner-order-paid':
        return ownerOrderPaidItem(after, now);
      case 'order-cancelled':
        return customerMailItem(after, mail, event, now, { expired: cause === 'expiry' });
      default:
        return customerMailItem(after, mail, event, now, options);
    }
  });
}
