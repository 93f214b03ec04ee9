/**
 * The four product types and how each is named on screen.
 */
import type { ProductType } from './product.ts';

/** Re-exported for convenience. */
export type { ProductType } from './product.ts';

/** Every type, in the order admin selects offer them. */
export const PRODUCT_TYPES = ['colar', 'anel', 'brinco', 'pulseira'] as const satisfies readonly ProductType[];

/** The order of the type choices in the listing filter. */
export const LISTING_FILTER_TYPES = ['colar', 'brinco', 'anel', 'pulseira'] as const satisfies readonly ProductType[];

/** How a type is named. */
export interface ProductTypeInfo {
  /** Plural, as the listing filter and the active-filter line show it. */
  readonly listingLabel: string;
  /** Singular, as a product's type is shown. */
  readonly displayName: string;
}

/** Names of each type. The listing labels are the spec's, with the accent the spec left out ('Anéis': docs/design.md, Where we differ). */
export const PRODUCT_TYPE_INFO: Readonly<Record<ProductType, ProductTypeInfo>> = {
  colar: { listingLabel: 'Colares', displayName: 'Fio/Colar' },
  anel: { listingLabel: 'Anéis', displayName: 'Anel' },
  brinco: { listingLabel: 'Brincos', displayName: 'Brinco' },
  pulseira: { listingLabel: 'Pulseiras', displayName: 'Pulseira' },
};

/** Type guard for product types (exact, lower case). */
export function isProductType(value: unknown): value is ProductType {
  return (PRODUCT_TYPES as readonly unknown[]).includes(value);
}
