/**
 * Stock by delta, through the real handlers: stock changes only by delta or compare-and-set, every
 * change is a recorded movement, and the product form, which edits everything but stock, saves only
 * over the version it loaded.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTexts, apiTexts, validationTexts } from '#shared/messages/index.ts';
import type { AdminProduct } from '#shared/product.ts';
import type { ProductUpdateInput, StockChangeInput } from '#shared/schemas/index.ts';
import { createProduct, mailsTo, orderBody, placeOrder } from '../support/factories.ts';
import { confirmAlert } from '../support/stock-alerts.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

let token: string;
/** How the admin's access token names them, what a movement records as its author (`lambdas/http/identity.ts`). */
let adminName: string;

beforeAll(async () => {
  token = await adminToken();
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { email?: string; username: string };
  adminName = claims.email ?? claims.username;
});

// ── What the handlers stored, read straight from the tables ──

async function productItem(id: string): Promise<Record<string, unknown>> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }));
  return Item!;
}

async function movementItems(productId: string): Promise<Record<string, any>[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: twin().env.TABLE_STOCK_MOVEMENTS,
      KeyConditionExpression: 'productId = :id',
      ExpressionAttributeValues: { ':id': productId },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/** Stock is a ledger: what a product started with plus every recorded movement. */
async function ledger(productId: string, start: number): Promise<number> {
  return start + (await movementItems(productId)).reduce((sum, m) => sum + Number(m.delta), 0);
}

// ── The back-office's calls ──

const loadProduct = async (id: string): Promise<AdminProduct> => {
  const answer = await callRoute('GET /api/admin/products/{id}', { params: { id } }, { token });
  expect(answer.status).toBe(200);
  return answer.body.product;
};

/** What the edit form sends: every field as loaded (no stock), its changes, and the version it loaded. */
function formBody(loaded: AdminProduct, changes: Partial<ProductUpdateInput> = {}): ProductUpdateInput {
  const { id: _id, stock: _stock, mainImage: _main, secondaryImage: _secondary, photos, variants, ...fields } = loaded;
  return {
    ...fields,
    photos: photos.map(({ id, alt }) => ({ id, alt })),
    variants: variants.map(({ stock: _s, ...size }) => size),
    ...changes,
  };
}

const saveForm = (id: string, body: ProductUpdateInput) => callRoute('PUT /api/admin/products/{id}', { params: { id }, body }, { token });
const changeStock = (id: string, body: StockChangeInput) =>
  callRoute('POST /api/admin/products/{id}/stock', { params: { id }, body }, { token });
const movementsOf = (id: string) => callRoute('GET /api/admin/products/{id}/stock-movements', { params: { id } }, { token });

async function askBackInStock(productId: string, email: string): Promise<void> {
  expect((await call('POST', '/api/stock-alerts', { body: { email, productId } })).status).toBe(201);
  expect((await confirmAlert(email)).status).toBe(200);
}

/** The "de volta" mails `email` received (the confirmation mail aside). */
const backInStockMailsTo = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject.endsWith('voltou a estar disponível'));

const someone = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

describe('the product form saves only over the version it loaded, and never stock', () => {
  it('a save over a stale version answers 409 product_changed and writes nothing', async () => {
    const product = await createProduct({ name: 'Colar Duas Janelas', priceCents: 2000 });
    const firstWindow = await loadProduct(product.id);
    const secondWindow = await loadProduct(product.id);
    expect(firstWindow.version).toBe(1);

    const second = await saveForm(product.id, formBody(secondWindow, { name: 'Colar Renomeado' }));
    expect(second.status).toBe(200);
    expect(second.body.product).toMatchObject({ name: 'Colar Renomeado', version: 2 });
    const before = await productItem(product.id);

    const first = await saveForm(product.id, formBody(firstWindow, { priceCents: 2500 }));
    expect(first.status).toBe(409);
    expect(first.body.error).toMatchObject({ code: 'product_changed', message: apiTexts.productChanged, current: { version: 2 } });
    expect(first.body.error.message).toMatch(/^Este produto foi alterado entretanto.*Recarrega/);
    expect(await productItem(product.id)).toEqual(before);
    expect(before).toMatchObject({ name: 'Colar Renomeado', priceCents: 2000, version: 2 });

    // Reloaded, the same change goes through.
    const again = await saveForm(product.id, formBody(await loadProduct(product.id), { priceCents: 2500 }));
    expect(again.status).toBe(200);
    expect(again.body.product).toMatchObject({ name: 'Colar Renomeado', priceCents: 2500, version: 3 });
  });

  it('a save never changes stock: units sold after the form was loaded stay sold', async () => {
    const product = await createProduct({ stock: 4, priceCents: 2000 });
    const loaded = await loadProduct(product.id);
    expect(loaded).toMatchObject({ stock: 4, version: 1 });

    const order = await placeOrder(await orderBody([{ productId: product.id, quantity: 2 }]));
    expect(order.status).toBe(201);
    // An order changes stock, not the product's version: the form opened before may still save.
    expect(await productItem(product.id)).toMatchObject({ stock: 2, version: 1 });

    const saved = await saveForm(product.id, formBody(loaded, { priceCents: 3100 }));
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ stock: 2, priceCents: 3100, version: 2 });
    expect(await productItem(product.id)).toMatchObject({ stock: 2, priceCents: 3100, version: 2 });
    expect((await call('GET', `/api/products/${product.id}`)).body.product.stock).toBe(2);

    // A form body that still carries stock is refused: stock is not this form's to write.
    const withStock = await call('PUT', `/api/admin/products/${product.id}`, {
      token,
      body: { ...formBody(saved.body.product), stock: 4 },
    });
    expect(withStock.status).toBe(400);
    expect(withStock.body.error.fields).toEqual({ stock: validationTexts.stockNotEditable.invalid });
    expect(await productItem(product.id)).toMatchObject({ stock: 2, version: 2 });
  });

  it('a product stored before versions existed counts as version 0, and its first save makes it 1', async () => {
    const id = `legado-${randomUUID()}`;
    await documentClient().send(
      new PutCommand({
        TableName: twin().env.TABLE_PRODUCTS,
        Item: {
          id,
          code: `L-${id.slice(-8)}`,
          sku: '',
          name: 'Anel Antigo',
          description: '',
          type: 'anel',
          collection: '',
          priceCents: 1500,
          discountPercent: 0,
          stock: 3,
          mainImage: '',
          secondaryImage: '',
          listing: 'product',
          createdAt: new Date().toISOString(),
        },
      }),
    );
    const loaded = await loadProduct(id);
    expect(loaded.version).toBe(0);
    const saved = await saveForm(id, formBody(loaded, { name: 'Anel Antigo Novo' }));
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ version: 1, stock: 3 });
    const stale = await saveForm(id, formBody(loaded, { name: 'Outra vez' }));
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('product_changed');
    expect(await productItem(id)).toMatchObject({ name: 'Anel Antigo Novo', version: 1, stock: 3 });
  });

  it('refuses a body without a version, and answers 404 for a product that does not exist', async () => {
    const product = await createProduct();
    const { version: _version, ...noVersion } = formBody(await loadProduct(product.id));
    const refused = await call('PUT', `/api/admin/products/${product.id}`, { token, body: noVersion });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.version).toBe(validationTexts.version.invalid);
    expect(await productItem(product.id)).toMatchObject({ version: 1 });
    expect((await saveForm(`nao-existe-${randomUUID()}`, formBody(await loadProduct(product.id)))).status).toBe(404);
  });
});

describe('stock changes by delta or compare-and-set, each one recorded', () => {
  it('"set to N" over a stale expected answers 409 stock_changed while orders run, and no decrement is lost', async () => {
    const start = 40;
    const product = await createProduct({ stock: start });
    const seen = (await loadProduct(product.id)).stock;
    expect(seen).toBe(start);
    // One order lands after the owner looked: what the owner saw is stale from here on.
    expect((await placeOrder(await orderBody([{ productId: product.id, quantity: 1 }]))).status).toBe(201);

    const bodies = await Promise.all(Array.from({ length: 8 }, (_, n) => orderBody([{ productId: product.id, quantity: 1 + (n % 3) }])));
    const [orders, sets] = await Promise.all([
      Promise.all(bodies.map((body) => placeOrder(body))),
      Promise.all(Array.from({ length: 4 }, () => changeStock(product.id, { set: 100, expected: seen, reason: 'adjustment' }))),
    ]);
    const ordered = 1 + bodies.reduce((sum, body) => sum + body.items[0]!.quantity, 0);
    expect(orders.map((o) => o.status)).toEqual(bodies.map(() => 201));
    for (const answer of sets) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('stock_changed');
      const current = answer.body.error.current!.stock!;
      expect(current).toBeLessThan(start);
      expect(current).toBeGreaterThanOrEqual(start - ordered);
      expect(answer.body.error.message).toBe(apiTexts.stockChanged(current));
      expect(answer.body.error.message).toContain(`agora é ${current}`);
    }
    const final = Number((await productItem(product.id)).stock);
    expect(final).toBe(start - ordered);
    expect(await ledger(product.id, start)).toBe(final);
    expect((await movementItems(product.id)).every((m) => m.reason === 'reservation')).toBe(true);

    // With the value as it is now, the same "set" goes through and records the difference.
    const fresh = await changeStock(product.id, { set: 100, expected: final, reason: 'adjustment', note: 'contagem' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.product.stock).toBe(100);
    expect(fresh.body.movement).toMatchObject({
      productId: product.id,
      delta: 100 - final,
      reason: 'adjustment',
      note: 'contagem',
      actor: { kind: 'admin', email: adminName },
    });
    expect(await ledger(product.id, start)).toBe(100);
  });

  it('"set to N" racing orders either wins or answers 409; the stock always equals its ledger', async () => {
    const start = 30;
    const product = await createProduct({ stock: start });
    const bodies = await Promise.all(Array.from({ length: 6 }, () => orderBody([{ productId: product.id, quantity: 1 }])));
    const [orders, set] = await Promise.all([
      Promise.all(bodies.map((body) => placeOrder(body))),
      changeStock(product.id, { set: 50, expected: start, reason: 'adjustment' }),
    ]);
    expect(orders.every((o) => o.status === 201)).toBe(true);
    expect([200, 409]).toContain(set.status);
    const final = Number((await productItem(product.id)).stock);
    // "set" only wins over the stock it saw, i.e. before every order: then all 6 units come off 50.
    expect(final).toBe(set.status === 200 ? 50 - 6 : start - 6);
    expect(await ledger(product.id, start)).toBe(final);
  });

  it('20 parallel "+1" adjustments add exactly 20 and record 20 movements, each with its exact old and new value', async () => {
    const product = await createProduct({ stock: 5 });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => changeStock(product.id, { delta: 1, reason: 'adjustment' })));
    const tookMs = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(Number((await productItem(product.id)).stock)).toBe(25);
    // Each change applied to a different stock: the new values are exactly 6..25.
    expect(answers.map((a) => a.body.product.stock).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => 6 + n));
    const movements = await movementItems(product.id);
    expect(movements).toHaveLength(20);
    expect(
      movements.every((m) => m.delta === 1 && m.reason === 'adjustment' && m.actor.kind === 'admin' && m.actor.email === adminName),
    ).toBe(true);
    console.info(
      `20 parallel +1 adjustments: stock 5 → ${(await productItem(product.id)).stock}, ${movements.length} movements, ${tookMs} ms`,
    );
  });

  it('never takes stock below 0: refused with the current value, nothing written', async () => {
    const product = await createProduct({ stock: 3 });
    const before = await productItem(product.id);
    const refused = await changeStock(product.id, { delta: -4, reason: 'adjustment' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'stock_below_zero', message: apiTexts.stockBelowZero(3), current: { stock: 3 } });
    expect(refused.body.error.message).toContain('o stock atual é 3');
    expect(await productItem(product.id)).toEqual(before);
    expect(await movementItems(product.id)).toHaveLength(0);

    const toZero = await changeStock(product.id, { delta: -3, reason: 'adjustment', note: 'peças partidas' });
    expect(toZero.status).toBe(200);
    expect(toZero.body.product.stock).toBe(0);
    expect((await changeStock(product.id, { delta: -1, reason: 'adjustment' })).status).toBe(409);
    const full = await changeStock(product.id, { set: 9999, expected: 0, reason: 'adjustment' });
    expect(full.status).toBe(200);
    const above = await changeStock(product.id, { delta: 1, reason: 'return' });
    expect(above.status).toBe(409);
    expect(above.body.error).toMatchObject({ code: 'stock_above_max', current: { stock: 9999 } });
    expect(Number((await productItem(product.id)).stock)).toBe(9999);
    expect(await ledger(product.id, 3)).toBe(9999);
  });

  it('refuses hostile bodies with 400 and Portuguese field messages, writing nothing', async () => {
    const product = await createProduct({ stock: 6 });
    const before = await productItem(product.id);
    const v = validationTexts;
    const cases: [unknown, Record<string, string>][] = [
      [{ delta: '1', reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: 1.5, reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: 1e12, reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: -10_000, reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: 0, reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: null, reason: 'adjustment' }, { delta: v.stockDelta.invalid }],
      [{ delta: 1, set: 7, expected: 6, reason: 'adjustment' }, { set: v.stockChange.both }],
      [{ reason: 'adjustment' }, { delta: v.stockChange.missing }],
      [{ delta: 1 }, { reason: v.stockReason.invalid }],
      [{ delta: 1, reason: 'reservation' }, { reason: v.stockReason.invalid }],
      [{ delta: 1, expected: 6, reason: 'adjustment' }, { expected: v.stockChange.expectedWithDelta }],
      [{ set: 7, reason: 'adjustment' }, { expected: v.stockExpected.invalid }],
      [{ set: '7', expected: 6, reason: 'adjustment' }, { set: v.stock.invalid }],
      [{ set: 10_000, expected: 6, reason: 'adjustment' }, { set: v.stock.invalid }],
      [{ set: -1, expected: 6, reason: 'adjustment' }, { set: v.stock.invalid }],
      [{ set: 7, expected: 6.5, reason: 'adjustment' }, { expected: v.stockExpected.invalid }],
      [{ set: 6, expected: 6, reason: 'adjustment' }, { set: v.stockUnchanged.invalid }],
      [{ delta: 1, reason: 'adjustment', note: 'x'.repeat(201) }, { note: v.stockNote.invalid }],
      [{ delta: 1, reason: 'adjustment', note: 5 }, { note: v.stockNote.invalid }],
      [{ stock: 9 }, { reason: v.stockReason.invalid }],
      [{ stock: 9, reason: 'adjustment' }, { delta: v.stockChange.missing }],
      [[{ delta: 1, reason: 'adjustment' }], { _form: v.form.invalid }],
      ['mais 1', { _form: v.form.invalid }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call('POST', `/api/admin/products/${product.id}/stock`, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toBe(apiTexts.invalidInput);
      expect(answer.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(
      (
        await call('POST', `/api/admin/products/${product.id}/stock`, {
          token,
          raw: '{"delta": 1,',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', `/api/admin/products/${product.id}/stock`, { token, raw: 'delta=1', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
    expect((await call('POST', `/api/admin/products/${product.id}/stock`, { body: { delta: 1, reason: 'adjustment' } })).status).toBe(401);
    expect((await changeStock(`nao-existe-${randomUUID()}`, { delta: 1, reason: 'adjustment' })).status).toBe(404);
    expect(await productItem(product.id)).toEqual(before);
    expect(await movementItems(product.id)).toHaveLength(0);
  });

  it("lists a product's movements newest first, with who made each: the admin, or the order", async () => {
    const code = `MOV-${randomUUID().slice(0, 6)}`;
    const made = await callRoute(
      'POST /api/admin/products',
      {
        body: {
          name: 'Pulseira Movimentada',
          code,
          sku: '',
          description: '',
          type: 'pulseira',
          collection: '',
          priceCents: 1900,
          discountPercent: 0,
          stock: 3,
          photos: [],
          status: 'active',
        },
      },
      { token },
    );
    expect(made.status).toBe(201);
    const id = made.body.product.id;
    expect(made.body.product).toMatchObject({ stock: 3, version: 1 });

    const order = await placeOrder(await orderBody([{ productId: id, quantity: 1 }]));
    expect(order.status).toBe(201);
    expect((await changeStock(id, { delta: 1, reason: 'return', note: 'devolvido pela cliente' })).status).toBe(200);

    const { status, body } = await movementsOf(id);
    expect(status).toBe(200);
    expect(body.movements).toEqual([
      expect.objectContaining({
        productId: id,
        delta: 1,
        reason: 'return',
        note: 'devolvido pela cliente',
        actor: { kind: 'admin', email: adminName },
      }),
      expect.objectContaining({ productId: id, delta: -1, reason: 'reservation', actor: { kind: 'order', orderId: order.body.order.id } }),
      expect.objectContaining({
        productId: id,
        delta: 3,
        reason: 'adjustment',
        note: adminTexts.initialStockNote,
        actor: { kind: 'admin', email: adminName },
      }),
    ]);
    const times = body.movements.map((m) => m.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await ledger(id, 0)).toBe(3);

    // A product created with no stock has no movement; an unknown product is 404.
    const empty = await callRoute(
      'POST /api/admin/products',
      { body: { ...made.body.product, photos: [], variants: undefined, code: `${code}-0`, stock: 0 } },
      { token },
    );
    expect(empty.status).toBe(201);
    expect((await movementsOf(empty.body.product.id)).body.movements).toEqual([]);
    expect((await movementsOf(`nao-existe-${randomUUID()}`)).status).toBe(404);
  });
});

describe('back-in-stock e-mails come only from a real change from 0', () => {
  it('0 → 3 mails every pending request once; 3 → 5 and a form save mail nobody', async () => {
    const product = await createProduct({ stock: 0, name: 'Brincos Voltaram' });
    const first = [someone('a'), someone('b')];
    for (const email of first) await askBackInStock(product.id, email);

    // A form save, even of a sold-out product, mails nobody.
    const saved = await saveForm(product.id, formBody(await loadProduct(product.id), { priceCents: 2100 }));
    expect(saved.status).toBe(200);
    expect(saved.body.product.stock).toBe(0);

    const restock = await changeStock(product.id, { delta: 3, reason: 'adjustment' });
    expect(restock.status).toBe(200);
    expect(restock.body).toMatchObject({ backInStock: true, product: { stock: 3 } });
    for (const email of first) {
      const mails = await backInStockMailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Brincos Voltaram voltou a estar disponível');
      expect(mails[0]!.body.text).toContain(`${twin().url}/product/${product.id}`);
    }
    const alerts = await callRoute('GET /api/admin/stock-alerts', { query: { limit: 100 } }, { token });
    expect(alerts.body.alerts.filter((a) => a.productId === product.id).map((a) => a.status)).toEqual(['notified', 'notified']);

    // A request while in stock is refused (the piece can be bought now); more stock and a form save mail nobody.
    const late = someone('c');
    const early = await call('POST', '/api/stock-alerts', { body: { email: late, productId: product.id } });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('product_in_stock');
    const more = await changeStock(product.id, { set: 5, expected: 3, reason: 'return' });
    expect(more.body).toMatchObject({ backInStock: false, product: { stock: 5 } });
    expect((await saveForm(product.id, formBody(await loadProduct(product.id), { name: 'Brincos Voltaram Outra Vez' }))).status).toBe(200);
    expect(await backInStockMailsTo(late)).toHaveLength(0);
    for (const email of first) expect(await backInStockMailsTo(email)).toHaveLength(1);

    // Sold out again: now the request is taken, and the next restock mails it.
    expect((await changeStock(product.id, { set: 0, expected: 5, reason: 'adjustment' })).body.backInStock).toBe(false);
    await askBackInStock(product.id, late);
    expect((await changeStock(product.id, { delta: 1, reason: 'return' })).body.backInStock).toBe(true);
    expect(await backInStockMailsTo(late)).toHaveLength(1);
  });
});
