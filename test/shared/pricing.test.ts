import { describe, expect, it } from 'vitest';
import {
  MAX_DISCOUNT_PERCENT,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  discountedPriceCents,
  priceLine,
  quoteOrder,
  summarizeCart,
  unitDiscountCents,
} from '#shared/pricing.ts';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_METHODS,
  SHIPPING_METHOD_IDS,
  isShippingMethodId,
  qualifiesForFreeShipping,
  shippingCostCents,
} from '#shared/shipping.ts';

describe('discounted unit price = price − round(price × discount / 100)', () => {
  it.each([
    [1999, 15, 1699], // 299.85 → 300
    [2500, 0, 2500],
    [2500, 10, 2250],
    [1000, 33, 670],
    [150, 1, 148], // 1.5 → 2 (halves round up)
    [149, 1, 148], // 1.49 → 1
    [999, 50, 499], // 499.5 → 500
    [1, 90, 0], // 0.9 → 1
    [1_000_000, 90, 100_000],
  ])('%i cents at %i%% → %i cents', (price, discount, expected) => {
    expect(discountedPriceCents(price, discount)).toBe(expected);
    expect(unitDiscountCents(price, discount)).toBe(price - expected);
  });
});

describe('priceLine', () => {
  it('rounds the discount per unit, then multiplies, and keeps the line fields', () => {
    expect(priceLine({ productId: 'p', priceCents: 1999, discountPercent: 15, quantity: 3 })).toEqual({
      productId: 'p',
      priceCents: 1999,
      discountPercent: 15,
      quantity: 3,
      discountedUnitCents: 1699,
      subtotalCents: 5997,
      discountCents: 900,
      totalCents: 5097,
    });
  });
});

const mixedCart = [
  { priceCents: 1999, discountPercent: 15, quantity: 2 }, // 3998 − 600 = 3398
  { priceCents: 1250, discountPercent: 0, quantity: 1 }, // 1250 − 0 = 1250
  { priceCents: 899, discountPercent: 25, quantity: 3 }, // 2697 − 3 × 225 (224.75) = 2022
];

describe('summarizeCart', () => {
  it('checks a 3-item cart with mixed discounts to the cent', () => {
    expect(summarizeCart(mixedCart)).toEqual({ subtotalCents: 7945, discountCents: 1275, totalCents: 6670 });
  });

  it('is all zeros for the empty cart', () => {
    expect(summarizeCart([])).toEqual({ subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });
});

describe('shipping', () => {
  it('offers CTT (3,00 €, standard, untracked) and CTT Expresso (5,00 €, registered, tracked)', () => {
    expect(SHIPPING_METHOD_IDS).toEqual(['ctt', 'ctt-expresso']);
    expect(SHIPPING_METHODS.ctt).toMatchObject({ id: 'ctt', label: 'CTT', costCents: 300, tracked: false });
    expect(SHIPPING_METHODS.ctt.description).toContain('3 a 5 dias úteis');
    expect(SHIPPING_METHODS['ctt-expresso']).toMatchObject({
      id: 'ctt-expresso',
      label: 'CTT Expresso',
      costCents: 500,
      tracked: true,
    });
    expect(SHIPPING_METHODS['ctt-expresso'].description).toContain('registado');
  });

  it('is free from 30,00 € inclusive (rule 26): 2999 cents pays, 3000 ships free', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(3000);
    expect(qualifiesForFreeShipping(2999)).toBe(false);
    expect(qualifiesForFreeShipping(3000)).toBe(true);
    expect(shippingCostCents('ctt', 2999)).toBe(300);
    expect(shippingCostCents('ctt-expresso', 2999)).toBe(500);
    expect(shippingCostCents('ctt', 3000)).toBe(0);
    expect(shippingCostCents('ctt-expresso', 3000)).toBe(0);
    expect(shippingCostCents('ctt', 0)).toBe(300);
  });

  it('guards method ids', () => {
    expect(isShippingMethodId('ctt')).toBe(true);
    expect(isShippingMethodId('ctt-expresso')).toBe(true);
    expect(isShippingMethodId('CTT')).toBe(false);
    expect(isShippingMethodId(undefined)).toBe(false);
  });
});

describe('quoteOrder', () => {
  it('applies discounts to the order total and adds shipping', () => {
    const quote = quoteOrder([{ priceCents: 2000, discountPercent: 0, quantity: 1 }], 'ctt');
    expect(quote).toMatchObject({ subtotalCents: 2000, discountCents: 0, totalCents: 2000 });
    expect(quote).toMatchObject({ shippingMethod: 'ctt', shippingCents: 300, freeShipping: false, orderTotalCents: 2300 });
  });

  it('decides free shipping on the subtotal before discounts', () => {
    // 3400 before discount, 2720 after: still ships free, the customer pays 27,20 €.
    const quote = quoteOrder([{ priceCents: 3400, discountPercent: 20, quantity: 1 }], 'ctt-expresso');
    expect(quote).toMatchObject({ subtotalCents: 3400, totalCents: 2720, shippingCents: 0, freeShipping: true });
    expect(quote.orderTotalCents).toBe(2720);
  });

  it('ships a 30,00 € cart free and charges shipping at 29,99 €', () => {
    expect(quoteOrder([{ priceCents: 1500, discountPercent: 0, quantity: 2 }], 'ctt-expresso').orderTotalCents).toBe(3000);
    expect(quoteOrder([{ priceCents: 2999, discountPercent: 0, quantity: 1 }], 'ctt-expresso').orderTotalCents).toBe(3499);
  });

  it('prices the mixed cart to the cent, line by line', () => {
    const quote = quoteOrder(mixedCart, 'ctt');
    expect(quote.lines.map((line) => line.totalCents)).toEqual([3398, 1250, 2022]);
    expect(quote.lines.map((line) => line.discountedUnitCents)).toEqual([1699, 1250, 674]);
    expect(quote).toMatchObject({ subtotalCents: 7945, discountCents: 1275, totalCents: 6670, shippingCents: 0 });
    expect(quote.orderTotalCents).toBe(6670);
  });
});

describe('product price bounds', () => {
  it('are 0,01 € to 10 000 € and a discount up to 90 %', () => {
    expect(MIN_PRICE_CENTS).toBe(1);
    expect(MAX_PRICE_CENTS).toBe(1_000_000);
    expect(MAX_DISCOUNT_PERCENT).toBe(90);
  });
});
