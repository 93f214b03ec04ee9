/**
 * The product as the public API returns it and the browser uses it. Money in integer euro cents.
 */
export type ProductType = 'colar' | 'anel' | 'brinco' | 'pulseira';

export interface Product {
  readonly id: string;
  readonly code: string;
  readonly sku: string;
  readonly name: string;
  readonly description: string;
  readonly type: ProductType;
  /** Collection name, or '' when the piece belongs to none. */
  readonly collection: string;
  /** Price before discount, in cents. */
  readonly priceCents: number;
  /** Whole percent, 0-90. */
  readonly discountPercent: number;
  readonly stock: number;
  /** Same-origin image path (`/images/...`) or ''. */
  readonly mainImage: string;
  readonly secondaryImage: string;
}

export interface Collection {
  readonly id: string;
  readonly name: string;
}
