/**
 * Products in DynamoDB. The catalogue is read through the `byListing` index (a query, newest first),
 * never with a scan.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
