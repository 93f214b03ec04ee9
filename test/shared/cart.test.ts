import { describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  addToCart,
  cartCount,
  cartItemFromProduct,
  clampQuantity,
  clearCart,
  decreaseQuantity,
  exceedsStock,
  orderItems,
  parseStoredCart,
  quantityInCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  type Cart,
  type CartItem,
} from '#shared/cart.ts';
import type { Product } from '#shared/product.ts';
import { summarizeCart } from '#shared/pricing.ts';

const item = (productId: string, quantity = 1, fields: Partial<CartItem> = {}): CartItem => ({
  productId,
  quantity,
  name: `Peça ${productId}`,
  priceCents: 1000,
  discountPercent: 0,
  image: `/images/${productId}.webp`,
  ...fields,
});

const lua: Product = {
  id: 'colar-lua',
  slug: 'colar-lua',
  code: 'CL-01',
  sku: 'SKU-CL-01',
  name: 'Colar Lua',
  description: 'Aço inoxidável.',
  type: 'colar',
  collection: 'New Beginnings',
  priceCents: 1999,
  discountPercent: 15,
  stock: 4,
  variants: [{ id: 'unico', label: '', sku: 'SKU-CL-01', stock: 4, priceDeltaCents: 0 }],
  photos: [],
  mainImage: '/images/lua.webp',
  secondaryImage: '',
};

describe('cart constants', () => {
  it("keeps the cart under 'cart', 1-10 per line, at most 20 lines", () => {
    expect(CART_STORAGE_KEY).toBe('cart');
    expect(MAX_LINE_QUANTITY).toBe(10);
    expect(MAX_CART_LINES).toBe(20);
  });
});

describe('cart operations', () => {
  it('builds a line from a product', () => {
    expect(cartItemFromProduct(lua, 2)).toEqual({
      productId: 'colar-lua',
      slug: 'colar-lua',
      quantity: 2,
      name: 'Colar Lua',
      priceCents: 1999,
      discountPercent: 15,
      image: '/images/lua.webp',
      stock: 4,
    });
  });

  it('appends new products and merges quantities of the same product', () => {
    let cart: Cart = [];
    cart = addToCart(cart, item('a', 1));
    cart = addToCart(cart, item('b', 2));
    cart = addToCart(cart, item('a', 3, { priceCents: 1200 }));
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([
      ['a', 4],
      ['b', 2],
    ]);
    expect(cart[0]!.priceCents).toBe(1200);
  });

  it('caps quantities at 10 and ignores a 21st product', () => {
    expect(addToCart([item('a', 8)], item('a', 5))[0]!.quantity).toBe(10);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => item(`p${i}`));
    expect(addToCart(full, item('extra'))).toBe(full);
    expect(addToCart(full, item('p0'))[0]!.quantity).toBe(2);
  });

  it('does not mutate the cart it is given', () => {
    const cart = Object.freeze([Object.freeze(item('a', 1))]);
    expect(() => setQuantity(addToCart(cart, item('a')), 'a', 5)).not.toThrow();
    expect(cart[0]!.quantity).toBe(1);
  });

  it('removes a product by id', () => {
    expect(removeFromCart([item('a'), item('b')], 'a').map((line) => line.productId)).toEqual(['b']);
    expect(removeFromCart([item('a')], 'zz')).toHaveLength(1);
  });

  it('decreases by 1 only while above 1', () => {
    expect(quantityInCart(decreaseQuantity([item('a', 2)], 'a'), 'a')).toBe(1);
    expect(quantityInCart(decreaseQuantity([item('a', 1)], 'a'), 'a')).toBe(1);
    expect(decreaseQuantity([item('a', 2)], 'zz')).toEqual([item('a', 2)]);
  });

  it('sets a quantity within 1-10', () => {
    expect(quantityInCart(setQuantity([item('a')], 'a', 7), 'a')).toBe(7);
    expect(quantityInCart(setQuantity([item('a')], 'a', 0), 'a')).toBe(1);
    expect(quantityInCart(setQuantity([item('a')], 'a', 500), 'a')).toBe(10);
  });

  it('clamps quantities to whole units 1-10', () => {
    expect([-3, 0, 1, 2.7, 10, 11, Number.NaN, Number.POSITIVE_INFINITY].map(clampQuantity)).toEqual([1, 1, 1, 2, 10, 10, 1, 1]);
  });

  it('clears', () => {
    expect(clearCart()).toEqual([]);
  });

  it('counts the sum of quantities for the badge', () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([item('a', 2), item('b', 3)])).toBe(5);
  });

  it('tells when adding would exceed the stock, counting what the cart holds', () => {
    expect(exceedsStock([], 'a', 4, 4)).toBe(false);
    expect(exceedsStock([], 'a', 5, 4)).toBe(true);
    expect(exceedsStock([item('a', 2)], 'a', 2, 4)).toBe(false);
    expect(exceedsStock([item('a', 2)], 'a', 3, 4)).toBe(true);
    expect(exceedsStock([], 'a', 1, 0)).toBe(true);
  });

  it('sends only ids and quantities to the server', () => {
    expect(orderItems([item('a', 2, { stock: 3 }), item('b')])).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 1 },
    ]);
  });

  it('is priced by the pricing rules', () => {
    expect(summarizeCart([cartItemFromProduct(lua, 2)])).toEqual({
      subtotalCents: 3998,
      discountCents: 600,
      totalCents: 3398,
    });
  });
});

describe('parseStoredCart', () => {
  it('round-trips what serializeCart writes', () => {
    const cart = [item('a', 2, { stock: 5 }), item('b', 1, { discountPercent: 20 })];
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
  });

  it.each([null, '', '{not json', 'undefined', 'null', '42', '"cart"', '{}', '{"items":"x"}', 'true'])(
    'gives the empty cart for %j',
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  it('drops lines it cannot trust and keeps the others', () => {
    const raw = JSON.stringify([
      item('ok', 1),
      null,
      'a',
      [],
      { ...item('neg'), quantity: -1 },
      { ...item('zero'), quantity: 0 },
      { ...item('nan'), quantity: 'NaN' },
      { ...item('str'), quantity: '2' },
      { ...item('noid'), productId: '' },
      { ...item('longid'), productId: 'x'.repeat(101) },
      { ...item('price'), priceCents: -5 },
      { ...item('fraction'), priceCents: 10.5 },
      { ...item('discount'), discountPercent: 95 },
      { ...item('name'), name: 42 },
      { ...item('image'), image: 42 },
      item('ok2', 3),
    ]);
    expect(parseStoredCart(raw).map((line) => line.productId)).toEqual(['ok', 'ok2']);
  });

  it('clamps quantities, merges repeated products and keeps at most 20 lines', () => {
    const raw = JSON.stringify([item('a', 150), item('b', 2.9), item('b', 1), ...Array.from({ length: 60 }, (_, i) => item(`p${i}`))]);
    const cart = parseStoredCart(raw);
    expect(cart).toHaveLength(20);
    expect(quantityInCart(cart, 'a')).toBe(10);
    expect(quantityInCart(cart, 'b')).toBe(3);
  });

  it('defaults missing discount and image, and drops a bad stock', () => {
    const raw = JSON.stringify([{ productId: 'a', quantity: 1, name: 'A', priceCents: 500, stock: -2 }]);
    expect(parseStoredCart(raw)).toEqual([{ productId: 'a', quantity: 1, name: 'A', priceCents: 500, discountPercent: 0, image: '' }]);
  });

  it("reads the old format (product fields with 'id', 'price' in euros, 'discount', 'mainImage')", () => {
    const raw = JSON.stringify([
      {
        id: 'doc1',
        code: 'CL-01',
        name: 'Colar Lua',
        price: 19.99,
        discount: 15,
        stock: 4,
        mainImage: 'https://example.com/lua.jpg',
        quantity: 2,
        finalPrice: 16.99,
      },
    ]);
    expect(parseStoredCart(raw)).toEqual([
      {
        productId: 'doc1',
        quantity: 2,
        name: 'Colar Lua',
        priceCents: 1999,
        discountPercent: 15,
        image: 'https://example.com/lua.jpg',
        stock: 4,
      },
    ]);
  });

  it('reads an object holding the lines under items', () => {
    expect(parseStoredCart(JSON.stringify({ items: [item('a', 2)] }))).toEqual([item('a', 2)]);
  });
});
