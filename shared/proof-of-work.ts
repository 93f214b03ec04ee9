/**
 * What a proof of work costs (docs/abuse.md, "Holding the catalogue costs"): the owner's "max number"
 * is what one unit costs while the shop is quiet. A checkout's challenge is asked for the units of its
 * cart, and costs that many times more: holding ten units takes ten units' work, where it took one
 * before. And the more of the catalogue is held by orders nobody has paid (or whose proof the owner has
 * not checked), the more every unit costs: nothing more up to {@link HELD_SHARE_FREE}, then rising
 * exponentially to {@link HELD_SHARE_TOP_FACTOR} times when everything is held. An honest customer
 * buys a piece or two while the shop is quiet (under a second on a phone, solved while the form is
 * filled); whoever holds the whole catalogue pays for every unit, and more for each one they take.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.ts';

/** The held share up to which a unit costs the owner's max number, as when nothing is held. */
export const HELD_SHARE_FREE = 0.2;
/** How many times a unit costs when every unit of the catalogue is held. */
export const HELD_SHARE_TOP_FACTOR = 64;
/** The most units one checkout can ask for (a full cart): what a challenge may cover. */
export const CHALLENGE_MAX_UNITS = MAX_CART_LINES * MAX_LINE_QUANTITY;

/** The units held unpaid (reservations and unchecked proofs) and free, as last counted. */
export interface HeldUnits {
  readonly held: number;
  readonly free: number;
}

/**
 * How many times a unit costs now, given the catalogue's held and free units.
 *
 * @example heldShareFactor({ held: 0, free: 150 }) // 1
 * @example heldShareFactor({ held: 150, free: 0 }) // 64
 */
export function heldShareFactor({ held, free }: HeldUnits): number {
  const total = Math.max(0, held) + Math.max(0, free);
  if (total === 0 || held <= 0) return 1;
  const share = Math.min(1, held / total);
  if (share <= HELD_SHARE_FREE) return 1;
  return HELD_SHARE_TOP_FACTOR ** ((share - HELD_SHARE_FREE) / (1 - HELD_SHARE_FREE));
}

/** `units` as a challenge may cover: a whole number from 1 to {@link CHALLENGE_MAX_UNITS}. */
export function challengeUnits(units: number | undefined): number {
  if (units === undefined || !Number.isFinite(units)) return 1;
  return Math.min(CHALLENGE_MAX_UNITS, Math.max(1, Math.floor(units)));
}

/**
 * The max number of a challenge for `units`, with the owner's `base` (one unit, the shop quiet) and the
 * catalogue's held units now.
 *
 * @example challengeMaxNumber(4000, 10, { held: 0, free: 150 }) // 40000
 */
export function challengeMaxNumber(base: number, units: number, heldUnits: HeldUnits): number {
  return Math.ceil(base * challengeUnits(units) * heldShareFactor(heldUnits));
}

/**
 * Whether a proof made with `maxNumber` still pays for `units` when `heldUnits` are held: at least half
 * of the price they have then (a proof solved while the shop was quieter keeps some room; one priced
 * for fewer units or a much quieter shop does not).
 */
export function proofPays(maxNumber: number, base: number, units: number, heldUnits: HeldUnits): boolean {
  return maxNumber * 2 >= challengeMaxNumber(base, units, heldUnits);
}

/**
 * The most units that may be held unpaid, of a catalogue of `total` units (held and free), for a proof
 * made with `maxNumber` to still pay for `units` ({@link proofPays}): the checkout takes its units into
 * the held count only while the count is at most this, in one conditional write, so a burst of proofs
 * solved while the shop was quiet is priced as the share rises with each reservation, not all at the
 * share before the first. `total` when it pays whatever is held; -1 when it pays at no share.
 *
 * @example heldLimit(100, 100, 1, 100) // 33: a proof at the quiet price pays up to a factor of 2, a third held
 */
export function heldLimit(maxNumber: number, base: number, units: number, total: number): number {
  const whole = Math.max(0, Math.floor(total));
  const pays = (held: number) => proofPays(maxNumber, base, units, { held, free: whole - held });
  if (!pays(0)) return -1;
  if (pays(whole)) return whole;
  // The price rises with the held count: the last count that pays, by bisection (pays(low), not pays(high)).
  let [low, high] = [0, whole];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (pays(middle)) low = middle;
    else high = middle;
  }
  return low;
}
