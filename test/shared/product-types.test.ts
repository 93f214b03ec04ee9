import { describe, expect, it } from 'vitest';
import { LISTING_FILTER_TYPES, PRODUCT_TYPES, PRODUCT_TYPE_INFO, isProductType } from '#shared/product-types.ts';

describe('product types', () => {
  it('are colar, anel, brinco and pulseira', () => {
    expect(PRODUCT_TYPES).toEqual(['colar', 'anel', 'brinco', 'pulseira']);
  });

  it('have the listing labels of the filter, in the order Colares, Brincos, Aneis, Pulseiras', () => {
    expect(LISTING_FILTER_TYPES.map((type) => PRODUCT_TYPE_INFO[type].listingLabel)).toEqual(['Colares', 'Brincos', 'Anéis', 'Pulseiras']);
  });

  it("have display names, a necklace shown as 'Fio/Colar'", () => {
    expect(PRODUCT_TYPES.map((type) => PRODUCT_TYPE_INFO[type].displayName)).toEqual(['Fio/Colar', 'Anel', 'Brinco', 'Pulseira']);
  });

  it('are guarded exactly', () => {
    for (const type of PRODUCT_TYPES) expect(isProductType(type)).toBe(true);
    for (const value of ['Colar', 'Aneis', 'fio', '', undefined, 0]) expect(isProductType(value)).toBe(false);
  });
});
