/**
 * Pre-rendered pages (docs/design.md §22): the data of a public page read from the catalogue, the page
 * rendered by the built pre-renderer (`web/dist-ssr`, loaded at run time from `PAGE_RENDERER_DIR`: the
 * functions never import the web app's code), and kept in the site bucket under `pages/`, where
 * CloudFront (and the twin's front door) serve it from. A page that says "not found" is never kept: its
 * object is deleted, so the address answers 404 again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAIL_ENV, PAGES_ENV } from '../contracts/env.ts';
import type { SellerIdentity } from '#shared/shop-identity.ts';
import {
  allPagePaths,
  documentObjectKey,
  DOCUMENTS,
  decodedAddress,
  filteredListingPathOfKey,
  NOT_FOUND_PAGE_PATH,
  pageKind,
  pageObjectKey,
  pagePathOfKey,
  PAGES_PREFIX,
  type PageData,
} from '#shared/pages.ts';
import { paths } from '#shared/paths.ts';
import { listingProduct } from '#shared/product.ts';
import { SEARCH_PARAM, searchPieces, searchQueryText } from '#shared/search.ts';
import { searchPagePathOfKey } from '#shared/search-page.ts';
import { logger } from '../logger.ts';
import { listCollections } from '../repositories/collections.ts';
import { setting } from '../repositories/environment.ts';
import { listProducts } from '../repositories/products.ts';
import { writeNewObject } from '../repositories/signed-s3.ts';
import { deleteObjects, objectHead, writeObject } from '../repositories/storage.ts';
import { productAtAddress } from './product-slugs.ts';
import { shopInfo } from './settings.ts';

/** How long CloudFront may serve a kept page before asking the bucket again: a change shows within this. */
export const PAGE_EDGE_SECONDS = 60;
/** Browsers always ask again (a 304 when nothing changed): prices and stock move. */
export const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_EDGE_SECONDS}`;
/** The content type of every page the function answers or keeps. */
export const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';

/**
 * A rendered page: 200, 404 (the shop's not-found page), or 500 (the page failed: never kept); or 301
 * to `location`, a product's former address (docs/readable-addresses.md: never kept either).
 */
export interface RenderedPage {
  readonly status: 200 | 301 | 404 | 500;
  readonly html: string;
  readonly location?: string;
}

/** A page rendered here, with when its data was read (ms since the epoch). */
export interface PageRender extends RenderedPage {
  readonly readAt: number;
}

/** The kept page's user metadata that says when its data was read: an older render never replaces it. */
const READ_AT = 'read-at';
/** Tries of a conditional write that another publisher's write keeps beating. */
const KEEP_TRIES = 5;

interface Renderer {
  renderPage(input: { template: string; manifest: unknown; origin: string; data: PageData }): Promise<RenderedPage>;
  renderWithdrawalPdf(seller: SellerIdentity): Promise<Uint8Array>;
}

let loading: Promise<{ renderer: Renderer; template: string; manifest: unknown }> | undefined;

/** The built pre-renderer and its two files, loaded once per function instance. */
function loadRenderer() {
  loading ??= (async () => {
    const dir = setting(PAGES_ENV.rendererDir);
    const [renderer, template, manifest] = await Promise.all([
      import(pathToFileURL(path.join(dir, 'render-page.js')).href) as Promise<Renderer>,
      readFile(path.join(dir, 'template.html'), 'utf8'),
      readFile(path.join(dir, 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as unknown),
    ]);
    return { renderer, template, manifest };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The data of the page at `pagePath` (a path, decoded or not), read from the catalogue. `consistent`:
 * the product as last written (the streams render right after a write; an eventually consistent read
 * could still answer the version before it, and that page would be kept).
 */
export async function pageData(pagePath: string, { consistent = false } = {}): Promise<PageData | { readonly movedTo: string }> {
  const decoded = decodedAddress(pagePath);
  // A filtered listing (`/shop?tipo=anel`) is the listing's page; the renderer filters by its address.
  const kind = pageKind(decoded.split('?')[0]!);
  if (kind.kind === 'search') return searchPageData(pagePath);
  // A piece's former address (its id, an old slug) is no page: it answers 301 to the piece's own.
  const address = kind.kind === 'product' ? await productAtAddress(kind.id, { consistent }) : undefined;
  if (address?.kind === 'moved') return { movedTo: paths.product(address.product.slug) };
  const [shop, collections, rest] = await Promise.all([
    shopInfo(),
    listCollections(),
    kind.kind === 'shop'
      ? listProducts().then((products) => ({ products: products.map(listingProduct) }))
      : kind.kind === 'product'
        ? Promise.resolve({ product: { id: kind.id, value: address?.product ?? null } })
        : Promise.resolve({}),
  ]);
  return { url: encodeURI(decoded), shop, collections, ...rest };
}

/** The search's results page (`/pesquisa?q=`): the pieces that answer the query, and the collections to offer. */
async function searchPageData(pagePath: string): Promise<PageData> {
  const query = searchQueryText(new URL(pagePath, 'http://page.local').searchParams.get(SEARCH_PARAM));
  const [shop, collections, products] = await Promise.all([shopInfo(), listCollections(), listProducts()]);
  const url = query ? `${paths.search}?${new URLSearchParams({ [SEARCH_PARAM]: query }).toString()}` : paths.search;
  return { url, shop, collections, search: { query, products: searchPieces(products, query).map(listingProduct) } };
}

/** The page at `pagePath` as a whole document: 200, or 404 for an address the shop does not have. */
export async function renderPath(pagePath: string, options: { consistent?: boolean } = {}): Promise<PageRender> {
  const readAt = Date.now();
  const [{ renderer, template, manifest }, data] = await Promise.all([loadRenderer(), pageData(pagePath, options)]);
  if ('movedTo' in data) return { status: 301, html: '', location: data.movedTo, readAt };
  return { ...(await renderer.renderPage({ template, manifest, origin: setting(MAIL_ENV.shopUrl), data })), readAt };
}

/** Where a rendered page is kept, and what it is kept with: its type, its cache control, when its data was read. */
function pageObject(pagePath: string, page: PageRender) {
  return {
    key: pageObjectKey(decodedAddress(pagePath)),
    write: { contentType: PAGE_CONTENT_TYPE, cacheControl: PAGE_CACHE_CONTROL, metadata: { [READ_AT]: String(page.readAt) } },
  };
}

/** Whether a page's address still is what it was rendered as: a piece's page at the piece's own address now (read as last written). */
async function stillItsAddress(pagePath: string): Promise<boolean> {
  const kind = pageKind(decodedAddress(pagePath).split('?')[0]!);
  if (kind.kind !== 'product') return true;
  return (await productAtAddress(kind.id, { consistent: true }))?.kind === 'product';
}

/**
 * Keeps a rendered page in the site bucket, or removes it when the address is now "not found".
 *
 * Two publishers can render the same page at once (the product's stream and a full render after a
 * collection or the settings changed): the one that read the catalogue first must not finish last and
 * put back the old price. So a page is kept with when its data was read, and written only over a page
 * read earlier, by S3's conditional write on the ETag just seen (another write in between: look again).
 */
export async function keepPage(pagePath: string, page: PageRender): Promise<void> {
  const { key, write } = pageObject(pagePath, page);
  // A page that failed (500) changes nothing: the kept one, if any, stays.
  if (page.status === 500) return;
  // A page now "not found" goes: its address answers 404, or, should the page exist again, is rendered afresh;
  // a piece's former address goes too: the pages function answers it with its 301.
  if (page.status === 404 || page.status === 301) {
    await deleteObjects('site', [key]);
    return;
  }
  // A piece's page read before it moved (a full render slower than the owner's rename) is not kept at
  // the address it no longer has: the stream removed that page so the address answers its 301.
  if (!(await stillItsAddress(pagePath))) return;
  for (let tries = 0; tries < KEEP_TRIES; tries += 1) {
    const kept = await objectHead('site', key);
    if (kept && Number(kept.metadata[READ_AT] ?? 0) > page.readAt) return;
    const written = await writeObject('site', key, page.html, { ...write, ...(kept ? { ifMatch: kept.etag } : { ifAbsent: true }) });
    if (written) return;
  }
}

/**
 * The page for a request CloudFront could not find in the bucket (`pages/<path>.html`): rendered now
 * and kept for the next visitor when it is a page of the shop in the shop's own spelling (and only if
 * none is kept yet: a first visitor's render never replaces the streams' one); any other address under
 * `pages/` gets the not-found page, rendered and never kept (a filtered listing's key, its listing, rendered
 * and never kept either). A key outside `pages/` is not a page at
 * all: undefined. The page is written through a link the function signs itself (`writeNewObject`),
 * so the fallback, a read route, carries no S3 client.
 */
export async function renderMissingPage(key: string): Promise<RenderedPage | undefined> {
  // A filtered listing: rendered for this request (CloudFront caches it by its key), never kept, so a
  // change of the catalogue never leaves a stale one behind.
  const filtered = filteredListingPathOfKey(key) ?? searchPagePathOfKey(key);
  if (filtered !== undefined) return renderPath(filtered);
  const pagePath = pagePathOfKey(key);
  if (pagePath === undefined) return key.startsWith(PAGES_PREFIX) && key.length < 1024 ? renderPath(NOT_FOUND_PAGE_PATH) : undefined;
  const page = await renderPath(pagePath);
  if (page.status === 200) {
    // Keeping it is for the next visitor: this one gets the page even when the bucket cannot take it.
    const { key: object, write } = pageObject(pagePath, page);
    await writeNewObject('site', object, page.html, write).catch((error: unknown) => logger.warn('page not kept', { pagePath, error }));
  }
  return page;
}

/** Renders and keeps (or removes) each page; the paths are public page paths such as `/product/abc`. */
export async function publishPages(pagePaths: Iterable<string>): Promise<number> {
  let count = 0;
  for (const pagePath of new Set(pagePaths)) {
    await keepPage(pagePath, await renderPath(pagePath, { consistent: true }));
    count += 1;
  }
  return count;
}

/**
 * Renders the documents (the withdrawal form's PDF, with the seller of the settings in force) and keeps
 * them beside the pages. The caller reads the settings afresh first (`refreshSettings`).
 */
export async function publishDocuments(): Promise<number> {
  const [{ renderer }, info] = await Promise.all([loadRenderer(), shopInfo()]);
  const { path: pdfPath, contentType } = DOCUMENTS.withdrawalForm;
  await writeObject('site', documentObjectKey(pdfPath)!, await renderer.renderWithdrawalPdf(info.seller), {
    contentType,
    cacheControl: PAGE_CACHE_CONTROL,
  });
  return Object.keys(DOCUMENTS).length;
}

/** Every page of the shop (after a collection changed: every page's menu shows the collections). */
export async function publishAllPages(): Promise<number> {
  const products = await listProducts();
  return publishPages(allPagePaths(products.map((product) => product.slug)));
}
