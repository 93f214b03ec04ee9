/**
 * Shipping methods and their cost (spec §9, DESIGN.md "Money and rules"). Pricing of a whole order
 * is in `pricing.ts`, which re-exports these names.
 */

/** Ids of the shipping methods, in the order the shipping form offers them. @example SHIPPING_METHOD_IDS[0] // 'ctt' */
export const SHIPPING_METHOD_IDS = ['ctt', 'ctt-expresso'] as const;

/** A shipping method id. @example const m: ShippingMethodId = 'ctt-expresso'; */
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

/** What the customer reads about a method and what it costs below the free-shipping threshold. @example SHIPPING_METHODS.ctt satisfies ShippingMethod */
export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly label: string;
  readonly description: string;
  readonly costCents: number;
  readonly tracked: boolean;
}

/**
 * The two CTT services.
 *
 * @example
 * SHIPPING_METHODS['ctt-expresso'].costCents; // 500
 */
export const SHIPPING_METHODS: Readonly<Record<ShippingMethodId, ShippingMethod>> = {
  ctt: {
    id: 'ctt',
    label: 'CTT',
    description: 'Correio normal, sem seguimento: 3 a 5 dias úteis.',
    costCents: 300,
    tracked: false,
  },
  'ctt-expresso': {
    id: 'ctt-expresso',
    label: 'CTT Expresso',
    description: 'Correio registado, com seguimento.',
    costCents: 500,
    tracked: true,
  },
};

/**
 * Shipping is free when the cart subtotal (before discounts) is ABOVE this: 3000 pays, 3001 is free.
 *
 * @example
 * 3001 > FREE_SHIPPING_THRESHOLD_CENTS; // true: free shipping
 */
export const FREE_SHIPPING_THRESHOLD_CENTS = 3000;

/**
 * Type guard for shipping method ids.
 *
 * @example
 * isShippingMethodId('ctt'); // true
 * isShippingMethodId('dhl'); // false
 */
export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return (SHIPPING_METHOD_IDS as readonly unknown[]).includes(value);
}

/**
 * Whether a cart with this subtotal (before discounts, in cents) ships for free.
 *
 * @example
 * qualifiesForFreeShipping(3000); // false
 * qualifiesForFreeShipping(3001); // true
 */
export function qualifiesForFreeShipping(subtotalCents: number): boolean {
  return subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS;
}

/**
 * What shipping costs for a cart with this subtotal (before discounts, in cents).
 *
 * @example
 * shippingCostCents('ctt', 2500);          // 300
 * shippingCostCents('ctt-expresso', 3001); // 0
 */
export function shippingCostCents(method: ShippingMethodId, subtotalCents: number): number {
  return qualifiesForFreeShipping(subtotalCents) ? 0 : SHIPPING_METHODS[method].costCents;
}
