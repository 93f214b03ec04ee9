/**
 * Products in DynamoDB. The catalogue is read through the `byListing` index (a query, newest first),
 * never with a scan.
 */
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Product } from '../../shared/product.ts';
import { ddb, tableName } from './clients.ts';
import { allOfListing } from './paging.ts';

/** Constant partition value of the listing index for products. */
export const PRODUCT_LISTING = 'product';

/** Strips storage attributes; the public API returns exactly the `Product` fields. */
export function toProduct(item: Record<string, unknown>): Product {
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
    mainImage: String(item.mainImage ?? ''),
    secondaryImage: String(item.secondaryImage ?? ''),
  };
}

/** Every product, newest first. */
export async function listProducts(): Promise<Product[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first')).map(toProduct);
}

export async function getProduct(id: string): Promise<Product | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id } }));
  return Item ? toProduct(Item) : undefined;
}

/** Several products by id, read strongly consistent (what an order is priced from). */
export async function getProductsConsistent(ids: readonly string[]): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  let keys: Record<string, unknown>[] = ids.map((id) => ({ id }));
  for (let round = 0; keys.length && round < 5; round++) {
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName('products')]: { Keys: keys, ConsistentRead: true } } }));
    for (const item of result.Responses?.[tableName('products')] ?? []) found.set(String(item.id), toProduct(item));
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
 * Writes a whole product (create or replace). `createdAt` (the listing order) is set once, on creation,
 * to `createdAt` or now; a replace keeps the original.
 */
export async function putProduct(product: Product, now: Date, createdAt: string = now.toISOString()): Promise<void> {
  const { id, ...fields } = product;
  const values: Record<string, unknown> = { ...fields, listing: PRODUCT_LISTING, updatedAt: now.toISOString() };
  const names = Object.keys(values);
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('products'),
      Key: { id },
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}, #createdAt = if_not_exists(#createdAt, :createdAt)`,
      ExpressionAttributeNames: Object.fromEntries([...names, 'createdAt'].map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])), ':createdAt': createdAt },
    }),
  );
}
