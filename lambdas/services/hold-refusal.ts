/**
 * The words of a reservation refused by the hold caps (docs/design.md §27): what THIS customer can do,
 * from her own counted orders. Hers are the orders still held under both the e-mail and the phone she
 * typed (their hold keys, `#shared/identity-keys.ts`); an order of someone else on the same address, or
 * under only one of her contacts, is never described, so the refusal tells nothing of another's orders.
 */
import { checkoutTexts } from '#shared/messages/index.ts';
import { emailKey, phoneKey } from '#shared/identity-keys.ts';
import { PROOF_STATUS, RESERVED_STATUS } from '#shared/order-status.ts';
import type { HoldCaps } from '#shared/settings.ts';
import { Conflict } from '../errors.ts';
import { holdCounterName } from '../repositories/holds.ts';
import { customerRecordIds } from '../repositories/order-search.ts';
import { getOrderItem } from '../repositories/orders.ts';

/** How many of a customer's newest orders are read: the caps keep her held ones among the newest. */
const NEWEST = 10;

/** Her own orders that count against the caps: how many await her payment, how many a proof awaits the shop. */
export async function ownHeldOrders(email: string, phone: string): Promise<{ unpaid: number; proofs: number }> {
  const keys = [holdCounterName('email', emailKey(email)), holdCounterName('phone', phoneKey(phone))];
  const { orderIds } = await customerRecordIds(email);
  const orders = await Promise.all(orderIds.slice(0, NEWEST).map(getOrderItem));
  const own = orders.filter((order) => order && keys.every((key) => order.holdKeys?.includes(key)));
  return {
    unpaid: own.filter((order) => order?.status === RESERVED_STATUS).length,
    proofs: own.filter((order) => order?.status === PROOF_STATUS).length,
  };
}

/** The 409 `hold_limit` of a reservation over the caps, in words true for this customer. */
export async function holdLimit(shipping: { readonly email: string; readonly phone: string }, caps: HoldCaps): Promise<Conflict> {
  return new Conflict(checkoutTexts.holdLimit(await ownHeldOrders(shipping.email, shipping.phone), caps.orders, caps.units), 'hold_limit');
}
