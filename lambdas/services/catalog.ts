/** Use cases of the public catalogue. */
import { messages } from '../../shared/messages.ts';
import { productIdField } from '../../shared/schemas/fields.ts';
import type { Collection, Product } from '../../shared/product.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { getProduct, listProducts } from '../repositories/products.ts';
import { insertCollection, listCollections } from '../repositories/collections.ts';


/**
 * How long one function instance reuses the public catalogue it read. The catalogue is a whole-index
 * query; a few seconds of reuse turns a burst of page views into one read, on top of CloudFront's
 * cache. Stock shown in the listing may lag by that much; orders always check stock in their
 * transaction.
 */
export const CATALOGUE_REUSE_MS = 5_000;
let cachedCatalogue: { readonly at: number; readonly products: Promise<Product[]> } | undefined;

/** The public catalogue, newest first, shared by the requests of the next few seconds. */
export function publicCatalogue(now = Date.now()): Promise<Product[]> {
  if (!cachedCatalogue || now - cachedCatalogue.at >= CATALOGUE_REUSE_MS) {
    const products = listProducts();
    cachedCatalogue = { at: now, products };
    products.catch(() => {
      if (cachedCatalogue?.products === products) cachedCatalogue = undefined;
    });
  }
  return cachedCatalogue.products;
}

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
