/**
 * Paying by hand after a failed automatic payment (docs/payment-switch.md): when the provider's MB WAY
 * request is declined or expires (or a Multibanco reference could not be made), the customer chooses a
 * manual method on the payment page (`POST /api/orders/{id}/payment-method`), once per order, and the
 * reservation holds its pieces for that method's time. These are the rules of that choice; the server
 * applies them (`lambdas/services/payment-switch.ts`) and the pages read the outcome from the order.
 */
import type { ProviderPaymentRecord } from './automatic-payments.ts';
import { PROOF_METHODS, type ProofMethod } from './ledger.ts';
import { methodOffered } from './payment-methods.ts';
import type { HoldMinutes, PaymentSettings } from './settings.ts';

/**
 * The manual methods the customer may switch to now: those the shop offers (the owner gave what a
 * payment needs), never the method whose automatic payment failed (with the provider taking MB WAY, the
 * shop's own MB WAY numbers are not used).
 */
export function switchMethods(payments: PaymentSettings, failed: ProviderPaymentRecord['method']): ProofMethod[] {
  return PROOF_METHODS.filter((method) => method !== failed && methodOffered(payments, method));
}

/**
 * Until when a reservation holds its pieces once the customer chose `method` at `now`: that method's
 * hold counted from the reservation, as if chosen at checkout (docs/design.md §27: choosing later never
 * holds longer than choosing it then), and never more than the method's hold from now. It never ends
 * sooner than the reservation already did, unless what was left is longer than the method's hold from
 * now (a Multibanco reference's days): then that hold from now.
 *
 * @example
 * // Reserved at 10:00 with MB WAY (until 10:30), declined at 10:01, transfer chosen at 10:02 (120 min):
 * switchedHoldUntil({ createdAt: '…T10:00Z', expiresAt: '…T10:30Z' }, { mbway: 30, transferencia: 120, … }, 'transferencia', at1002);
 * // '…T12:00:00.000Z'
 */
export function switchedHoldUntil(
  order: { readonly createdAt: string; readonly expiresAt: string },
  holdMinutes: HoldMinutes,
  method: ProofMethod,
  now: Date,
): string {
  const hold = holdMinutes[method] * 60_000;
  const asAtCheckout = Date.parse(order.createdAt) + hold;
  const fromNow = now.getTime() + hold;
  const current = Date.parse(order.expiresAt);
  return new Date(Math.max(asAtCheckout, Math.min(current, fromNow))).toISOString();
}
