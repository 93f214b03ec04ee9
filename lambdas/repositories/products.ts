/**
 * Products in DynamoDB. The catalogue is read through the `byListing` index (a query, newest first),
 * never with a scan.
 *
 * Stock changes only by a delta (`./product-stock.ts`); the edit of a product's other fields never
 * touches stock and is conditioned on the `version` the form loaded. How an item is stored:
 * `./product-items.ts`; products from before photos or sizes: `./legacy-products.ts`.
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { photoFallback, type ProductPhoto } from '#shared/photos.ts';
import { isPublicProduct, type AdminProduct, type Product } from '#shared/product.ts';
import { hasSizes, soleSize, type ProductVariant } from '#shared/variants.ts';
import { isConditionRefused } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { itemWithVariants } from './legacy-products.ts';
import { allOfListing, queryAll } from './paging.ts';
import { PRODUCT_LISTING, productItem, storedVariants, toAdminProduct, toProduct, type StoredVariant } from './product-items.ts';
import { slugClaimRemoval } from './product-slugs.ts';
import { variantStockOf } from './product-stock.ts';
import { named, writeTransactionRetrying } from './transactions.ts';

/**
 * A product with these photos, its `mainImage` and `secondaryImage` derived from them (the JPEG
 * fallbacks of the first two). Without photos, an item stored before photos existed keeps its old
 * image paths until the twin's bootstrap migrates it (`migrateLegacyPhotos`).
 */
export function withPhotos<
  T extends Omit<SeedProduct, 'photos' | 'mainImage' | 'secondaryImage'> & Partial<Pick<Product, 'mainImage' | 'secondaryImage'>>,
>(product: T, photos: readonly ProductPhoto[]): T & Pick<Product, 'photos' | 'mainImage' | 'secondaryImage'> {
  const [first, second] = photos;
  return {
    ...product,
    photos,
    mainImage: first ? photoFallback(first) : photos.length === 0 && 'photos' in product ? '' : (product.mainImage ?? ''),
    secondaryImage: second ? photoFallback(second) : photos.length === 0 && 'photos' in product ? '' : (product.secondaryImage ?? ''),
  };
}

/** Every public (active) product, newest first: drafts and archived pieces are never in the shop. */
export async function listProducts(): Promise<Product[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first')).filter(isPublicProduct).map(toProduct);
}

/** Address (slug) and last change (ISO) of every product the shop shows, for the sitemap's `lastmod`. */
export async function publicProductDates(): Promise<{ slug: string; updatedAt: string }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter(isPublicProduct)
    .map((item) => ({ slug: toProduct(item).slug, updatedAt: String(item.updatedAt ?? item.createdAt ?? '') }));
}

/**
 * The id of every product with the ids of every variant it ever had (the keys of `variantStock`, which a
 * removed variant keeps): what a customer's requests per variant are found by.
 */
export async function allProductVariantIds(): Promise<{ id: string; variantIds: string[] }[]> {
  const items = await queryAll({
    TableName: tableName('products'),
    IndexName: 'byListing',
    KeyConditionExpression: 'listing = :listing',
    ExpressionAttributeValues: { ':listing': PRODUCT_LISTING },
    ProjectionExpression: 'id, variantStock',
  });
  return items.map((item) => ({ id: String(item.id), variantIds: Object.keys((item.variantStock ?? {}) as Record<string, unknown>) }));
}

/** Every product with its version, newest first (the back-office list). */
export async function listAdminProducts(): Promise<AdminProduct[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first')).map(toAdminProduct);
}

/**
 * One product with its version, read strongly consistent (what the back-office edits and adjusts
 * from). `forChange`: it is about to change, so one stored before sizes gets its size first (a
 * function that only reads has no grant to write).
 */
export async function getAdminProduct(id: string, forChange = false): Promise<AdminProduct | undefined> {
  const item = await productItem(id);
  const current = item && forChange ? await itemWithVariants(item) : item;
  return current ? toAdminProduct(current) : undefined;
}

/** One public (active) product; a draft or an archived piece is as good as missing. */
export async function getProduct(id: string): Promise<Product | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id } }));
  return Item && isPublicProduct(Item) ? toProduct(Item) : undefined;
}

/** Several products by id, read strongly consistent (what an order is priced from). */
export async function getProductsConsistent(ids: readonly string[]): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  // Two sizes of one product are one key: a batch names a key once.
  let keys: Record<string, unknown>[] = [...new Set(ids)].map((id) => ({ id }));
  for (let round = 0; keys.length && round < 5; round++) {
    const result = await ddb().send(
      new BatchGetCommand({ RequestItems: { [tableName('products')]: { Keys: keys, ConsistentRead: true } } }),
    );
    // Only pieces for sale can be ordered: a draft or an archived one is as good as missing.
    for (const read of result.Responses?.[tableName('products')] ?? []) {
      const item = await itemWithVariants(read);
      if (item && isPublicProduct(item)) found.set(String(item.id), toProduct(item));
    }
    keys = (result.UnprocessedKeys?.[tableName('products')]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
}

/** Ids of the products that carry `code` (the `byCode` index). */
export async function productIdsWithCode(code: string): Promise<string[]> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: tableName('products'),
      IndexName: 'byCode',
      KeyConditionExpression: 'code = :code',
      ExpressionAttributeValues: { ':code': code },
    }),
  );
  return (Items ?? []).map((item) => String(item.id));
}

/** The transaction item that creates a product (version 1) with its initial stock; never overwrites one. */
export function newProductItem(product: Product, now: Date) {
  return {
    Put: {
      TableName: tableName('products'),
      Item: {
        ...product,
        ...storedVariants(product.variants),
        formerSlugs: [],
        version: 1,
        listing: PRODUCT_LISTING,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/**
 * The fields of a product an edit writes: everything but its id, its stock and its sizes; its slug
 * follows its name, its former slugs keep answering (docs/readable-addresses.md).
 */
export type ProductFields = Omit<AdminProduct, 'id' | 'stock' | 'version' | 'variants'> & { readonly formerSlugs: readonly string[] };
const EDITABLE_FIELDS = [
  'code',
  'sku',
  'name',
  'description',
  'type',
  'collection',
  'priceCents',
  'discountPercent',
  'photos',
  'mainImage',
  'secondaryImage',
  'status',
  'slug',
  'formerSlugs',
] as const satisfies readonly (keyof ProductFields)[];

/**
 * What an edit does to the variants: the new list (ids given), the variants it adds (their stock starts at
 * 0, only if the id is new) and the ones it drops (only while their stock is 0: units in stock are
 * never dropped by a form).
 */
export interface VariantsChange {
  readonly variants: readonly StoredVariant[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

export type FieldsUpdate =
  | { readonly kind: 'updated'; readonly product: AdminProduct }
  | { readonly kind: 'stale'; readonly version: number }
  | { readonly kind: 'missing' }
  /** A size the edit drops has units in stock (an order given back meanwhile, or a form that did not know). */
  | { readonly kind: 'variant_in_stock'; readonly variantId: string; readonly stock: number };

/**
 * Writes a product's editable fields and its sizes' list (never a stock figure) and increments its
 * version, only if the stored version is still `expectedVersion` (0 = an item stored before versions
 * existed). Answers the product as saved, or the version it has now, or that it does not exist, or
 * the dropped size that still has stock.
 */
export async function updateProductFields(
  id: string,
  fields: ProductFields,
  change: VariantsChange,
  expectedVersion: number,
  now: Date,
): Promise<FieldsUpdate> {
  const values: Record<string, unknown> = {
    ...Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, fields[name]])),
    variants: change.variants,
    updatedAt: now.toISOString(),
  };
  const names = Object.keys(values);
  const added = change.added.map((variantId, index) => ({ name: `#a${index}`, variantId }));
  const removed = change.removed.map((variantId, index) => ({ name: `#r${index}`, variantId }));
  const addedStock = added.map((a) => `variantStock.${a.name} = :zero`);
  const conditions = [
    expectedVersion === 0 ? 'attribute_exists(id) AND attribute_not_exists(#version)' : '#version = :expected',
    ...added.map((a) => `attribute_not_exists(variantStock.${a.name})`),
    ...removed.map((r) => `(attribute_not_exists(variantStock.${r.name}) OR variantStock.${r.name} = :zero)`),
  ];
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: `SET ${[...names.map((n) => `#${n} = :${n}`), '#version = :next', ...addedStock].join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: {
          ...Object.fromEntries([...names, 'version'].map((n) => [`#${n}`, n])),
          ...Object.fromEntries([...added, ...removed].map((v) => [v.name, v.variantId])),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
          ':next': expectedVersion + 1,
          ...(expectedVersion === 0 ? {} : { ':expected': expectedVersion }),
          ...(added.length + removed.length > 0 ? { ':zero': 0 } : {}),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'updated', product: toAdminProduct(Attributes!) };
  } catch (error) {
    if (!isConditionRefused(error)) throw error;
    if (!error.Item) return { kind: 'missing' };
    const old = unmarshall(error.Item);
    const version = toAdminProduct(old).version;
    if (version !== expectedVersion) return { kind: 'stale', version };
    const inStock = change.removed.find((variantId) => variantStockOf(old, variantId) > 0);
    // Same version, no dropped size with stock: an added id already taken (a product item that kept a removed size's units).
    return inStock ? { kind: 'variant_in_stock', variantId: inStock, stock: variantStockOf(old, inStock) } : { kind: 'stale', version };
  }
}

/**
 * A product as the seed, tests and benchmarks write it: without sizes (no `variants`, or one unlabelled),
 * one size holding its stock and SKU; without a slug, its id is its address until the migration
 * (`services/product-slugs.ts`) gives it one.
 */
export type SeedProduct = Omit<Product, 'variants' | 'slug'> & { readonly variants?: readonly ProductVariant[]; readonly slug?: string };

/**
 * Writes a whole product, stock included, outside the API: the demo seed, tests and benchmarks.
 * `createdAt` (the listing order) is set once, on creation, to `createdAt` or now; a replace keeps the
 * original. The version starts at 1 and every write increments it, so an edit form opened before
 * answers 409. Returns the version written.
 */
export async function putProduct(product: SeedProduct, now: Date, createdAt: string = now.toISOString()): Promise<number> {
  const { id, version: _version, variants, ...fields } = product as SeedProduct & { version?: number };
  // A piece without sizes: its one size holds the product's stock and SKU (whatever `variants` said).
  const stored = variants && hasSizes({ variants }) ? variants : [soleSize(product.sku, product.stock, variants?.[0]?.id)];
  const values: Record<string, unknown> = { ...fields, ...storedVariants(stored), listing: PRODUCT_LISTING, updatedAt: now.toISOString() };
  const names = Object.keys(values);
  const { Attributes } = await ddb().send(
    new UpdateCommand({
      TableName: tableName('products'),
      Key: { id },
      UpdateExpression:
        `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}, #createdAt = ` +
        `if_not_exists(#createdAt, :createdAt), #version = if_not_exists(#version, :zero) + :one`,
      ExpressionAttributeNames: Object.fromEntries([...names, 'createdAt', 'version'].map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
        ':createdAt': createdAt,
        ':zero': 0,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.version);
}

/**
 * Deletes a product only as the owner saw it (its version and stock unchanged: no save and no order
 * since), with the claims of its slugs (`slugs`: its current and former ones), which are free again.
 * False when it changed or is gone.
 */
export async function deleteProductItem(id: string, version: number, stock: number, slugs: readonly string[] = []): Promise<boolean> {
  const product = {
    Delete: {
      TableName: tableName('products'),
      Key: { id },
      ConditionExpression:
        'attribute_exists(id) AND stock = :stock AND ' + (version === 0 ? 'attribute_not_exists(#version)' : '#version = :version'),
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':stock': stock, ...(version === 0 ? {} : { ':version': version }) },
    },
  };
  const result = await writeTransactionRetrying(
    [named('product', product), ...[...new Set(slugs)].map((slug) => slugClaimRemoval(slug, id))],
    randomUUID(),
  );
  if (result.written) return true;
  if (result.refusals.length > 0) return false;
  throw new Error(`product ${id}: delete kept conflicting`);
}

/**
 * The transaction item that moves a product from collection `from` to `to` (its version goes up, so a
 * form opened before the rename answers "changed meanwhile" instead of writing the old name back).
 */
export function moveProductCollectionItem(id: string, from: string, to: string) {
  return {
    Update: {
      TableName: tableName('products'),
      Key: { id },
      UpdateExpression: 'SET #collection = :to, #version = if_not_exists(#version, :zero) + :one',
      ConditionExpression: 'attribute_exists(id) AND #collection = :from',
      ExpressionAttributeNames: { '#collection': 'collection', '#version': 'version' },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':zero': 0, ':one': 1 },
    },
  };
}
