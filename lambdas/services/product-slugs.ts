/**
 * Readable product addresses (docs/readable-addresses.md): which slug a piece gets (at its creation,
 * after a rename, by the one-off migration), and what an address `/product/<x>` is: the piece at its
 * own slug, or a former address of a piece (its id, a slug it had before) that answers 301.
 */
import { randomBytes } from 'node:crypto';
import { isProductId } from '#shared/product-id.ts';
import type { Product } from '#shared/product.ts';
import { isCandidateOf, isSlug, slugCandidate, slugOfName } from '#shared/slug.ts';
import { productItem } from '../repositories/product-items.ts';
import { addressesOfStreamRecord, claimSlug, productsWithoutSlug, setFirstSlug, slugHolder } from '../repositories/product-slugs.ts';
import { getProduct, getProductsConsistent } from '../repositories/products.ts';

/** Candidates tried before a random suffix (a shop with 50 pieces of one name is not expected). */
const CANDIDATES = 50;

/** Whether `slug` can be `productId`'s: no other piece holds or held it, and no other piece has it as its id. */
async function slugIsFree(slug: string, productId: string): Promise<boolean> {
  const [holder, item] = await Promise.all([slugHolder(slug, true), slug === productId ? undefined : productItem(slug)]);
  return (holder === undefined || holder === productId) && item === undefined;
}

/**
 * The first free slug for `name`: the name's own, or with the first suffix free (`-2`, `-3`…). One of
 * `own` (slugs the piece already holds) that fits the name is taken back first.
 */
export async function freeSlug(name: string, productId: string, own: readonly string[] = []): Promise<string> {
  const base = slugOfName(name);
  const kept = own.find((slug) => isCandidateOf(slug, base));
  if (kept) return kept;
  for (let n = 1; n <= CANDIDATES; n++) {
    const candidate = slugCandidate(base, n);
    if (await slugIsFree(candidate, productId)) return candidate;
  }
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * The slug of a piece after its name became `name`, and its former slugs: the same slug when the name
 * asks for the same one (only case, accents or punctuation changed); else a free one, claimed now, the
 * current one kept among the former (its address answers 301). A claim made for an edit that then
 * fails is harmless: it points at the piece, whose address it redirects to.
 */
export async function slugAfterRename(
  product: { id: string; slug: string; formerSlugs: readonly string[] },
  name: string,
): Promise<{ slug: string; formerSlugs: string[] }> {
  if (isCandidateOf(product.slug, slugOfName(name))) return { slug: product.slug, formerSlugs: [...product.formerSlugs] };
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(name, product.id, product.formerSlugs);
    if (await claimSlug(slug, product.id)) {
      return { slug, formerSlugs: [...new Set([...product.formerSlugs, product.slug])].filter((former) => former !== slug) };
    }
  }
  throw new Error(`product ${product.id}: no slug could be claimed`);
}

/** What `/product/<segment>` is: the piece at its own address, a former address of one, or nothing. */
export interface ProductAddress {
  /** `moved`: the address is a former one of `product`, whose own is its slug. */
  readonly kind: 'product' | 'moved';
  readonly product: Product;
}

/**
 * The piece an address names, by its slug, a former slug or its id; only a public (active) piece.
 * `consistent`: read as last written (the pages the stream renders right after a write).
 */
export async function productAtAddress(segment: string | undefined, { consistent = false } = {}): Promise<ProductAddress | undefined> {
  const read = (id: string) => (consistent ? getProductsConsistent([id]).then((found) => found.get(id)) : getProduct(id));
  const answer = (product: Product | undefined): ProductAddress | undefined =>
    product && { kind: product.slug === segment ? 'product' : 'moved', product };
  // An address that can be neither an id nor a slug cannot exist: no database read for it.
  if (!isProductId(segment)) return undefined;
  const byId = await read(segment);
  if (byId) return answer(byId);
  if (!isSlug(segment)) return undefined;
  const holder = await slugHolder(segment, consistent);
  return holder && holder !== segment ? answer(await read(holder)) : undefined;
}

/**
 * The one-off migration of pieces stored before slugs: each gets one, its id when that already is its
 * name's slug (the demo catalogue's readable ids keep their addresses), else one from its name; its id
 * then answers 301. The twin's bootstrap runs it at every start (nothing to do once done); in the cloud,
 * `npm run recount` runs it once after the deploy that brings slugs. Answers how many were given one.
 */
export async function migrateProductSlugs(): Promise<number> {
  let migrated = 0;
  for (const { id, name } of await productsWithoutSlug()) {
    // Its id is kept only when it already reads as its name (a random id is no address to keep).
    const slug = isSlug(id) && isCandidateOf(id, slugOfName(name)) && (await slugIsFree(id, id)) ? id : await freeSlug(name, id);
    if ((await claimSlug(slug, id)) && (await setFirstSlug(id, slug))) migrated++;
  }
  return migrated;
}

/** The product addresses a products stream record may change (`addressesOfStreamRecord`): what the stream renders again. */
export function addressesChangedBy(id: string, newImage: Record<string, unknown> | undefined): string[] {
  return addressesOfStreamRecord(id, newImage);
}
