/**
 * The sales view's discount codes (docs/discount-codes.md, docs/sales.md): per code, the money its orders
 * kept (paid less refunded, from their ledgers, as the rest of the view), how many of its orders are
 * sales, what the code gave away on them, and its uses in the range (every order placed with it, whatever
 * became of it: a reservation that expired counts as a use that was given back, so it is not counted).
 */
import type { Order } from './api.ts';
import { moneyOf, paidCents, refundedCents } from './ledger.ts';
import { CLOSED_STATUS } from './order-status.ts';

/** One code's return in the range. */
export interface SalesCode {
  readonly code: string;
  /** Paid less refunded of its orders. */
  readonly revenueCents: number;
  /** Its orders that kept money (sales). */
  readonly orders: number;
  /** What the code took off those sales. */
  readonly discountCents: number;
  /** Orders placed with it in the range that still hold its use (not closed unpaid). */
  readonly uses: number;
}

/** The codes of `orders`, the best return first. */
export function salesByCode(orders: readonly Order[]): SalesCode[] {
  const codes = new Map<string, { revenue: number; orders: number; discount: number; uses: number }>();
  for (const order of orders) {
    if (!order.discount) continue;
    const { ledger } = moneyOf(order);
    const paid = paidCents(ledger);
    const refunded = refundedCents(ledger);
    const kept = paid > refunded;
    // A use given back: the order closed without any money having come in.
    const givenBack = order.status === CLOSED_STATUS && paid === 0;
    const sums = codes.get(order.discount.code) ?? { revenue: 0, orders: 0, discount: 0, uses: 0 };
    codes.set(order.discount.code, {
      revenue: sums.revenue + paid - refunded,
      orders: sums.orders + (kept ? 1 : 0),
      discount: sums.discount + (kept ? order.discount.amountCents : 0),
      uses: sums.uses + (givenBack ? 0 : 1),
    });
  }
  return [...codes]
    .map(([code, s]) => ({ code, revenueCents: s.revenue, orders: s.orders, discountCents: s.discount, uses: s.uses }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.code.localeCompare(b.code));
}
