/**
 * The four product types (spec §9) and how each is named on screen.
 */
import type { ProductType } from './product.ts';

/** Re-exported for convenience. @example const t: ProductType = 'pulseira'; */
export type { ProductType } from './product.ts';

/** Every type, in the order admin selects offer them. @example PRODUCT_TYPES.length // 4 */
export const PRODUCT_TYPES = ['colar', 'anel', 'brinco', 'pulseira'] as const satisfies readonly ProductType[];

/** The order of the type choices in the listing filter (spec §2). @example LISTING_FILTER_TYPES[1] // 'brinco' */
export const LISTING_FILTER_TYPES = ['colar', 'brinco', 'anel', 'pulseira'] as const satisfies readonly ProductType[];

/** How a type is named. @example PRODUCT_TYPE_INFO.colar satisfies ProductTypeInfo */
export interface ProductTypeInfo {
  /** Plural, as the listing filter and the active-filter line show it. */
  readonly listingLabel: string;
  /** Singular, as a product's type is shown. */
  readonly displayName: string;
}

/**
 * Names of each type. The listing labels follow the spec word for word (including 'Aneis').
 *
 * @example
 * PRODUCT_TYPE_INFO.colar.displayName;  // 'Fio/Colar'
 * PRODUCT_TYPE_INFO.anel.listingLabel;  // 'Aneis'
 */
export const PRODUCT_TYPE_INFO: Readonly<Record<ProductType, ProductTypeInfo>> = {
  colar: { listingLabel: 'Colares', displayName: 'Fio/Colar' },
  anel: { listingLabel: 'Aneis', displayName: 'Anel' },
  brinco: { listingLabel: 'Brincos', displayName: 'Brinco' },
  pulseira: { listingLabel: 'Pulseiras', displayName: 'Pulseira' },
};

/**
 * Type guard for product types (exact, lower case).
 *
 * @example
 * isProductType('anel');   // true
 * isProductType('Anéis');  // false
 */
export function isProductType(value: unknown): value is ProductType {
  return (PRODUCT_TYPES as readonly unknown[]).includes(value);
}
