import { describe, expect, it } from 'vitest';
import {
  ACTIVE_FILTER_MAX_BELOW_EUROS,
  DEFAULT_LISTING_FILTER,
  LISTING_FILTER_PARAMS,
  PRICE_INPUT_MAX_EUROS,
  PRICE_INPUT_MIN_EUROS,
  activeFilterLabel,
  activeFilterParts,
  clampEuros,
  filterProducts,
  listingFilterToQuery,
  matchesListingFilter,
  parseListingFilter,
  shopPath,
  type FilterableProduct,
  type ListingFilter,
} from '#shared/listing-filter.ts';

const piece = (id: string, fields: Partial<FilterableProduct>) => ({
  id,
  type: 'colar' as const,
  collection: '',
  priceCents: 1000,
  discountPercent: 0,
  ...fields,
});

const catalogue = [
  piece('colar-barato', { priceCents: 500 }),
  piece('anel-nb', { type: 'anel', collection: 'New Beginnings', priceCents: 2500 }),
  piece('anel-promo', { type: 'anel', priceCents: 4000, discountPercent: 50 }), // pays 20,00 €
  piece('brinco-caro', { type: 'brinco', priceCents: 10_001 }),
  piece('pulseira-nb', { type: 'pulseira', collection: 'New Beginnings', priceCents: 10_000 }),
];

const ids = (filter: ListingFilter) => filterProducts(catalogue, filter).map((p) => p.id);

describe('listing filter defaults and bounds', () => {
  it('defaults to the whole range 0-100 € with no type or collection', () => {
    expect(DEFAULT_LISTING_FILTER).toEqual({ minEuros: 0, maxEuros: 100 });
    expect(PRICE_INPUT_MIN_EUROS).toBe(0);
    expect(PRICE_INPUT_MAX_EUROS).toBe(100);
    expect(ACTIVE_FILTER_MAX_BELOW_EUROS).toBe(35);
  });

  it('clamps amounts to 0-100', () => {
    expect(clampEuros(-1)).toBe(0);
    expect(clampEuros(42.5)).toBe(42.5);
    expect(clampEuros(101)).toBe(100);
  });
});

describe('matching', () => {
  it('keeps everything up to 100 € by default', () => {
    expect(ids(DEFAULT_LISTING_FILTER)).toEqual(['colar-barato', 'anel-nb', 'anel-promo', 'pulseira-nb']);
  });

  it('compares the price after discount, bounds included', () => {
    const promo = catalogue[2]!;
    expect(matchesListingFilter(promo, { minEuros: 20, maxEuros: 20 })).toBe(true);
    expect(matchesListingFilter(promo, { minEuros: 0, maxEuros: 19.99 })).toBe(false);
    expect(matchesListingFilter(promo, { minEuros: 20.01, maxEuros: 100 })).toBe(false);
    expect(ids({ minEuros: 5, maxEuros: 25 })).toEqual(['colar-barato', 'anel-nb', 'anel-promo']);
  });

  it('filters by type and by collection only when chosen', () => {
    expect(ids({ ...DEFAULT_LISTING_FILTER, type: 'anel' })).toEqual(['anel-nb', 'anel-promo']);
    expect(ids({ ...DEFAULT_LISTING_FILTER, collection: 'New Beginnings' })).toEqual(['anel-nb', 'pulseira-nb']);
    expect(ids({ ...DEFAULT_LISTING_FILTER, type: 'anel', collection: 'New Beginnings' })).toEqual(['anel-nb']);
    expect(ids({ ...DEFAULT_LISTING_FILTER, type: 'brinco' })).toEqual([]);
  });
});

describe("the 'Filtros ativos' line", () => {
  it('lists the chosen type label', () => {
    expect(activeFilterParts({ type: 'anel', minEuros: 0, maxEuros: 100 })).toEqual(['Anéis']);
  });

  it("shows 'até {max}€' only when the maximum is below 35", () => {
    expect(activeFilterLabel({ type: 'anel', minEuros: 0, maxEuros: 34 })).toBe('Anéis, até 34€');
    expect(activeFilterLabel({ type: 'anel', minEuros: 0, maxEuros: 35 })).toBe('Anéis');
    expect(activeFilterLabel({ minEuros: 0, maxEuros: 34.99 })).toBe('até 34,99€');
    // Money is written with two decimals, never 'até 29,9€'.
    expect(activeFilterLabel({ minEuros: 0, maxEuros: 29.9 })).toBe('até 29,90€');
    expect(activeFilterLabel({ minEuros: 10, maxEuros: 100 })).toBe('');
  });

  it('names a chosen collection too', () => {
    expect(activeFilterLabel({ type: 'colar', collection: 'New Beginnings', minEuros: 0, maxEuros: 12.5 })).toBe(
      'Colares, New Beginnings, até 12,50€',
    );
  });
});

describe('the filter in the URL', () => {
  it('uses tipo, colecao, min and max', () => {
    expect(LISTING_FILTER_PARAMS).toEqual({ type: 'tipo', collection: 'colecao', min: 'min', max: 'max' });
  });

  it('writes only what differs from the defaults, percent-encoded', () => {
    expect(listingFilterToQuery(DEFAULT_LISTING_FILTER)).toBe('');
    expect(listingFilterToQuery({ type: 'anel', collection: 'New Beginnings', minEuros: 0, maxEuros: 100 })).toBe(
      'tipo=anel&colecao=New%20Beginnings',
    );
    expect(listingFilterToQuery({ type: 'brinco', minEuros: 5, maxEuros: 12.5 })).toBe('tipo=brinco&min=5&max=12.5');
    expect(listingFilterToQuery({ collection: 'Ouro & Prata', minEuros: 0, maxEuros: 150 })).toBe('colecao=Ouro%20%26%20Prata');
    expect(listingFilterToQuery({ minEuros: Number.NaN, maxEuros: Number.POSITIVE_INFINITY })).toBe('');
  });

  it('builds listing paths for category tiles and collection links', () => {
    expect(shopPath()).toBe('/shop');
    expect(shopPath({ type: 'anel' })).toBe('/shop?tipo=anel');
    expect(shopPath({ type: 'anel', collection: 'New Beginnings' })).toBe('/shop?tipo=anel&colecao=New%20Beginnings');
  });

  it('reads a shared link', () => {
    expect(parseListingFilter('?tipo=anel&colecao=New%20Beginnings')).toEqual({
      type: 'anel',
      collection: 'New Beginnings',
      minEuros: 0,
      maxEuros: 100,
    });
    expect(parseListingFilter(new URLSearchParams('colecao=New+Beginnings&min=5&max=12,5'))).toEqual({
      collection: 'New Beginnings',
      minEuros: 5,
      maxEuros: 12.5,
    });
  });

  it('ignores invalid values and clamps prices to 0-100', () => {
    expect(parseListingFilter('?tipo=relogio&colecao=%20%20&min=abc&max=')).toEqual(DEFAULT_LISTING_FILTER);
    expect(parseListingFilter('?tipo=Anel&min=0x10&max=1e3')).toEqual(DEFAULT_LISTING_FILTER);
    expect(parseListingFilter(`?colecao=${'x'.repeat(61)}`)).toEqual(DEFAULT_LISTING_FILTER);
    expect(parseListingFilter('?min=-5&max=500')).toEqual({ minEuros: 0, maxEuros: 100 });
    expect(parseListingFilter('?utm_source=instagram&tipo=pulseira')).toEqual({ type: 'pulseira', minEuros: 0, maxEuros: 100 });
    expect(parseListingFilter('')).toEqual(DEFAULT_LISTING_FILTER);
  });

  it('round-trips through the URL', () => {
    const filters: ListingFilter[] = [
      DEFAULT_LISTING_FILTER,
      { type: 'anel', collection: 'New Beginnings', minEuros: 0, maxEuros: 100 },
      { type: 'colar', minEuros: 2, maxEuros: 25 },
      { collection: 'Verão & Mar / 2026?', minEuros: 7.5, maxEuros: 34.99 },
    ];
    for (const filter of filters) expect(parseListingFilter(listingFilterToQuery(filter))).toEqual(filter);
  });
});
