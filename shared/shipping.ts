/**
 * Shipping methods and their cost. Pricing of a whole order is in `pricing.ts`.
 */

/** Ids of the shipping methods, in the order the shipping form offers them. */
export const SHIPPING_METHOD_IDS = ['ctt', 'ctt-expresso'] as const;

/** A shipping method id. */
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

/** What the customer reads about a method and what it costs below the free-shipping threshold. */
export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly label: string;
  readonly description: string;
  readonly costCents: number;
  readonly tracked: boolean;
}

/** The two CTT services. */
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

/** Shipping is free from this cart subtotal (before discounts) on, inclusive (docs/design.md §26): 2999 pays, 3000 is free. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 3000;

/** Type guard for shipping method ids. */
export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return (SHIPPING_METHOD_IDS as readonly unknown[]).includes(value);
}

/**
 * Whether a cart with this subtotal (before discounts, in cents) ships for free.
 *
 * @example
 * qualifiesForFreeShipping(2999); // false
 * qualifiesForFreeShipping(3000); // true
 */
export function qualifiesForFreeShipping(subtotalCents: number): boolean {
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS;
}

/**
 * What shipping costs for a cart with this subtotal (before discounts, in cents).
 *
 * @example
 * shippingCostCents('ctt', 2500);          // 300
 * shippingCostCents('ctt-expresso', 3000); // 0
 */
export function shippingCostCents(method: ShippingMethodId, subtotalCents: number): number {
  return qualifiesForFreeShipping(subtotalCents) ? 0 : SHIPPING_METHODS[method].costCents;
}

/**
 * The CTT page that follows a parcel by its code (e.g. `RR123456785PT`), for "A minha encomenda".
 *
 * @example cttTrackingUrl('RR123456785PT') // 'https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=RR123456785PT&SearchInput=RR123456785PT&IsFromPublicArea=true'
 */
export function cttTrackingUrl(code: string): string {
  const object = encodeURIComponent(code.trim());
  return `https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=${object}&SearchInput=${object}&IsFromPublicArea=true`;
}
