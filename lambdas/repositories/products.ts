/**
 * Products in DynamoDB. The catalogue is read through the `byListing` index (a query, newest first),
 * never with a scan.
 *
 * Stock changes only by a delta, conditioned on the stock it applies to (an order's `stock >= n`, the
 * owner's compare-and-set), always in a transaction with its movement; the edit of a product's other
 * fields never touches stock and is conditioned on the `version` the form loaded.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { photoFallback, type ProductPhoto } from '#shared/photos.ts';
import { isPublicProduct, type AdminProduct, type Product, type ProductStatus } from '#shared/product.ts';
import { hasSizes, soleSize, totalStock, type ProductVariant } from '#shared/variants.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing, queryAll } from './paging.ts';
import { named } from './transactions.ts';

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
 * A product with these photos, its `mainImage` and `secondaryImage` derived from them (the JPEG
 * fallbacks of the first two). Without photos, an item stored before photos existed keeps its old
 * image paths until the twin's bootstrap migrates it (`migrateLegacyPhotos`).
 */
export function withPhotos<T extends Omit<SeedProduct, 'photos' | 'mainImage' | 'secondaryImage'> & Partial<Pick<Product, 'mainImage' | 'secondaryImage'>>>(
  product: T,
  photos: readonly ProductPhoto[],
): T & Pick<Product, 'photos' | 'mainImage' | 'secondaryImage'> {
  const [first, second] = photos;
  return {
    ...product,
    photos,
    mainImage: first ? photoFallback(first) : photos.length === 0 && 'photos' in product ? '' : (product.mainImage ?? ''),
    secondaryImage: second ? photoFallback(second) : photos.length === 0 && 'photos' in product ? '' : (product.secondaryImage ?? ''),
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
export function storedVariants(variants: readonly ProductVariant[]): { variants: StoredVariant[]; variantStock: Record<string, number>; stock: number } {
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

/** The product with its `version`; an item stored before versions existed counts as version 0. */
export function toAdminProduct(item: Record<string, unknown>): AdminProduct {
  return { ...toProduct(item), version: Number(item.version ?? 0), status: isPublicProduct(item) ? 'active' : (item.status as ProductStatus) };
}

/** Every public (active) product, newest first: drafts and archived pieces are never in the shop. */
export async function listProducts(): Promise<Product[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first')).filter(isPublicProduct).map(toProduct);
}

/** Id and last change (ISO) of every product the shop shows, for the sitemap's `lastmod`. */
export async function publicProductDates(): Promise<{ id: string; updatedAt: string }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter(isPublicProduct)
    .map((item) => ({ id: String(item.id), updatedAt: String(item.updatedAt ?? item.createdAt ?? '') }));
}

/**
 * The id of every product with the ids of every size it ever had (the keys of `variantStock`, which a
 * removed size keeps): what a customer's requests per size are found by.
 */
export async function allProductSizeIds(): Promise<{ id: string; variantIds: string[] }[]> {
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

/** One product's item as stored, read strongly consistent. */
async function productItem(id: string): Promise<Record<string, unknown> | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item;
}

/**
 * The item of a product that is about to change (an order, a stock change, an edit), with its sizes:
 * one stored before sizes existed is given its one size first (the migration of that one product,
 * so a shop deployed before `npm run recount` ran loses no sale and no edit). Undefined when gone.
 */
async function itemWithSizes(item: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  let current: Record<string, unknown> | undefined = item;
  for (let attempt = 0; current && !Array.isArray(current.variants) && attempt < 10; attempt++) {
    await setDefaultVariant(String(current.id), String(current.sku ?? ''), Number(current.stock ?? 0));
    current = await productItem(String(current.id));
  }
  return current;
}

/**
 * One product with its version, read strongly consistent (what the back-office edits and adjusts
 * from). `forChange`: it is about to change, so one stored before sizes gets its size first (a
 * function that only reads has no grant to write).
 */
export async function getAdminProduct(id: string, forChange = false): Promise<AdminProduct | undefined> {
  const item = await productItem(id);
  const sized = item && forChange ? await itemWithSizes(item) : item;
  return sized ? toAdminProduct(sized) : undefined;
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
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName('products')]: { Keys: keys, ConsistentRead: true } } }));
    // Only pieces for sale can be ordered: a draft or an archived one is as good as missing.
    for (const read of result.Responses?.[tableName('products')] ?? []) {
      const item = await itemWithSizes(read);
      if (item && isPublicProduct(item)) found.set(String(item.id), toProduct(item));
    }
    keys = (result.UnprocessedKeys?.[tableName('products')]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
}

/** Ids of the products that carry `code` (the `byCode` index). */
export async function productIdsWithCode(code: string): Promise<string[]> {
  const { Items } = await ddb().send(
    new QueryCommand({ TableName: tableName('products'), IndexName: 'byCode', KeyConditionExpression: 'code = :code', ExpressionAttributeValues: { ':code': code } }),
  );
  return (Items ?? []).map((item) => String(item.id));
}

/**
 * The condition of a transaction item on a product's stock (`takeStockItem`, `giveBackStockItem`,
 * `changeStockItem`): one per product, as a transaction names an item once.
 */
export const stockCondition = (productId: string) => `stock#${productId}`;

/** The names of an update on one size's stock: `#v` is the variant id (a map key). */
const variantNames = (variantId: string) => ({ '#v': variantId });

/** Units of one size of a product: what an order line takes, or gives back. */
export interface SizeUnits {
  readonly variantId: string;
  readonly quantity: number;
}

/** The names and values of an update on several sizes of one product (`#v0`/`:q0`, …) and their total. */
function sizesParts(sizes: readonly SizeUnits[]) {
  return {
    names: Object.fromEntries(sizes.map((size, i) => [`#v${i}`, size.variantId])),
    values: Object.fromEntries(sizes.map((size, i) => [`:q${i}`, size.quantity])),
    total: sizes.reduce((sum, size) => sum + size.quantity, 0),
  };
}

/**
 * The transaction item that takes units of a product's sizes (an order's lines of that product: one
 * item per product, as a transaction names an item once), only if that many of each are in stock.
 */
export function takeStockItem(productId: string, sizes: readonly SizeUnits[], now: Date) {
  const { names, values, total } = sizesParts(sizes);
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: `SET ${sizes.map((_, i) => `variantStock.#v${i} = variantStock.#v${i} - :q${i}`).join(', ')}, stock = stock - :total, updatedAt = :now`,
      ConditionExpression: ['attribute_exists(id)', ...sizes.map((_, i) => `variantStock.#v${i} >= :q${i}`)].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':total': total, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/** A size's stock in an item a refused condition sent back (0 when absent). */
export function variantStockOf(item: Record<string, unknown> | undefined, variantId: string): number {
  const stock = item?.variantStock as Record<string, unknown> | undefined;
  return Number(stock?.[variantId] ?? 0);
}

/**
 * The transaction item that gives units back to a product's sizes (a cancelled or expired order: one
 * item per product). A size the owner removed meanwhile gets them back under its id, out of sight (it
 * is in no list).
 */
export function giveBackStockItem(productId: string, sizes: readonly SizeUnits[], now: Date) {
  const { names, values, total } = sizesParts(sizes);
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: `SET ${sizes.map((_, i) => `variantStock.#v${i} = if_not_exists(variantStock.#v${i}, :zero) + :q${i}`).join(', ')}, stock = stock + :total, updatedAt = :now`,
      ConditionExpression: 'attribute_exists(id) AND attribute_exists(variantStock)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':total': total, ':zero': 0, ':now': now.toISOString() },
      // A product from before sizes comes back with the refusal: it is given its size, and the close retried.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/**
 * Gives a product from before sizes, as a refused condition sent it back (`old`), its one size: true
 * when `old` was such a product (migrated now, or by someone else meanwhile), so the write can be retried.
 */
export async function sizeProductFromBefore(old: Record<string, unknown> | undefined): Promise<boolean> {
  if (!old || Array.isArray(old.variants) || typeof old.id !== 'string') return false;
  await setDefaultVariant(old.id, String(old.sku ?? ''), Number(old.stock ?? 0));
  return true;
}

/** Lines grouped by product, in the order each product first appears (one stock item per product). */
export function unitsByProduct(lines: readonly { productId: string; variantId: string; quantity: number }[]): Map<string, SizeUnits[]> {
  const groups = new Map<string, SizeUnits[]>();
  for (const line of lines) groups.set(line.productId, [...(groups.get(line.productId) ?? []), { variantId: line.variantId, quantity: line.quantity }]);
  return groups;
}

/**
 * The transaction item that changes a size's stock by `delta`, only if it is still `from`
 * (compare-and-set: the caller knows the old and the new value exactly). On a failed condition the
 * item as it is comes back with the cancellation (its current stock), or none if it does not exist.
 */
export function changeStockItem(productId: string, variantId: string, from: number, delta: number, now: Date) {
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: 'SET variantStock.#v = variantStock.#v + :delta, stock = stock + :delta, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id) AND variantStock.#v = :from',
      ExpressionAttributeNames: variantNames(variantId),
      ExpressionAttributeValues: { ':delta': delta, ':from': from, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/** The transaction item that creates a product (version 1) with its initial stock; never overwrites one. */
export function newProductItem(product: Product, now: Date) {
  return {
    Put: {
      TableName: tableName('products'),
      Item: { ...product, ...storedVariants(product.variants), version: 1, listing: PRODUCT_LISTING, createdAt: now.toISOString(), updatedAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/** The fields of a product the back-office form edits: everything but its id, its stock and its sizes. */
export type ProductFields = Omit<AdminProduct, 'id' | 'stock' | 'version' | 'variants'>;
const EDITABLE_FIELDS = ['code', 'sku', 'name', 'description', 'type', 'collection', 'priceCents', 'discountPercent', 'photos', 'mainImage', 'secondaryImage', 'status'] as const satisfies readonly (keyof ProductFields)[];

/**
 * What an edit does to the sizes: the new list (ids given), the sizes it adds (their stock starts at
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
  | { readonly kind: 'size_in_stock'; readonly variantId: string; readonly stock: number };

/**
 * Writes a product's editable fields and its sizes' list (never a stock figure) and increments its
 * version, only if the stored version is still `expectedVersion` (0 = an item stored before versions
 * existed). Answers the product as saved, or the version it has now, or that it does not exist, or
 * the dropped size that still has stock.
 */
export async function updateProductFields(id: string, fields: ProductFields, sizes: VariantsChange, expectedVersion: number, now: Date): Promise<FieldsUpdate> {
  const values: Record<string, unknown> = { ...Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, fields[name]])), variants: sizes.variants, updatedAt: now.toISOString() };
  const names = Object.keys(values);
  const added = sizes.added.map((variantId, index) => ({ name: `#a${index}`, variantId }));
  const removed = sizes.removed.map((variantId, index) => ({ name: `#r${index}`, variantId }));
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
        UpdateExpression: `SET ${[...names.map((n) => `#${n} = :${n}`), '#version = :next', ...added.map((a) => `variantStock.${a.name} = :zero`)].join(', ')}`,
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
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    if (!error.Item) return { kind: 'missing' };
    const old = unmarshall(error.Item);
    const version = toAdminProduct(old).version;
    if (version !== expectedVersion) return { kind: 'stale', version };
    const inStock = sizes.removed.find((variantId) => variantStockOf(old, variantId) > 0);
    // Same version, no dropped size with stock: an added id already taken (a product item that kept a removed size's units).
    return inStock ? { kind: 'size_in_stock', variantId: inStock, stock: variantStockOf(old, inStock) } : { kind: 'stale', version };
  }
}

/** A product as the seed, tests and benchmarks write it: without sizes (no `variants`, or one unlabelled), one size holding its stock and SKU. */
export type SeedProduct = Omit<Product, 'variants'> & { readonly variants?: readonly ProductVariant[] };

/**
 * Writes a whole product, stock included, outside the API: the demo seed, tests and benchmarks.
 * `createdAt` (the listing order) is set once, on creation, to `createdAt` or now; a replace keeps the
 * original. The version starts at 1 and every write increments it, so an edit form opened before
 * answers 409. Returns the version written.
 */
export async function putProduct(product: SeedProduct, now: Date, createdAt: string = now.toISOString()): Promise<number> {
  const { id, version: _version, variants, ...fields } = product as SeedProduct & { version?: number };
  // A piece without sizes: its one size holds the product's stock and SKU (whatever `variants` said).
  const sizes = variants && hasSizes({ variants }) ? variants : [soleSize(product.sku, product.stock, variants?.[0]?.id)];
  const values: Record<string, unknown> = { ...fields, ...storedVariants(sizes), listing: PRODUCT_LISTING, updatedAt: now.toISOString() };
  const names = Object.keys(values);
  const { Attributes } = await ddb().send(
    new UpdateCommand({
      TableName: tableName('products'),
      Key: { id },
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}, #createdAt = if_not_exists(#createdAt, :createdAt), #version = if_not_exists(#version, :zero) + :one`,
      ExpressionAttributeNames: Object.fromEntries([...names, 'createdAt', 'version'].map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])), ':createdAt': createdAt, ':zero': 0, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.version);
}

/**
 * Gives a product stored before photos existed its photos (the one-off migration of old image paths),
 * only if it still has none; its version is left alone. Answers whether it was written.
 */
export async function setLegacyProductPhotos(id: string, photos: readonly ProductPhoto[]): Promise<boolean> {
  const [first, second] = photos;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: 'SET photos = :photos, mainImage = :main, secondaryImage = :secondary',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(photos)',
        ExpressionAttributeValues: { ':photos': photos, ':main': first ? photoFallback(first) : '', ':secondary': second ? photoFallback(second) : '' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Products stored before photos existed (no `photos` attribute), with their old image paths. */
export async function productsWithoutPhotos(): Promise<{ id: string; name: string; images: string[] }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter((item) => !Array.isArray(item.photos))
    .map((item) => ({ id: String(item.id), name: String(item.name ?? ''), images: [item.mainImage, item.secondaryImage].filter((p): p is string => typeof p === 'string' && p !== '') }));
}

/**
 * Deletes a product only as the owner saw it (its version and stock unchanged: no save and no order
 * since). False when it changed or is gone.
 */
export async function deleteProductItem(id: string, version: number, stock: number): Promise<boolean> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tableName('products'),
        Key: { id },
        ConditionExpression: 'attribute_exists(id) AND stock = :stock AND ' + (version === 0 ? 'attribute_not_exists(#version)' : '#version = :version'),
        ExpressionAttributeNames: version === 0 ? { '#version': 'version' } : { '#version': 'version' },
        ExpressionAttributeValues: { ':stock': stock, ...(version === 0 ? {} : { ':version': version }) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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

/** Id, SKU and stock of the products stored before sizes existed (no `variants` attribute). */
export async function productsWithoutVariants(): Promise<{ id: string; sku: string; stock: number }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter((item) => !Array.isArray(item.variants))
    .map((item) => ({ id: String(item.id), sku: String(item.sku ?? ''), stock: Number(item.stock ?? 0) }));
}

/**
 * Gives product `id` its one size if it is still from before sizes, reading it strongly consistent
 * (the listing index may still show one already done): true when this call migrated it.
 */
export async function sizeProduct(id: string): Promise<boolean> {
  const item = await productItem(id);
  if (!item || Array.isArray(item.variants)) return false;
  const sized = await itemWithSizes(item);
  return Array.isArray(sized?.variants);
}

/**
 * Gives a product stored before sizes existed its one unlabelled size, holding its SKU and all its
 * stock, only if it still has no sizes and its stock is still `stock` (an order in between makes it
 * answer false: read again). Its version is left alone, so no open form breaks.
 */
export async function setDefaultVariant(id: string, sku: string, stock: number): Promise<boolean> {
  const sizes = storedVariants([soleSize(sku, stock)]);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: 'SET variants = :variants, variantStock = :variantStock',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(variants) AND stock = :stock',
        ExpressionAttributeValues: { ':variants': sizes.variants, ':variantStock': sizes.variantStock, ':stock': stock },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
