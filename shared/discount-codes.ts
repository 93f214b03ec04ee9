/**
 * Discount codes (docs/discount-codes.md, docs/design.md §37): the code model, its rules, and the one
 * pricing of an order with a code. The browser shows what the server answers; the server prices with
 * these functions as the authority. Integer cents throughout.
 *
 * - A code is stored upper-case; what the customer types is matched case-insensitively (`normalizeCode`).
 * - New codes refuse the look-alike characters O, 0, I and 1 (`hasLookAlikes`).
 * - A percent code takes round-half-up(percent × the eligible goods) off; an amount code its amount,
 *   never more than {@link MAX_CODE_SHARE_PERCENT} % of the eligible goods; either is spread over the
 *   eligible lines in proportion to their totals (largest remainder), so each line, each invoice line,
 *   and the total agree to the cent. A free-shipping code takes the shipping's cost off.
 * - Free shipping from 30,00 € is judged on the subtotal before any discount, product or code
 *   (`shared/shipping.ts`): a code never takes free shipping away.
 */
import { quoteOrder, type OrderQuote, type PriceableLine } from './pricing.ts';
import type { ProductType } from './product.ts';
import type { ShippingMethodId } from './shipping.ts';

export const DISCOUNT_CODE_TYPES = ['percent', 'amount', 'freeShipping'] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];

/** The most a code takes off the goods it applies to, in percent (the shop's highest product discount). */
export const MAX_CODE_SHARE_PERCENT = 90;
/** What a code may be: 3-30 upper-case letters, digits and hyphens (not first nor last). */
export const CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{1,28})[A-Z0-9]$/;
/** The characters a new code may not hold: read aloud or in a story they are confused. */
export const LOOK_ALIKES = /[O0I1]/;

/** A code as the owner defines it (the body of `POST`/`PUT /api/admin/discount-codes`, DESIGN's fixed names). */
export interface DiscountCodeFields {
  readonly code: string;
  readonly type: DiscountCodeType;
  /** `percent`: whole percent, 1-90. */
  readonly percent?: number;
  /** `amount`: cents off. */
  readonly amountCents?: number;
  /** The goods after product discounts must reach this (cents). */
  readonly minOrderCents?: number;
  /** Lisbon wall time, `YYYY-MM-DDTHH:mm`: valid from this minute on. */
  readonly startsAt?: string;
  /** Lisbon wall time, `YYYY-MM-DDTHH:mm`: valid through this minute. */
  readonly endsAt?: string;
  /** Orders that may hold the code at once or ever (uses given back when a reservation ends unpaid). */
  readonly maxUses?: number;
  /** The same per customer (e-mail, normalised as the hold caps do: `emailKey`). */
  readonly maxUsesPerCustomer?: number;
  /** Whether it also takes off pieces already discounted (default: no). */
  readonly appliesToDiscounted?: boolean;
  /** Only pieces of these collections (by name) … */
  readonly collections?: readonly string[];
  /** … or of these types; neither = every piece. */
  readonly types?: readonly ProductType[];
  readonly active: boolean;
  /** For whom ("influencer Maria"): the owner's only. */
  readonly note?: string;
}

/** A stored code: its fields and when it was made and changed. */
export interface DiscountCode extends DiscountCodeFields {
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A code in the owner's list: with its uses now (orders that hold it). */
export interface DiscountCodeView extends DiscountCode {
  readonly uses: number;
}

/** Why a code is refused: the 409 codes of DESIGN's fixed names. */
export const CODE_REFUSALS = [
  'code_unknown',
  'code_expired',
  'code_not_started',
  'code_minimum',
  'code_used_up',
  'code_not_applicable',
] as const;
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

/**
 * What the customer typed, as a code is stored: trimmed, upper-case, inner spaces dropped.
 *
 * @example normalizeCode(' maria25 ') // 'MARIA25'
 */
export function normalizeCode(typed: string): string {
  return typed.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/** Whether a code holds a look-alike character (O, 0, I, 1): new codes may not. */
export function hasLookAlikes(code: string): boolean {
  return LOOK_ALIKES.test(code);
}

/** A line a code prices: the line as priced, with the piece's collection and type. */
export interface CodeLine extends PriceableLine {
  readonly collection: string;
  readonly type: ProductType;
}

/** Whether a code takes anything off this line: the scope (collections or types) and pieces already discounted. */
export function lineEligible(code: Pick<DiscountCodeFields, 'collections' | 'types' | 'appliesToDiscounted'>, line: CodeLine): boolean {
  if (line.discountPercent > 0 && !code.appliesToDiscounted) return false;
  const collections = code.collections ?? [];
  const types = code.types ?? [];
  if (collections.length === 0 && types.length === 0) return true;
  return collections.includes(line.collection) || types.includes(line.type);
}

/**
 * The Lisbon wall time of a moment, `YYYY-MM-DDTHH:mm` (how a code's start and end are kept).
 *
 * @example lisbonMinute(new Date('2026-07-01T10:05:00Z')) // '2026-07-01T11:05'
 */
export function lisbonMinute(moment: Date): string {
  const parts = LISBON_MINUTE.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}
const LISBON_MINUTE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A wall time `YYYY-MM-DDTHH:mm` as the customer reads it: '31/12/2026 às 23:59'.
 *
 * @example wallTimeText('2026-12-31T23:59') // '31/12/2026 às 23:59'
 */
export function wallTimeText(wall: string): string {
  const [date = '', time = ''] = wall.split('T');
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} às ${time}`;
}

/** Where a code stands now, by its dates and switch (uses aside): what the owner's list says. */
export function codeTiming(
  code: Pick<DiscountCodeFields, 'active' | 'startsAt' | 'endsAt'>,
  now: Date,
): 'paused' | 'scheduled' | 'ended' | 'active' {
  if (!code.active) return 'paused';
  const minute = lisbonMinute(now);
  if (code.startsAt && minute < code.startsAt) return 'scheduled';
  if (code.endsAt && minute > code.endsAt) return 'ended';
  return 'active';
}

/** What a refusal needs to say why (the code's figures), beside its code. */
export interface CodeCheck {
  readonly refusal: CodeRefusal;
  /** `code_expired`: the end; `code_not_started`: the start (wall time); `code_minimum`: the cents. */
  readonly detail?: string | number;
}

/**
 * Why `code` cannot price `lines` at `now`, or undefined when it can (uses are counted apart, in the
 * stock's transaction). Paused reads as unknown: the customer is told nothing more than that.
 */
export function codeRefusal(code: DiscountCodeFields | undefined, lines: readonly CodeLine[], now: Date): CodeCheck | undefined {
  if (!code || !code.active) return { refusal: 'code_unknown' };
  const timing = codeTiming(code, now);
  if (timing === 'scheduled') return { refusal: 'code_not_started', detail: code.startsAt };
  if (timing === 'ended') return { refusal: 'code_expired', detail: code.endsAt };
  const goods = quoteOrder(lines, 'ctt').totalCents;
  if (code.minOrderCents && goods < code.minOrderCents) return { refusal: 'code_minimum', detail: code.minOrderCents };
  if (code.type !== 'freeShipping' && !lines.some((line) => lineEligible(code, line))) return { refusal: 'code_not_applicable' };
  return undefined;
}

/**
 * Spreads `cents` over `weights` in proportion (largest remainder; ties to the first), so the shares are
 * whole cents that add up to `cents` exactly.
 *
 * @example spreadCents(100, [1, 1, 1]) // [34, 33, 33]
 */
export function spreadCents(cents: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (cents * w) / whole);
  const shares = exact.map(Math.floor);
  let left = cents - shares.reduce((sum, s) => sum + s, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** What a code took off an order (`discount` of the order views, DESIGN's fixed names, with its type). */
export interface AppliedDiscount {
  readonly code: string;
  readonly type: DiscountCodeType;
  /** Cents off the order: off the goods, or the shipping for `freeShipping`. */
  readonly amountCents: number;
}

/** An order's quote with its code: the quote of `quoteOrder`, each line's share of the code, the total after it. */
export interface CodedQuote<T extends PriceableLine = PriceableLine> extends OrderQuote<T> {
  readonly discount?: AppliedDiscount;
  /** Per line (in order): the cents the code takes off it (0 where it does not apply). */
  readonly lineCodeCents: readonly number[];
}

/**
 * THE price of an order (every total of the shop comes from here): `quoteOrder` (product discounts,
 * shipping), then the code's discount when one is given (already checked: `codeRefusal`).
 *
 * @example
 * quoteWithCode([{ priceCents: 3480, discountPercent: 0, quantity: 1, collection: '', type: 'colar' }], 'ctt', { code: 'MARIA25', type:
 * 'percent', percent: 10, active: true }) // { …, totalCents: 3480, shippingCents: 0, discount: { code: 'MARIA25', type: 'percent',
 * amountCents: 348 }, orderTotalCents: 3132 }
 */
export function quoteWithCode<T extends CodeLine>(
  lines: readonly T[],
  shippingMethod: ShippingMethodId,
  code?: DiscountCodeFields,
): CodedQuote<T> {
  const quote = quoteOrder(lines, shippingMethod);
  if (!code) return { ...quote, lineCodeCents: lines.map(() => 0) };
  if (code.type === 'freeShipping') {
    const discount: AppliedDiscount = { code: code.code, type: code.type, amountCents: quote.shippingCents };
    return { ...quote, discount, lineCodeCents: lines.map(() => 0), orderTotalCents: quote.orderTotalCents - quote.shippingCents };
  }
  const weights = quote.lines.map((line, i) => (lineEligible(code, lines[i]!) ? line.totalCents : 0));
  const eligible = weights.reduce((sum, w) => sum + w, 0);
  const wanted = code.type === 'percent' ? Math.round((eligible * (code.percent ?? 0)) / 100) : (code.amountCents ?? 0);
  const amountCents = Math.min(wanted, Math.floor((eligible * MAX_CODE_SHARE_PERCENT) / 100));
  const lineCodeCents = spreadCents(amountCents, weights);
  return {
    ...quote,
    discount: { code: code.code, type: code.type, amountCents },
    lineCodeCents,
    orderTotalCents: quote.orderTotalCents - amountCents,
  };
}

/** `POST /api/discount-codes/check` → 200: the cart priced by the server with the code (before reserving). */
export interface CodeCheckResponse {
  readonly discount: AppliedDiscount;
  /** Goods before discounts, the products' discounts, shipping (of `shippingMethod`, CTT when none was chosen). */
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCents: number;
  readonly shippingMethod: ShippingMethodId;
  /** What the customer would pay: goods after every discount, plus shipping. */
  readonly totalCents: number;
}

/** A code and its uses as the owner's API answers it. */
export interface DiscountCodeResponse {
  readonly code: DiscountCodeView;
}
export interface DiscountCodesResponse {
  readonly codes: readonly DiscountCodeView[];
}
