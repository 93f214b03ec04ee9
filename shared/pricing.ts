/**
 * Prices, discounts, cart summary and the order quote. The browser uses these for display and the
 * server, as the authority, to decide what an order costs. All amounts in cents.
 */
import { qualifiesForFreeShipping, shippingCostCents, type ShippingMethodId } from './shipping.ts';

/** Lowest product price: 0,01 €. */
export const MIN_PRICE_CENTS = 1;
/** Highest product price the product form accepts: 10 000 €. */
export const MAX_PRICE_CENTS = 1_000_000;
/** Highest discount, in whole percent. */
export const MAX_DISCOUNT_PERCENT = 90;

/** What pricing needs from a cart line: a product's price and discount and the quantity. */
export interface PriceableLine {
  /** Unit price before discount. */
  readonly priceCents: number;
  /** Whole percent, 0-90. */
  readonly discountPercent: number;
  readonly quantity: number;
}

/** The figures of one line; `T` keeps the fields of the line that was priced. */
export type PricedLine<T extends PriceableLine = PriceableLine> = T & {
  /** Unit price after discount. */
  readonly discountedUnitCents: number;
  /** priceCents × quantity, before discount. */
  readonly subtotalCents: number;
  /** What the discount takes off the line. */
  readonly discountCents: number;
  /** discountedUnitCents × quantity: what the line costs. */
  readonly totalCents: number;
};

/** The cart page summary. */
export interface CartSummary {
  /** Goods before discounts; this is what decides free shipping. */
  readonly subtotalCents: number;
  readonly discountCents: number;
  /** Goods after discounts. */
  readonly totalCents: number;
}

/** Everything an order costs. */
export interface OrderQuote<T extends PriceableLine = PriceableLine> extends CartSummary {
  readonly lines: readonly PricedLine<T>[];
  readonly shippingMethod: ShippingMethodId;
  readonly shippingCents: number;
  readonly freeShipping: boolean;
  /** Goods after discounts plus shipping: what the customer pays. */
  readonly orderTotalCents: number;
}

/**
 * What a discount takes off one unit: the percent of the price, rounded to the nearest cent
 * (halves up).
 *
 * @example
 * unitDiscountCents(1999, 15); // 300 (299.85 rounded)
 */
export function unitDiscountCents(priceCents: number, discountPercent: number): number {
  return Math.round((priceCents * discountPercent) / 100);
}

/**
 * The unit price the customer pays: price − round(price × discount / 100).
 *
 * @example
 * discountedPriceCents(1999, 15); // 1699
 * discountedPriceCents(2500, 0);  // 2500
 */
export function discountedPriceCents(priceCents: number, discountPercent: number): number {
  return priceCents - unitDiscountCents(priceCents, discountPercent);
}

/**
 * Prices one line. The discount is rounded per unit, then multiplied, so the line total always equals
 * the displayed unit price times the quantity.
 *
 * @example
 * priceLine({ priceCents: 1999, discountPercent: 15, quantity: 2 });
 * // { ..., discountedUnitCents: 1699, subtotalCents: 3998, discountCents: 600, totalCents: 3398 }
 */
export function priceLine<T extends PriceableLine>(line: T): PricedLine<T> {
  const discountedUnitCents = discountedPriceCents(line.priceCents, line.discountPercent);
  const subtotalCents = line.priceCents * line.quantity;
  const totalCents = discountedUnitCents * line.quantity;
  return { ...line, discountedUnitCents, subtotalCents, discountCents: subtotalCents - totalCents, totalCents };
}

/**
 * Subtotal (before discounts), discount and total (after discounts) of a cart.
 *
 * @example
 * summarizeCart([{ priceCents: 1000, discountPercent: 10, quantity: 3 }]);
 * // { subtotalCents: 3000, discountCents: 300, totalCents: 2700 }
 */
export function summarizeCart(lines: readonly PriceableLine[]): CartSummary {
  let subtotalCents = 0;
  let totalCents = 0;
  for (const line of lines.map(priceLine)) {
    subtotalCents += line.subtotalCents;
    totalCents += line.totalCents;
  }
  return { subtotalCents, discountCents: subtotalCents - totalCents, totalCents };
}

/**
 * The whole quote of an order: priced lines, cart summary, shipping (free when the subtotal before
 * discounts is 30 € or more) and the order total (goods after discounts plus shipping).
 *
 * @example
 * quoteOrder([{ priceCents: 2000, discountPercent: 0, quantity: 1 }], 'ctt').orderTotalCents; // 2300
 */
export function quoteOrder<T extends PriceableLine>(lines: readonly T[], shippingMethod: ShippingMethodId): OrderQuote<T> {
  const summary = summarizeCart(lines);
  const shippingCents = shippingCostCents(shippingMethod, summary.subtotalCents);
  return {
    lines: lines.map((line) => priceLine(line)),
    ...summary,
    shippingMethod,
    shippingCents,
    freeShipping: qualifiesForFreeShipping(summary.subtotalCents),
    orderTotalCents: summary.totalCents + shippingCents,
  };
}
