/**
 * How a product is stored in DynamoDB and read back: its listing partition, its photos, its sizes
 * (`variants` and `variantStock`) and the version the back-office edits over; one item read strongly
 * consistent.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { photoFallback, type ProductPhoto } from '#shared/photos.ts';
import { isPublicProduct, type AdminProduct, type Product, type ProductStatus } from '#shared/product.ts';
import { soleSize, totalStock, type ProductVariant } from '#shared/variants.ts';
import { ddb, tableName } from './dynamodb-client.ts';

/** Constant partition value of the listing index for products. */
export const PRODUCT_LISTING = 'product';

function toPhoto(item: Record<string, unknown>): ProductPhoto {
  return {
    id: String(item.id),
    alt: String(item.alt ?? ''),
    width: Number(item.width),
    height: Number(item.height),
    widths: (item.widths as unknown[]).map(Number),
    fallbackWidth: Number(item.fallbackWidth),
    placeholder: String(item.placeholder ?? ''),
    ...(item.share === true ? { share: true } : {}),
  };
}

/**
 * How a product keeps its sizes: `variants` (id, label, SKU, price difference, in the owner's order)
 * and `variantStock` (units per variant id), so an order's conditional update names one number and
 * the owner's reordering or renaming of sizes never touches stock; `stock` is the total, changed in
 * the same update expression as the variant's.
 */
export interface StoredVariant {
  readonly id: string;
  readonly label: string;
  readonly sku: string;
  readonly priceDeltaCents: number;
}

/** The sizes of a stored product; an item stored before sizes existed reads as one unlabelled size. */
function toVariants(item: Record<string, unknown>): ProductVariant[] {
  if (!Array.isArray(item.variants)) {
    return [soleSize(String(item.sku ?? ''), Number(item.stock ?? 0))];
  }
  const stock = (item.variantStock ?? {}) as Record<string, unknown>;
  return (item.variants as Record<string, unknown>[]).map((variant) => ({
    id: String(variant.id),
    label: String(variant.label ?? ''),
    sku: String(variant.sku ?? ''),
    stock: Number(stock[String(variant.id)] ?? 0),
    priceDeltaCents: Number(variant.priceDeltaCents ?? 0),
  }));
}

/** The storage attributes of a product's sizes (`variants`, `variantStock`, `stock`). */
export function storedVariants(variants: readonly ProductVariant[]): {
  variants: StoredVariant[];
  variantStock: Record<string, number>;
  stock: number;
} {
  return {
    variants: variants.map(({ id, label, sku, priceDeltaCents }) => ({ id, label, sku, priceDeltaCents })),
    variantStock: Object.fromEntries(variants.map((variant) => [variant.id, variant.stock])),
    stock: totalStock(variants),
  };
}

/** Strips storage attributes; the public API returns exactly the `Product` fields. */
export function toProduct(item: Record<string, unknown>): Product {
  const variants = toVariants(item);
  const photos = Array.isArray(item.photos) ? (item.photos as Record<string, unknown>[]).map(toPhoto) : [];
  const legacy = !Array.isArray(item.photos);
  return {
    id: String(item.id),
    slug: typeof item.slug === 'string' && item.slug ? item.slug : String(item.id),
    code: String(item.code ?? ''),
    sku: String(item.sku ?? ''),
    name: String(item.name ?? ''),
    description: String(item.description ?? ''),
    type: item.type as Product['type'],
    collection: String(item.collection ?? ''),
    priceCents: Number(item.priceCents),
    discountPercent: Number(item.discountPercent ?? 0),
    stock: totalStock(variants),
    variants,
    photos,
    mainImage: photos[0] ? photoFallback(photos[0]) : legacy ? String(item.mainImage ?? '') : '',
    secondaryImage: photos[1] ? photoFallback(photos[1]) : legacy ? String(item.secondaryImage ?? '') : '',
  };
}

/** The slugs a stored product had before its current one (none for a product not stored). */
export function formerSlugsOf(item: Record<string, unknown> | undefined): string[] {
  return Array.isArray(item?.formerSlugs) ? item.formerSlugs.filter((slug): slug is string => typeof slug === 'string') : [];
}

/**
 * The addresses a product had before its slug (docs/readable-addresses.md): its former slugs, and its id
 * when that is not its slug. Each answers 301 to `/product/<slug>`.
 */
export function formerAddressesOf(item: Record<string, unknown>): string[] {
  const former = formerSlugsOf(item);
  const id = String(item.id);
  return item.slug && item.slug !== id ? [...former, id] : former;
}

/** The product with its `version`; an item stored before versions existed counts as version 0. */
export function toAdminProduct(item: Record<string, unknown>): AdminProduct {
  return {
    ...toProduct(item),
    version: Number(item.version ?? 0),
    status: isPublicProduct(item) ? 'active' : (item.status as ProductStatus),
  };
}

/** One product's item as stored, read strongly consistent. */
export async function productItem(id: string): Promise<Record<string, unknown> | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item;
}
