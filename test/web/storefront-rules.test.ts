/**
 * The web app's own rules, without a browser: tracking parameters, the cart store, the checkout
 * session (idempotency key per attempt) and the proof file checks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrderResponse, PlaceOrderResponse } from '#shared/api.ts';
import type { Product } from '#shared/product.ts';
import type { PlaceOrderInput } from '#shared/schemas/place-order.ts';
import { isTrackingParam, withoutTrackingParams } from '#web/app/tracking-params.ts';
import { createCartStore, refreshCartLines, type CartBackend } from '#web/lib/cart-store.ts';

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 'anel-lua',
  slug: 'anel-lua',
  code: 'ANE-9',
  sku: 'JI-ANE-9',
  name: 'Anel Lua',
  description: '',
  type: 'anel',
  collection: '',
  priceCents: 1990,
  discountPercent: 10,
  stock: 3,
  photos: [],
  mainImage: '/images/anel-lua.webp',
  secondaryImage: '',
  ...overrides,
  variants: overrides.variants ?? [{ id: 'unico', label: '', sku: 'JI-ANE-9', stock: overrides.stock ?? 3, priceDeltaCents: 0 }],
});

describe('tracking parameters', () => {
  it('removes utm_* and click ids, keeps everything else in order', () => {
    expect(withoutTrackingParams('?utm_source=ig&tipo=anel&fbclid=1&gclid=2&max=20&UTM_Medium=x')).toBe('?tipo=anel&max=20');
    expect(withoutTrackingParams('?utm_source=ig&msclkid=3')).toBe('');
    expect(withoutTrackingParams('?tipo=anel&colecao=New%20Beginnings')).toBeNull();
    expect(withoutTrackingParams('')).toBeNull();
    expect(isTrackingParam('colecao')).toBe(false);
    expect(isTrackingParam('utm_campaign')).toBe(true);
  });
});

describe('cart store', () => {
  function memoryBackend(initial: string | null = null) {
    let text = initial;
    let notify: (() => void) | undefined;
    const backend: CartBackend = {
      read: () => text,
      write: (next) => void (text = next),
      watch: (changed) => {
        notify = changed;
        return () => (notify = undefined);
      },
    };
    /** Another tab writes the cart. */
    const external = (next: string) => {
      text = next;
      notify?.();
    };
    return { backend, external, stored: () => text };
  }

  it('restores the stored cart (corrupt data is an empty cart) and keeps changes stored', () => {
    expect(createCartStore(memoryBackend('{not json').backend).getSnapshot()).toEqual([]);
    const memory = memoryBackend(
      JSON.stringify([{ productId: 'anel-lua', quantity: 2, name: 'Anel Lua', priceCents: 1990, discountPercent: 10, image: '' }]),
    );
    const store = createCartStore(memory.backend);
    expect(store.getSnapshot()).toHaveLength(1);
    store.add({ productId: 'anel-lua', quantity: 1, name: 'Anel Lua', priceCents: 1990, discountPercent: 10, image: '' });
    expect(store.getSnapshot()[0]!.quantity).toBe(3);
    expect(JSON.parse(memory.stored()!)[0].quantity).toBe(3);
  });

  it('never goes below 1 nor above the given stock', () => {
    const store = createCartStore(memoryBackend().backend);
    store.add({ productId: 'p', quantity: 1, name: 'P', priceCents: 100, discountPercent: 0, image: '', stock: 2 });
    store.decrease('p');
    expect(store.getSnapshot()[0]!.quantity).toBe(1);
    store.increase('p', 2);
    store.increase('p', 2);
    expect(store.getSnapshot()[0]!.quantity).toBe(2);
    store.remove('p');
    expect(store.getSnapshot()).toEqual([]);
  });

  it('takes fresh product fields but keeps quantities, and keeps the same cart when nothing changed', () => {
    const store = createCartStore(memoryBackend().backend);
    store.add({ productId: 'anel-lua', quantity: 2, name: 'Old name', priceCents: 1500, discountPercent: 0, image: '' });
    store.refresh([product()]);
    expect(store.getSnapshot()).toEqual([
      {
        productId: 'anel-lua',
        slug: 'anel-lua',
        quantity: 2,
        name: 'Anel Lua',
        priceCents: 1990,
        discountPercent: 10,
        image: '/images/anel-lua.webp',
        stock: 3,
      },
    ]);
    const cart = store.getSnapshot();
    expect(refreshCartLines(cart, [product()])).toBe(cart);
  });

  it('follows changes made in another tab and tells its subscribers', () => {
    const memory = memoryBackend();
    const store = createCartStore(memory.backend);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    memory.external(JSON.stringify([{ productId: 'p', quantity: 4, name: 'P', priceCents: 100, discountPercent: 0, image: '' }]));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()[0]!.quantity).toBe(4);
    unsubscribe();
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('checkout session', () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = new Map();
    const sessionStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    // Two areas, as a browser has: the open reservation is kept in localStorage (every tab), the attempt in the tab's session.
    const local = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => local.get(key) ?? null,
      setItem: (key: string, value: string) => void local.set(key, value),
      removeItem: (key: string) => void local.delete(key),
    };
    vi.stubGlobal('window', { sessionStorage, localStorage });
  });
  afterEach(() => vi.unstubAllGlobals());

  const input = (quantity: number): PlaceOrderInput => ({
    items: [{ productId: 'anel-lua', quantity }],
    shipping: {
      email: 'ana@exemplo.pt',
      firstName: 'Ana',
      lastName: 'Silva',
      country: 'Portugal',
      address: 'Rua Augusta 1',
      city: 'Lisboa',
      postalCode: '1100-048',
      phone: '912345678',
      shippingMethod: 'ctt',
      paymentMethod: 'mbway',
      acceptTerms: true,
    },
  });
  const PROOF_KEY = 'proofs/pending/0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f';
  const reservation = (expiresAt: string) =>
    ({
      order: { id: '123456', orderNumber: 123456, status: 'Aguarda Pagamento', expiresAt, accessToken: 't'.repeat(43), lines: [] },
    }) as unknown as PlaceOrderResponse;

  it('keeps one Idempotency-Key per attempt: the same for a retry, a new one once the order changed or was placed', async () => {
    const session = await import('#web/lib/checkout-session.ts');
    const first = session.idempotencyKeyFor(input(1));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.idempotencyKeyFor(input(1))).toBe(first);
    const changed = session.idempotencyKeyFor(input(2));
    expect(changed).not.toBe(first);
    session.saveProof({ key: PROOF_KEY, name: 'talão.pdf', size: 1200 });
    session.recordPlacedOrder({ order: { orderNumber: 123456, lines: [] } } as unknown as CustomerOrderResponse);
    expect(session.loadProof()).toBeNull();
    expect(session.loadPlacedOrder()?.order.orderNumber).toBe(123456);
    expect(session.idempotencyKeyFor(input(2))).not.toBe(changed);
  });

  it('keeps the reservation for exactly the request it answered, while it holds', async () => {
    const session = await import('#web/lib/checkout-session.ts');
    const key = session.idempotencyKeyFor(input(1));
    session.recordReservation(input(1), reservation(new Date(Date.now() + 60_000).toISOString()));
    expect(session.reservationFor(input(1))?.order.orderNumber).toBe(123456);
    expect(session.reservationFor(input(2))).toBeNull();
    expect(session.reservationMatches(input(2))).toBe(false);
    // The payment step compares the cart and the shipping details: a code, a NIF or a gift sent with them still match.
    session.recordReservation(
      { ...input(3), discountCode: 'MARIA10', nif: '123456789', gift: { message: 'Parabéns!' } },
      reservation(new Date(Date.now() + 60_000).toISOString()),
    );
    expect(session.reservationMatches(input(3))).toBe(true);
    expect(session.reservationMatches(input(4))).toBe(false);
    session.recordReservation(input(1), reservation(new Date(Date.now() + 60_000).toISOString()));
    // The next reservation is a new attempt: a new key.
    expect(session.idempotencyKeyFor(input(1))).not.toBe(key);
    session.recordReservation(input(1), reservation(new Date(Date.now() - 1).toISOString()));
    expect(session.reservationFor(input(1))).toBeNull();
    // A reservation whose time is over is offered nowhere (every tab reads the same one).
    expect(session.loadReservation()).toBeNull();
    session.recordReservation(input(1), reservation(new Date(Date.now() + 60_000).toISOString()));
    expect(session.loadReservation()?.order.orderNumber).toBe(123456);
    session.recordPlacedOrder({ order: { orderNumber: 123456, lines: [] } } as unknown as CustomerOrderResponse);
    expect(session.loadReservation()).toBeNull();
  });

  it('reads the shipping draft defensively and knows when it is a complete form', async () => {
    const session = await import('#web/lib/checkout-session.ts');
    storage.set('checkout.shipping', JSON.stringify({ email: 42, firstName: 'Ana', acceptTerms: 'yes', country: 'Espanha' }));
    expect(session.loadShippingDraft()).toEqual({ ...session.EMPTY_SHIPPING_DRAFT, firstName: 'Ana' });
    expect(session.savedShippingForm()).toBeNull();
    session.saveShippingDraft({
      ...input(1).shipping,
      postalCode: '1100 048',
      nif: '',
      companyName: '',
      gift: false,
      giftMessage: '',
      giftWrap: false,
    });
    expect(session.savedShippingForm()).toMatchObject({ postalCode: '1100-048', acceptTerms: true });
  });

  it("keeps the cart's chosen code in one place: typed on the cart, priced for that cart only, forgotten once paid", async () => {
    const chosen = await import('#web/lib/chosen-code.ts');
    const session = await import('#web/lib/checkout-session.ts');
    const cart = [{ productId: 'anel-lua', quantity: 2, name: 'Anel Lua', priceCents: 1740, discountPercent: 0, image: '' }];
    const discount = { code: 'MARIA10', type: 'percent', amountCents: 348 } as const;
    expect(chosen.loadChosenCode()).toEqual({ typed: '' });
    // What the cart page keeps when "Aplicar" was answered: the shipping step reads the same.
    storage.set(
      'checkout.code',
      JSON.stringify({ typed: 'MARIA10', applied: { discount, items: JSON.stringify([{ productId: 'anel-lua', quantity: 2 }]) } }),
    );
    const kept = chosen.loadChosenCode();
    expect(chosen.appliedFor(kept.applied, cart)).toEqual(discount);
    // Another cart (one more piece) needs the code applied again; the typed code stays.
    expect(chosen.appliedFor(kept.applied, [{ ...cart[0]!, quantity: 3 }])).toBeUndefined();
    // A tampered or old value is no code at all.
    for (const bad of [
      '{"typed":1}',
      '{"typed":"X","applied":{"discount":{"code":"X","type":"all","amountCents":5},"items":"[]"}}',
      '{"typed":"X","applied":{"discount":{"code":"X","type":"amount","amountCents":-5},"items":"[]"}}',
      'nope',
    ]) {
      storage.set('checkout.code', bad);
      expect(chosen.loadChosenCode(), bad).toEqual({ typed: '' });
    }
    storage.set('checkout.code', JSON.stringify({ typed: 'MARIA10' }));
    session.recordPlacedOrder({ order: { orderNumber: 123456, lines: [] } } as unknown as CustomerOrderResponse);
    expect(storage.has('checkout.code')).toBe(false);
  });
});

describe('proof file checks', () => {
  it('accepts images and PDFs up to 10 MB, with the schema messages otherwise', async () => {
    const { proofProblem } = await import('#web/features/my-order/proof-upload.tsx');
    expect(proofProblem(new File(['%PDF'], 'talão.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(proofProblem(new File(['x'], 'IMG_0001.HEIC', { type: '' }))).toBeNull();
    expect(proofProblem(new File(['<html>'], 'talão.html', { type: 'text/html' }))).toBe(
      'O comprovativo tem de ser uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.',
    );
    expect(proofProblem(new File([], 'vazio.png', { type: 'image/png' }))).toBe('O comprovativo tem de ter entre 1 byte e 10 MB.');
    expect(proofProblem(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' }))).toBe(
      'O comprovativo tem de ter entre 1 byte e 10 MB.',
    );
  });
});
