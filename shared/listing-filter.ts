/**
 * The product listing filter: matching, the active-filter line and the filter's place in the URL
 * (`/shop?tipo=anel&colecao=New%20Beginnings&min=5&max=30`).
 */
import { eurosToCents } from './money.ts';
import { discountedPriceCents } from './pricing.ts';
import type { Product, ProductType } from './product.ts';
import { PRODUCT_TYPE_INFO, isProductType } from './product-types.ts';

/** Lowest value of the price inputs, in euros. */
export const PRICE_INPUT_MIN_EUROS = 0;
/** Highest value of the price inputs, in euros. */
export const PRICE_INPUT_MAX_EUROS = 100;
/** The active-filter line shows 'até {max}€' only when the maximum is below this. */
export const ACTIVE_FILTER_MAX_BELOW_EUROS = 35;
/** Longest collection name read from the URL. */
export const MAX_COLLECTION_PARAM_LENGTH = 60;

/** Query parameter names. */
export const LISTING_FILTER_PARAMS = { type: 'tipo', collection: 'colecao', min: 'min', max: 'max' } as const;

/** A listing filter; prices in euros, as the inputs hold them. */
export interface ListingFilter {
  readonly type?: ProductType;
  readonly collection?: string;
  readonly minEuros: number;
  readonly maxEuros: number;
}

/** The defaults: the whole price range, no type, no collection ('Limpar Filtros' restores them). */
export const DEFAULT_LISTING_FILTER: ListingFilter = {
  minEuros: PRICE_INPUT_MIN_EUROS,
  maxEuros: PRICE_INPUT_MAX_EUROS,
};

/** The product fields the filter reads. */
export type FilterableProduct = Pick<Product, 'type' | 'collection' | 'priceCents' | 'discountPercent'>;

/** Clamps a euro amount to the input range 0-100. */
export function clampEuros(euros: number): number {
  return Math.min(PRICE_INPUT_MAX_EUROS, Math.max(PRICE_INPUT_MIN_EUROS, euros));
}

/**
 * Whether a product passes the filter: the price the customer pays (after discount) within
 * [min, max] euros, and the type and collection equal to the chosen ones when chosen.
 *
 * @example
 * matchesListingFilter({ type: 'anel', collection: '', priceCents: 4000, discountPercent: 50 },
 *   { type: 'anel', minEuros: 0, maxEuros: 20 }); // true (pays 20,00 €)
 */
export function matchesListingFilter(product: FilterableProduct, filter: ListingFilter): boolean {
  const paidCents = discountedPriceCents(product.priceCents, product.discountPercent);
  return (
    paidCents >= eurosToCents(filter.minEuros) &&
    paidCents <= eurosToCents(filter.maxEuros) &&
    (filter.type === undefined || product.type === filter.type) &&
    (filter.collection === undefined || product.collection === filter.collection)
  );
}

/** The products that pass the filter, in their original order. */
export function filterProducts<T extends FilterableProduct>(products: readonly T[], filter: ListingFilter): T[] {
  return products.filter((product) => matchesListingFilter(product, filter));
}

const wholeEuros = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A euro amount as money is written: whole euros without decimals ('20'), otherwise with two ('29,90'). */
function eurosText(euros: number): string {
  return Number.isInteger(euros) ? wholeEuros.format(euros) : euroCents.format(euros);
}

/**
 * The pieces of the 'Filtros ativos' line: the chosen type's listing label, the chosen collection,
 * and 'até {max}€' only when the maximum is below 35 €.
 *
 * @example
 * activeFilterParts({ type: 'anel', minEuros: 0, maxEuros: 20 });  // ['Anéis', 'até 20€']
 * activeFilterParts({ type: 'anel', minEuros: 0, maxEuros: 35 });  // ['Anéis']
 */
export function activeFilterParts(filter: ListingFilter): string[] {
  const parts: string[] = [];
  if (filter.type !== undefined) parts.push(PRODUCT_TYPE_INFO[filter.type].listingLabel);
  if (filter.collection !== undefined) parts.push(filter.collection);
  if (filter.maxEuros < ACTIVE_FILTER_MAX_BELOW_EUROS) parts.push(`até ${eurosText(filter.maxEuros)}€`);
  return parts;
}

/**
 * The 'Filtros ativos' line's text: the parts joined by ', ' ('' when nothing is active).
 *
 * @example
 * activeFilterLabel({ type: 'colar', collection: 'New Beginnings', minEuros: 0, maxEuros: 12.5 });
 * // 'Colares, New Beginnings, até 12,50€'
 */
export function activeFilterLabel(filter: ListingFilter): string {
  return activeFilterParts(filter).join(', ');
}

/** A euro amount from the URL: digits with an optional sign and decimals ('.' or ','), else undefined. */
function readEuros(value: string | null): number | undefined {
  const text = value?.trim() ?? '';
  if (!/^-?\d{1,6}(?:[.,]\d+)?$/.test(text)) return undefined;
  return clampEuros(Number(text.replace(',', '.')));
}

/**
 * Reads a filter from the URL's query (`tipo`, `colecao`, `min`, `max`). Unknown types, empty or
 * over-long collections and non-numeric prices are ignored (defaults apply); prices are clamped to
 * 0-100. Other parameters are ignored.
 *
 * @example
 * parseListingFilter('?tipo=anel&colecao=New%20Beginnings&max=500');
 * // { type: 'anel', collection: 'New Beginnings', minEuros: 0, maxEuros: 100 }
 */
export function parseListingFilter(search: string | URLSearchParams): ListingFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get(LISTING_FILTER_PARAMS.type)?.trim();
  const collection = params.get(LISTING_FILTER_PARAMS.collection)?.trim();
  return {
    ...(isProductType(type) ? { type } : {}),
    ...(collection && collection.length <= MAX_COLLECTION_PARAM_LENGTH ? { collection } : {}),
    minEuros: readEuros(params.get(LISTING_FILTER_PARAMS.min)) ?? DEFAULT_LISTING_FILTER.minEuros,
    maxEuros: readEuros(params.get(LISTING_FILTER_PARAMS.max)) ?? DEFAULT_LISTING_FILTER.maxEuros,
  };
}

/** A price for the URL: clamped, and left out when missing, not finite or the default. */
function eurosParam(euros: number | undefined, defaultEuros: number): string | undefined {
  if (euros === undefined || !Number.isFinite(euros)) return undefined;
  const clamped = clampEuros(euros);
  return clamped === defaultEuros ? undefined : String(clamped);
}

/**
 * The query string of a filter, without '?': only what differs from the defaults, in the order
 * tipo, colecao, min, max, percent-encoded ('' for the default filter).
 *
 * @example
 * listingFilterToQuery({ type: 'anel', collection: 'New Beginnings', minEuros: 0, maxEuros: 100 });
 * // 'tipo=anel&colecao=New%20Beginnings'
 */
export function listingFilterToQuery(filter: Partial<ListingFilter>): string {
  const pairs: [string, string][] = [];
  if (filter.type !== undefined) pairs.push([LISTING_FILTER_PARAMS.type, filter.type]);
  if (filter.collection) pairs.push([LISTING_FILTER_PARAMS.collection, filter.collection]);
  const min = eurosParam(filter.minEuros, DEFAULT_LISTING_FILTER.minEuros);
  if (min !== undefined) pairs.push([LISTING_FILTER_PARAMS.min, min]);
  const max = eurosParam(filter.maxEuros, DEFAULT_LISTING_FILTER.maxEuros);
  if (max !== undefined) pairs.push([LISTING_FILTER_PARAMS.max, max]);
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/**
 * The listing's path for a filter: category tiles and collection links use it.
 *
 * @example
 * shopPath({ type: 'anel' });                 // '/shop?tipo=anel'
 * shopPath({ collection: 'New Beginnings' }); // '/shop?colecao=New%20Beginnings'
 * shopPath();                                 // '/shop'
 */
export function shopPath(filter: Partial<ListingFilter> = {}): string {
  const query = listingFilterToQuery(filter);
  return query ? `/shop?${query}` : '/shop';
}
