/**
 * Products stored before photos or sizes existed, and their one-off migrations: old image paths become
 * photos; a product without sizes gets its one unlabelled size holding its SKU and all its stock (at
 * the twin's start, by `npm run recount`, or when such a product is about to change).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { photoFallback, type ProductPhoto } from '#shared/photos.ts';
import { soleSize } from '#shared/variants.ts';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing } from './paging.ts';
import { PRODUCT_LISTING, productItem, storedVariants } from './product-items.ts';

/**
 * The item of a product that is about to change (an order, a stock change, an edit), with its variants:
 * one stored before variants existed is given its one variant first (the migration of that one product,
 * so a shop deployed before `npm run recount` ran loses no sale and no edit). Undefined when gone.
 */
export async function itemWithVariants(item: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  let current: Record<string, unknown> | undefined = item;
  for (let attempt = 0; current && !Array.isArray(current.variants) && attempt < 10; attempt++) {
    await setDefaultVariant(String(current.id), String(current.sku ?? ''), Number(current.stock ?? 0));
    current = await productItem(String(current.id));
  }
  return current;
}

/**
 * Gives a product from before variants, as a refused condition sent it back (`old`), its one variant: true
 * when `old` was such a product (migrated now, or by someone else meanwhile), so the write can be retried.
 */
export async function giveSoleVariantFromRefusal(old: Record<string, unknown> | undefined): Promise<boolean> {
  if (!old || Array.isArray(old.variants) || typeof old.id !== 'string') return false;
  await setDefaultVariant(old.id, String(old.sku ?? ''), Number(old.stock ?? 0));
  return true;
}

/**
 * Gives a product stored before photos existed its photos (the one-off migration of old image paths),
 * only if it still has none; its version is left alone. Answers whether it was written.
 */
export async function setLegacyProductPhotos(id: string, photos: readonly ProductPhoto[]): Promise<boolean> {
  const [first, second] = photos;
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: 'SET photos = :photos, mainImage = :main, secondaryImage = :secondary',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(photos)',
        ExpressionAttributeValues: {
          ':photos': photos,
          ':main': first ? photoFallback(first) : '',
          ':secondary': second ? photoFallback(second) : '',
        },
      }),
    ),
  );
}

/** Products stored before photos existed (no `photos` attribute), with their old image paths. */
export async function productsWithoutPhotos(): Promise<{ id: string; name: string; images: string[] }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter((item) => !Array.isArray(item.photos))
    .map((item) => ({
      id: String(item.id),
      name: String(item.name ?? ''),
      images: [item.mainImage, item.secondaryImage].filter((p): p is string => typeof p === 'string' && p !== ''),
    }));
}

/** Id, SKU and stock of the products stored before sizes existed (no `variants` attribute). */
export async function productsWithoutVariants(): Promise<{ id: string; sku: string; stock: number }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter((item) => !Array.isArray(item.variants))
    .map((item) => ({ id: String(item.id), sku: String(item.sku ?? ''), stock: Number(item.stock ?? 0) }));
}

/**
 * Gives product `id` its one variant if it is still from before variants, reading it strongly consistent
 * (the listing index may still show one already done): true when this call migrated it.
 */
export async function giveSoleVariant(id: string): Promise<boolean> {
  const item = await productItem(id);
  if (!item || Array.isArray(item.variants)) return false;
  const migrated = await itemWithVariants(item);
  return Array.isArray(migrated?.variants);
}

/**
 * Gives a product stored before variants existed its one unlabelled variant, holding its SKU and all its
 * stock, only if it still has no variants and its stock is still `stock` (an order in between makes it
 * answer false: read again). Its version is left alone, so no open form breaks.
 */
export async function setDefaultVariant(id: string, sku: string, stock: number): Promise<boolean> {
  const stored = storedVariants([soleSize(sku, stock)]);
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: 'SET variants = :variants, variantStock = :variantStock',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(variants) AND stock = :stock',
        ExpressionAttributeValues: { ':variants': stored.variants, ':variantStock': stored.variantStock, ':stock': stock },
      }),
    ),
  );
}
