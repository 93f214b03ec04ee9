/**
 * Pre-rendered pages (docs/design.md §22): which addresses exist as HTML before JavaScript runs, where each
 * is kept in the site bucket, and the data a page is rendered from (inlined in the page, so the app
 * hydrates it without fetching again). The renderer (`web/src/ssr/`), the function that renders and
 * publishes (`lambdas/services/pages.ts`), CloudFront's rewrite and the twin's front door all read this.
 */
import type { ShopInfoResponse } from './api.ts';
import { LISTING_FILTER_PARAMS, listingFilterToQuery, parseListingFilter } from './listing-filter.ts';
import type { Collection, ListingProduct, Product } from './product.ts';
import { INDEXED_PAGES, paths, routePatterns } from './paths.ts';

/** Where pre-rendered pages are kept in the site bucket (emptied by each deploy's pruning). */
export const PAGES_PREFIX = 'pages/';

/** Where the API answers CloudFront's fallback for a page the bucket does not have (`GET /api/pages/{key+}`). */
export const PAGES_FALLBACK_PATH = '/api/pages';

/** An address no route of the shop has: rendered, it is the not-found page (404); nothing is ever kept for it. */
export const NOT_FOUND_PAGE_PATH = '/-';

/** The `id` of the page's data block (`<script type="application/json">`, never executed). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * A pre-rendered page's data: what the first view shows. `product` is the product page's piece (`null`:
 * no such product, the page is the not-found page with status 404).
 */
export interface PageData {
  /** The address (path and query) the page was rendered for; the app hydrates only at that address. */
  readonly url: string;
  /** What every page states from the shop's settings (the seller in the footer, the caps, the retention periods). */
  readonly shop: ShopInfoResponse;
  readonly collections: readonly Collection[];
  /** The /shop page's listing (`ListingProduct`, as `GET /api/products`). */
  readonly products?: readonly ListingProduct[];
  readonly product?: { readonly id: string; readonly value: Product | null };
  /** The search page's query (as `searchQueryText` in `search.ts` shows it) and the pieces that answer it, best first. */
  readonly search?: { readonly query: string; readonly products: readonly ListingProduct[] };
}

/** What a public address is: a page rendered from the catalogue, the app shell (private pages), or nothing. */
export type PageKind =
  | { readonly kind: 'static'; readonly path: string }
  | { readonly kind: 'shop' }
  | { readonly kind: 'product'; readonly id: string }
  | { readonly kind: 'search' }
  | { readonly kind: 'app' }
  | { readonly kind: 'notFound' };

/** Pages rendered at the same address for everyone, whose only data is the header's collections. */
export const STATIC_PAGES: readonly string[] = [...INDEXED_PAGES.filter((path) => path !== paths.shop), paths.findOrder];

/** The checkout and customers' own pages: no HTML of their own, the app shell renders them in the browser. */
export const APP_PAGES: readonly string[] = [paths.cart, paths.shipping, paths.payment, paths.thankYou, paths.confirmStockAlert];
/** Path prefixes of app pages ("A minha encomenda" of one order). */
export const APP_PREFIXES: readonly string[] = [routePatterns.myOrder.slice(0, routePatterns.myOrder.indexOf(':'))];

/**
 * The app shell of "A minha encomenda" (`/encomenda/{id}`): the shell with its own title and
 * `noindex` (the build writes it beside `index.html`), so the raw page never reads as the home page.
 */
export const ORDER_SHELL = { prefix: APP_PREFIXES[0]!, file: 'encomenda.html', title: 'A minha encomenda | Joias Inox' } as const;

/**
 * Where a filtered listing (`/shop?tipo=anel`) is asked for in the site bucket: never kept there, so
 * CloudFront's origin group (and the twin's front door) hand it to the pages function, which renders
 * the listing with only the pieces that pass (title and canonical included) for CloudFront to cache.
 * The key carries the filter's parameters, in `LISTING_FILTER_PARAMS` order.
 */
export const FILTERED_LISTING_PREFIX = `${PAGES_PREFIX}shop-filtros/`;

/**
 * The filter's parameters of a query as the key names them (the CloudFront function does the same in
 * its own code): each known parameter once, in a fixed order, its value percent-encoded; '' when the
 * query has none (the plain listing).
 *
 * @example filteredListingQuery(new URLSearchParams('max=20&tipo=anel&utm=x')) // 'tipo=anel&max=20'
 */
export function filteredListingQuery(params: URLSearchParams): string {
  return Object.values(LISTING_FILTER_PARAMS)
    .filter((name) => params.get(name) !== null)
    .map((name) => `${name}=${encodeURIComponent(params.get(name)!)}`)
    .join('&');
}

/**
 * The listing's address of a filtered listing's key (`/shop?…` with the filter as the shop writes it),
 * or undefined when the key is not one.
 *
 * @example filteredListingPathOfKey('pages/shop-filtros/tipo=anel.html') // '/shop?tipo=anel'
 */
export function filteredListingPathOfKey(key: string): string | undefined {
  if (key.length > MAX_PAGE_KEY_LENGTH || !key.startsWith(FILTERED_LISTING_PREFIX) || !key.endsWith('.html')) return undefined;
  const query = listingFilterToQuery(parseListingFilter(key.slice(FILTERED_LISTING_PREFIX.length, -'.html'.length)));
  return query ? `${paths.shop}?${query}` : paths.shop;
}
const PRODUCT_PREFIX = routePatterns.product.slice(0, routePatterns.product.indexOf(':'));

/**
 * What a (decoded) path is. `adminPrefix`: the back-office's prefix, whose screens are app pages.
 *
 * @example pageKind('/product/abc', '/bastidores-7b99') // { kind: 'product', id: 'abc' }
 */
export function pageKind(path: string, adminPrefix?: string): PageKind {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (STATIC_PAGES.includes(trimmed)) return { kind: 'static', path: trimmed };
  if (trimmed === paths.shop) return { kind: 'shop' };
  if (trimmed === paths.search) return { kind: 'search' };
  if (trimmed.startsWith(PRODUCT_PREFIX)) {
    const id = trimmed.slice(PRODUCT_PREFIX.length);
    return id && !id.includes('/') ? { kind: 'product', id } : { kind: 'notFound' };
  }
  if (APP_PAGES.includes(trimmed) || APP_PREFIXES.some((prefix) => trimmed.startsWith(prefix))) return { kind: 'app' };
  if (adminPrefix && (trimmed === adminPrefix || trimmed.startsWith(`${adminPrefix}/`))) return { kind: 'app' };
  return { kind: 'notFound' };
}

/**
 * The site bucket's key of a pre-rendered page (decoded path; `/` is `pages/index.html`).
 *
 * @example pageObjectKey('/product/abc') // 'pages/product/abc.html'
 */
export function pageObjectKey(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return `${PAGES_PREFIX}${trimmed === '/' ? 'index' : trimmed.slice(1)}.html`;
}

/** Longest page key the shop serves (S3 keys stop at 1 024 bytes; no page of the shop comes near). */
export const MAX_PAGE_KEY_LENGTH = 512;
/** Longest address that can be a page (its key adds `pages/` and `.html`): longer ones are "not found". */
export const MAX_PAGE_PATH_LENGTH = MAX_PAGE_KEY_LENGTH - PAGES_PREFIX.length - '.html'.length;

/**
 * The public page a site-bucket key stands for, in the shop's own spelling, or undefined when the key is
 * not exactly the key of a pre-rendered page (another case, a `..` or empty segment, a checkout or
 * back-office address, anything the shop would answer 404). Only such keys are ever rendered to keep.
 *
 * @example pagePathOfKey('pages/product/abc.html') // '/product/abc'
 * @example pagePathOfKey('pages/PRODUCT/abc.html') // undefined
 */
export function pagePathOfKey(key: string): string | undefined {
  if (key.length > MAX_PAGE_KEY_LENGTH || !key.startsWith(PAGES_PREFIX) || !key.endsWith('.html')) return undefined;
  const name = key.slice(PAGES_PREFIX.length, -'.html'.length);
  if (name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  const path = name === 'index' ? '/' : `/${name}`;
  const kind = pageKind(path);
  if (kind.kind === 'app' || kind.kind === 'notFound' || kind.kind === 'search') return undefined;
  return pageObjectKey(path) === key ? path : undefined;
}

/**
 * Documents the shop renders from its settings and keeps beside its pages (the withdrawal form's PDF
 * names the seller): the address, and the key under `pages/` that CloudFront's rewrite and the twin's
 * front door serve it from. A deploy's pruning keeps them (only the owner's next save renders them
 * again, and nothing else would).
 */
export const DOCUMENTS = { withdrawalForm: { path: paths.withdrawalFormPdf, contentType: 'application/pdf' } } as const;

/** Where documents are kept (kept by a deploy's pruning: `infra/cloud/web.ts`, the twin's start). */
export const DOCUMENTS_PREFIX = `${PAGES_PREFIX}documentos/`;

/**
 * The site bucket's key of a document's address, or undefined when the address is no document.
 *
 * @example documentObjectKey('/documentos/formulario-de-livre-resolucao.pdf') // 'pages/documentos/formulario-de-livre-resolucao.pdf'
 */
export function documentObjectKey(path: string): string | undefined {
  return Object.values(DOCUMENTS).some((document) => document.path === path) ? `${PAGES_PREFIX}${path.slice(1)}` : undefined;
}

/** The page paths of a catalogue, for a full render: every static page, the listing and each product. */
export function allPagePaths(productSlugs: readonly string[]): string[] {
  return [...STATIC_PAGES, paths.shop, ...productSlugs.map((slug) => paths.product(slug))];
}

/**
 * The data block's text: JSON that no text inside can end early (`<` escaped, so no `</script>`).
 */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** An address decoded (`decodeURI`), or as it is when it is not validly encoded. */
export function decodedAddress(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

/** Whether two addresses (path and query) are the same page, written encoded or not. */
export function sameAddress(a: string, b: string): boolean {
  return a === b || decodedAddress(a) === decodedAddress(b);
}
