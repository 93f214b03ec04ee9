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
import { photoFallback, type ProductPhoto } from '../../shared/photos.ts';
import { isPublicProduct, type AdminProduct, type Product, type ProductStatus } from '../../shared/product.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing, queryAll } from './paging.ts';

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
export function withPhotos<T extends Omit<Product, 'photos' | 'mainImage' | 'secondaryImage'> & Partial<Pick<Product, 'mainImage' | 'secondaryImage'>>>(
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

/** Strips storage attributes; the public API returns exactly the `Product` fields. */
export function toProduct(item: Record<string, unknown>): Product {
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
    stock: Number(item.stock ?? 0),
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

/** The id of every product, active or not (the listing index's keys only; the catalogue is small). */
export async function allProductIds(): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName('products'),
    IndexName: 'byListing',
    KeyConditionExpression: 'listing = :listing',
    ExpressionAttributeValues: { ':listing': PRODUCT_LISTING },
    ProjectionExpression: 'id',
  });
  return items.map((item) => String(item.id));
}

/** Every product with its version, newest first (the back-office list). */
export async function listAdminProducts(): Promise<AdminProduct[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first')).map(toAdminProduct);
}

/** One product with its version, read strongly consistent (what the back-office edits and adjusts from). */
export async function getAdminProduct(id: string): Promise<AdminProduct | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }));
  return Item ? toAdminProduct(Item) : undefined;
}

/** One public (active) product; a draft or an archived piece is as good as missing. */
export async function getProduct(id: string): Promise<Product | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id } }));
  return Item && isPublicProduct(Item) ? toProduct(Item) : undefined;
}

/** Several products by id, read strongly consistent (what an order is priced from). */
export async function getProductsConsistent(ids: readonly string[]): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  let keys: Record<string, unknown>[] = ids.map((id) => ({ id }));
  for (let round = 0; keys.length && round < 5; round++) {
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName('products')]: { Keys: keys, ConsistentRead: true } } }));
    // Only pieces for sale can be ordered: a draft or an archived one is as good as missing.
    for (const item of result.Responses?.[tableName('products')] ?? []) if (isPublicProduct(item)) found.set(String(item.id), toProduct(item));
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

/** The transaction item that takes `quantity` units of a product, only if that many are in stock. */
export function takeStockItem(productId: string, quantity: number, now: Date) {
  return {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: 'SET stock = stock - :quantity, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id) AND stock >= :quantity',
      ExpressionAttributeValues: { ':quantity': quantity, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The transaction item that gives `quantity` units back to a product (a cancelled or expired order). */
export function giveBackStockItem(productId: string, quantity: number, now: Date) {
  return {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: 'SET stock = stock + :quantity, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeValues: { ':quantity': quantity, ':now': now.toISOString() },
    },
  };
}

/**
 * The transaction item that changes a product's stock by `delta`, only if its stock is still `from`
 * (compare-and-set: the caller knows the old and the new value exactly). On a failed condition the
 * item as it is comes back with the cancellation (its current stock), or none if it does not exist.
 */
export function changeStockItem(productId: string, from: number, delta: number, now: Date) {
  return {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: 'SET stock = stock + :delta, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id) AND stock = :from',
      ExpressionAttributeValues: { ':delta': delta, ':from': from, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The transaction item that creates a product (version 1) with its initial stock; never overwrites one. */
export function newProductItem(product: Product, now: Date) {
  return {
    Put: {
      TableName: tableName('products'),
      Item: { ...product, version: 1, listing: PRODUCT_LISTING, createdAt: now.toISOString(), updatedAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/** The fields of a product the back-office form edits: everything but its id and its stock. */
export type ProductFields = Omit<AdminProduct, 'id' | 'stock' | 'version'>;
const EDITABLE_FIELDS = ['code', 'sku', 'name', 'description', 'type', 'collection', 'priceCents', 'discountPercent', 'photos', 'mainImage', 'secondaryImage', 'status'] as const satisfies readonly (keyof ProductFields)[];

export type FieldsUpdate = { readonly kind: 'updated'; readonly product: AdminProduct } | { readonly kind: 'stale'; readonly version: number } | { readonly kind: 'missing' };

/**
 * Writes a product's editable fields (never `stock`) and increments its version, only if the stored
 * version is still `expectedVersion` (0 = an item stored before versions existed). Answers the product
 * as saved, or the version it has now, or that it does not exist.
 */
export async function updateProductFields(id: string, fields: ProductFields, expectedVersion: number, now: Date): Promise<FieldsUpdate> {
  const values: Record<string, unknown> = { ...Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, fields[name]])), updatedAt: now.toISOString() };
  const names = Object.keys(values);
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id },
        UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}, #version = :next`,
        ConditionExpression: expectedVersion === 0 ? 'attribute_exists(id) AND attribute_not_exists(#version)' : '#version = :expected',
        ExpressionAttributeNames: Object.fromEntries([...names, 'version'].map((n) => [`#${n}`, n])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
          ':next': expectedVersion + 1,
          ...(expectedVersion === 0 ? {} : { ':expected': expectedVersion }),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'updated', product: toAdminProduct(Attributes!) };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    if (!error.Item) return { kind: 'missing' };
    return { kind: 'stale', version: toAdminProduct(unmarshall(error.Item)).version };
  }
}

/**
 * Writes a whole product, stock included, outside the API: the demo seed, tests and benchmarks.
 * `createdAt` (the listing order) is set once, on creation, to `createdAt` or now; a replace keeps the
 * original. The version starts at 1 and every write increments it, so an edit form opened before
 * answers 409. Returns the version written.
 */
export async function putProduct(product: Product, now: Date, createdAt: string = now.toISOString()): Promise<number> {
  const { id, version: _version, ...fields } = product as Product & { version?: number };
  const values: Record<string, unknown> = { ...fields, listing: PRODUCT_LISTING, updatedAt: now.toISOString() };
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
