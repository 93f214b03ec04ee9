import type { ProductPhoto } from './photos.ts';
import type { ProductVariant } from './variants.ts';

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
  /** Units in stock over all its sizes (the sum of `variants`' stock). */
  readonly stock: number;
  /** Its sizes, in the owner's order: at least one (`shared/variants.ts`). */
  readonly variants: readonly ProductVariant[];
  /** Up to 8 processed photos, in order: the first is the main image, the second the hover image on cards. */
  readonly photos: readonly ProductPhoto[];
  /** The JPEG fallback of the first photo (`/images/...`), or '' without photos: for carts, e-mails, link previews. */
  readonly mainImage: string;
  /** The same for the second photo. */
  readonly secondaryImage: string;
}

/**
 * A product as the back-office reads it: with `version`, the number its edit form sends back so that
 * a save only goes through over the version it loaded (optimistic locking). Starts at 1; an item
 * stored before versions existed counts as 0.
 */
export interface AdminProduct extends Product {
  readonly version: number;
  /** Only `active` pieces are in the shop (its pages, the sitemap, orders); absent on old items = active. */
  readonly status: ProductStatus;
}

/**
 * Where a piece is in its life: `active` is for sale; `draft` is being prepared (not public yet);
 * `archived` is no longer sold (not public, its past orders still show it).
 */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Whether a stored product is public (a missing status, an item from before statuses, is active). */
export function isPublicProduct(item: { readonly status?: unknown }): boolean {
  return item.status === undefined || item.status === 'active';
}

export interface Collection {
  readonly id: string;
  readonly name: string;
}
