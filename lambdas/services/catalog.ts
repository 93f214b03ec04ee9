/** Use cases of the public catalogue. */
import { messages } from '../../shared/messages.ts';
import { productIdField } from '../../shared/schemas/fields.ts';
import type { Collection, Product } from '../../shared/product.ts';
import { Conflict, InvalidInput, NotFound } from '../http/errors.ts';
import { getProduct, listProducts } from '../repositories/products.ts';
import { insertCollection, listCollections } from '../repositories/collections.ts';


export const catalog = { listProducts, listCollections };

export async function productById(id: string | undefined): Promise<Product> {
  // An id that breaks the id rule cannot exist: no database read for it.
  const product = productIdField.safeParse(id).success ? await getProduct(id!) : undefined;
  if (!product) throw new NotFound(messages.api.productNotFound, 'product_not_found');
  return product;
}

/**
 * The id of a collection: its name in lower case, accents removed, words joined by dashes.
 *
 * @example collectionSlug('New Beginnings') // 'new-beginnings'
 */
export function collectionSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export async function createCollection(name: string, now = new Date()): Promise<Collection> {
  const id = collectionSlug(name);
  if (!id) throw new InvalidInput(messages.api.invalidInput, { name: messages.api.invalidInput });
  const created = await insertCollection({ id, name }, now);
  if (!created) throw new Conflict(messages.api.collectionExists, 'collection_exists', { name: messages.api.collectionExists });
  return created;
}
