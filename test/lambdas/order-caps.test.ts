/**
 * Order caps from the settings (docs/design.md §18): the owner lowers how many units of a piece and how many
 * different pieces one order may hold; an order over them is refused in Portuguese and reserves nothing;
 * the storefront reads the caps from /api/shop-info. On tables of this file's own: the caps must not
 * reach the other test files' orders.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/cart.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as getProduct } from '#lambdas/handlers/products/get.ts';
import { handler as shopInfo } from '#lambdas/handlers/shop-info/get.ts';
import { settingsView, updateSettings } from '#lambdas/services/settings.ts';
import { invoke } from '../support/events.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { useOwnTables } from '../support/own-tables.ts';

let restoreTables: (() => void) | undefined;
beforeAll(async () => {
  restoreTables = await useOwnTables(`caps-${randomUUID().slice(0, 8)}`);
});
afterAll(() => restoreTables?.());

const place = (items: { productId: string; quantity: number }[]) =>
  invoke<PlaceOrderResponse & { error: { code: string; message: string; fields?: Record<string, string> } }>(
    createOrder,
    'POST',
    '/api/orders',
    {
      body: reservationBody(items),
      headers: { 'idempotency-key': randomUUID() },
    },
  );
const stockOf = async (id: string) =>
  (await invoke(getProduct, 'GET', `/api/products/${id}`, { params: { id } })).body.product.stock as number;

describe.sequential('order caps of the settings', () => {
  it('are the hard maxima by default, and /api/shop-info states them', async () => {
    expect(DEFAULT_SETTINGS.orderCaps).toEqual({ lineQuantity: MAX_LINE_QUANTITY, lines: MAX_CART_LINES });
    expect((await invoke(shopInfo, 'GET', '/api/shop-info')).body.orderCaps).toEqual({ lineQuantity: 10, lines: 20 });
  });

  it('lowered on "Definições": an order over them is refused per line in Portuguese, reserves nothing; within them, placed', async () => {
    const view = await settingsView();
    await updateSettings({ ...view.settings, orderCaps: { lineQuantity: 3, lines: 2 } }, view.version, 'dona@example.com');
    expect((await invoke(shopInfo, 'GET', '/api/shop-info')).body.orderCaps).toEqual({ lineQuantity: 3, lines: 2 });
    const [a, b, c] = await Promise.all([createProduct({ stock: 20 }), createProduct({ stock: 20 }), createProduct({ stock: 20 })]);

    const tooMany = await place([
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 4 },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('order_caps');
    expect(tooMany.body.error.message).toBe(checkoutTexts.lineQuantityCap(3));
    expect(tooMany.body.error.fields).toEqual({ 'items.1.quantity': checkoutTexts.lineQuantityCap(3) });
    expect(tooMany.body.error.message).toBe('Cada encomenda pode ter no máximo 3 unidades de cada peça. Reduz a quantidade no carrinho.');

    const tooManyLines = await place([a, b, c].map((p) => ({ productId: p.id, quantity: 1 })));
    expect(tooManyLines.status).toBe(400);
    expect(tooManyLines.body.error.message).toBe('Cada encomenda pode ter no máximo 2 peças diferentes. Retira algumas do carrinho.');
    expect(await Promise.all([a, b, c].map((p) => stockOf(p.id)))).toEqual([20, 20, 20]);

    const within = await place([
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ]);
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    expect(await Promise.all([a, b].map((p) => stockOf(p.id)))).toEqual([17, 19]);
  });

  it('cannot be set above the hard maxima or below one, in Portuguese', () => {
    const valid = { ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, paypal: 'loja@example.com' } };
    expect(shopSettingsSchema.safeParse(valid).success).toBe(true);
    for (const orderCaps of [
      { lineQuantity: 0, lines: 5 },
      { lineQuantity: MAX_LINE_QUANTITY + 1, lines: 5 },
      { lineQuantity: 5, lines: MAX_CART_LINES + 1 },
      { lineQuantity: 2.5, lines: 5 },
    ]) {
      const parsed = shopSettingsSchema.safeParse({ ...valid, orderCaps });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path[0]).toBe('orderCaps');
      expect(parsed.error?.issues[0]?.message).toMatch(/^Indica um número inteiro de (unidades entre 1 e 10|peças entre 1 e 20)\.$/);
    }
  });
});
