/** Use cases that read the public catalogue: the products for sale, one product, the collections. */
import { apiTexts } from '#shared/messages/index.ts';
import { listingProduct, type Collection, type ListingProduct, type Product } from '#shared/product.ts';
import { searchPieces } from '#shared/search.ts';
import { NotFound } from '../errors.ts';
import { listCollections } from '../repositories/collections.ts';
import { listProducts } from '../repositories/products.ts';
import { productAtAddress } from './product-slugs.ts';

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

const listings = new WeakMap<Promise<Product[]>, Promise<ListingProduct[]>>();

/**
 * The catalogue listing (`GET /api/products`): each public piece as a card shows it (`listingProduct`),
 * made once per catalogue read: the requests of those seconds get the same array.
 */
export function publicListing(now = Date.now()): Promise<ListingProduct[]> {
  const catalogue = publicCatalogue(now);
  let listing = listings.get(catalogue);
  if (!listing) listings.set(catalogue, (listing = catalogue.then((products) => products.map(listingProduct))));
  return listing;
}

/**
 * The pieces that answer a search (`GET /api/search`, the `/pesquisa` page), best first, as listing
 * cards: matched in memory on the catalogue the listing reads (no read of its own).
 */
export async function searchListing(query: string | undefined, now = Date.now()): Promise<ListingProduct[]> {
  return searchPieces(await publicCatalogue(now), query).map(listingProduct);
}

/** Every collection, by name (the shop's filter and the back-office's list). */
export function collections(): Promise<Collection[]> {
  return listCollections();
}

/**
 * The piece at an address's last segment: its slug, a former slug or its id (docs/readable-addresses.md);
 * the answer carries its `slug`, the address the shop shows it at.
 */
export async function productById(address: string | undefined): Promise<Product> {
  const found = await productAtAddress(address);
  if (!found) throw new NotFound(apiTexts.productNotFound, 'product_not_found');
  return found.product;
}
