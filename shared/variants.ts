/**
 * Sizes (variants): every product is sold as one or more variants, each with its own label ("45 cm",
 * "14"), SKU, stock and an optional price difference. A product with one variant whose label is ''
 * looks and behaves as a product without sizes: no selector, its SKU is the product's.
 *
 * Stock, reservations, movements, cart and order lines and back-in-stock requests all name the
 * variant; the product's `stock` is the sum of its variants' stock (a card says "Esgotado" only when
 * every size is out).
 */

/** The id of the one variant every product stored before sizes existed gets (the migration's). */
export const DEFAULT_VARIANT_ID = 'unico';

/** Variant ids: short, lowercase letters and digits (server-made: `v` + 8 hex, or the default's). */
export const VARIANT_ID_PATTERN = /^[a-z0-9]{1,16}$/;

/** Most sizes of one product (rings 10-24, every length of a chain...). */
export const MAX_VARIANTS = 20;

/** Longest size label ("45 cm", "14", "M"). */
export const MAX_VARIANT_LABEL = 20;

export interface ProductVariant {
  readonly id: string;
  /** What the customer chooses ("45 cm", "14"); '' only for the one variant of a product without sizes. */
  readonly label: string;
  readonly sku: string;
  readonly stock: number;
  /** Added to the product's price for this size (cents, 0 or more). */
  readonly priceDeltaCents: number;
}

/** What a variant needs of its product to be priced and named. */
interface WithVariants {
  readonly priceCents: number;
  readonly variants: readonly ProductVariant[];
}

/** Whether the customer has a size to choose (more than one variant, or one with a label). */
export function hasSizes(product: Pick<WithVariants, 'variants'>): boolean {
  return product.variants.length > 1 || (product.variants[0]?.label ?? '') !== '';
}

/** A variant's unit price before discount, in cents. */
export function variantPriceCents(product: Pick<WithVariants, 'priceCents'>, variant: Pick<ProductVariant, 'priceDeltaCents'>): number {
  return product.priceCents + variant.priceDeltaCents;
}

/**
 * The variant a cart or order line means: the one with `variantId`, or, when no id is given (a cart
 * kept before sizes existed), the product's only variant. Undefined when the id is unknown, or when
 * none is given and the customer must choose a size.
 */
export function lineVariant<V extends Pick<ProductVariant, 'id'>>(
  product: { readonly variants: readonly V[] },
  variantId: string | undefined,
): V | undefined {
  if (variantId === undefined) return product.variants.length === 1 ? product.variants[0] : undefined;
  return product.variants.find((variant) => variant.id === variantId);
}

/** The sum of the variants' stock (the product's `stock`). */
export function totalStock(variants: readonly Pick<ProductVariant, 'stock'>[]): number {
  return variants.reduce((sum, variant) => sum + variant.stock, 0);
}

/** The one unlabelled size of a piece without sizes: its SKU and all its stock (`id`: the default's unless it kept another). */
export function soleSize(sku: string, stock: number, id: string = DEFAULT_VARIANT_ID): ProductVariant {
  return { id, label: '', sku, stock, priceDeltaCents: 0 };
}

/**
 * A product as an answer gave it, with its sizes: an answer cached from before sizes existed (the edge
 * keeps catalogue answers a minute) has none, and reads as one unlabelled size holding its stock and SKU.
 */
export function withSizes<P extends { readonly sku: string; readonly stock: number; readonly variants?: readonly ProductVariant[] }>(
  product: P,
): P & { readonly variants: readonly ProductVariant[] } {
  return Array.isArray(product.variants)
    ? (product as P & { variants: readonly ProductVariant[] })
    : { ...product, variants: [soleSize(product.sku, product.stock)] };
}

/** The name of a line for e-mails, the order page and packing slips: "Anel Lua — 14", or the name alone. */
export function nameWithSize(name: string, size: string | undefined): string {
  return size ? `${name} — ${size}` : name;
}

/**
 * What identifies a line's piece on the owner's papers: the SKU of the size ordered, or the product's
 * code when it has none. The order's page (`GET /api/admin/orders/{id}` answers it in `sku`) and the
 * packing slip print the same.
 *
 * @example lineSku({ sku: '', code: 'AN-LUA' }) // 'AN-LUA'
 */
export function lineSku(line: { readonly sku?: string; readonly code: string }): string {
  return line.sku || line.code;
}
