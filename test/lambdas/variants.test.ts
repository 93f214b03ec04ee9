/**
 * Sizes: every product sells one or more sizes, each with its own stock and SKU. Orders,
 * reservations, their expiry, the owner's stock changes, back-in-stock requests and the product form
 * all name the size; a product stored before sizes is migrated to one size holding its stock and SKU.
 * Through the real handlers and DynamoDB Local; the races are real parallel requests.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/product.ts';
import type { ProductUpdateInput } from '#shared/schemas/index.ts';
import { DEFAULT_VARIANT_ID, type ProductVariant } from '#shared/variants.ts';
import { PRODUCT_LISTING } from '#lambdas/repositories/product-items.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { migrateProductVariants } from '#lambdas/services/variant-migration.ts';
import { createProduct, mailsTo, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { confirmAlert } from '../support/stock-alerts.ts';
import { adminToken, callRoute, documentClient, twin } from '../support/twin.ts';

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item!;
const variantStock = async (id: string) => {
  const item = await stored(id);
  return { ...(item.variantStock as Record<string, number>), total: Number(item.stock) };
};
const movementsOf = async (productId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_STOCK_MOVEMENTS,
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const storedOrderStatus = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item?.status;

const variant = (id: string, label: string, stock: number, priceDeltaCents = 0): ProductVariant => ({
  id,
  label,
  sku: `SKU-${label.replace(/\W/g, '')}`,
  stock,
  priceDeltaCents,
});

/** A ring in sizes 14 (3 left) and 16 (10), 16 costing 2 € more. */
const ring = (overrides: Partial<Omit<AdminProduct, 'version'>> = {}) =>
  createProduct({
    type: 'anel',
    name: `Anel Medida ${randomUUID().slice(0, 4)}`,
    priceCents: 2000,
    variants: [variant('s14', '14', 3), variant('s16', '16', 10, 200)],
    ...overrides,
  });

describe('orders name the size', () => {
  it('50 parallel reservations for the last 3 units of size 14, while 16 has stock → exactly 3 of size 14, 16 untouched', async () => {
    const piece = await ring();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(reservationBody([{ productId: piece.id, variantId: 's14', quantity: 1 }]))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.error.code).toBe('out_of_stock');
    expect(await variantStock(piece.id)).toEqual({ s14: 0, s16: 10, total: 10 });
    const movements = await movementsOf(piece.id);
    expect(movements.filter((m) => m.reason === 'reservation').map((m) => m.variantId)).toEqual(['s14', 's14', 's14']);
  });

  it('a cart with two sizes of one ring → two lines, both ordered, each at its price and SKU, stock per size, size in mail', async () => {
    const piece = await ring();
    const body = await orderBody([
      { productId: piece.id, variantId: 's14', quantity: 2 },
      { productId: piece.id, variantId: 's16', quantity: 1 },
    ]);
    const { status, body: answer } = await placeOrder(body);
    expect(status).toBe(201);
    expect(answer.order.lines).toEqual([
      expect.objectContaining({
        productId: piece.id,
        variantId: 's14',
        size: '14',
        sku: 'SKU-14',
        quantity: 2,
        priceCents: 2000,
        lineTotalCents: 4000,
      }),
      expect.objectContaining({
        productId: piece.id,
        variantId: 's16',
        size: '16',
        sku: 'SKU-16',
        quantity: 1,
        priceCents: 2200,
        lineTotalCents: 2200,
      }),
    ]);
    expect(answer.order.subtotalCents).toBe(6200);
    expect(await variantStock(piece.id)).toEqual({ s14: 1, s16: 9, total: 10 });
    const [mail] = await mailsTo(body.shipping.email);
    expect(mail?.body.html).toContain(`${piece.name} — 14`);
    expect(mail?.body.html).toContain(`${piece.name} — 16`);
  });

  it('refuses a line of a piece in sizes without one, an unknown size, and the same size twice; nothing is taken', async () => {
    const piece = await ring();
    const without = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect(without.status).toBe(409);
    expect(without.body.error.code).toBe('size_unavailable');
    expect(without.body.error.fields).toHaveProperty('items.0.variantId');
    const unknown = await placeOrder(reservationBody([{ productId: piece.id, variantId: 'nao1existe', quantity: 1 }]));
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.message).toContain('já não está disponível');
    const twice = await placeOrder(
      reservationBody([
        { productId: piece.id, variantId: 's14', quantity: 1 },
        { productId: piece.id, variantId: 's14', quantity: 1 },
      ]),
    );
    expect(twice.status).toBe(400);
    const hostile = await placeOrder(reservationBody([{ productId: piece.id, variantId: 's14"; DROP', quantity: 1 }]));
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.fields).toHaveProperty('items.0.variantId', 'Tamanho inválido.');
    expect(await variantStock(piece.id)).toEqual({ s14: 3, s16: 10, total: 13 });
  });

  it('a piece without sizes orders as before: no size named, or its one size named, but not both in one cart', async () => {
    const plain = await createProduct({ stock: 4 });
    expect((await placeOrder(reservationBody([{ productId: plain.id, quantity: 1 }]))).status).toBe(201);
    const named = await placeOrder(reservationBody([{ productId: plain.id, variantId: DEFAULT_VARIANT_ID, quantity: 1 }]));
    expect(named.status).toBe(201);
    expect(named.body.order.lines[0]).toMatchObject({ variantId: DEFAULT_VARIANT_ID, size: '', sku: plain.sku });
    const both = await placeOrder(
      reservationBody([
        { productId: plain.id, quantity: 1 },
        { productId: plain.id, variantId: DEFAULT_VARIANT_ID, quantity: 1 },
      ]),
    );
    expect(both.status).toBe(400);
    expect(await variantStock(plain.id)).toEqual({ [DEFAULT_VARIANT_ID]: 2, total: 2 });
  });

  it('an expired reservation gives each size back its own units', async () => {
    const piece = await ring();
    const { body } = await placeOrder(
      reservationBody([
        { productId: piece.id, variantId: 's14', quantity: 1 },
        { productId: piece.id, variantId: 's16', quantity: 4 },
      ]),
    );
    expect(await variantStock(piece.id)).toEqual({ s14: 2, s16: 6, total: 8 });
    await documentClient().send(
      new UpdateCommand({
        TableName: twin().env.TABLE_ORDERS,
        Key: { id: body.order.id },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expireReservations(new Date());
    expect(await variantStock(piece.id)).toEqual({ s14: 3, s16: 10, total: 13 });
    const givenBack = (await movementsOf(piece.id)).filter((m) => m.reason === 'expiry');
    expect(givenBack.map((m) => [m.variantId, m.delta]).sort()).toEqual([
      ['s14', 1],
      ['s16', 4],
    ]);
  });
});

describe('the owner and the sizes', () => {
  const token = adminToken();
  const loadProduct = async (id: string): Promise<AdminProduct> =>
    (await callRoute('GET /api/admin/products/{id}', { params: { id } }, { token: await token })).body.product;
  const form = (loaded: AdminProduct, variants: ProductUpdateInput['variants']): ProductUpdateInput => {
    const { id: _id, stock: _stock, mainImage: _m, secondaryImage: _s, photos, variants: _v, ...fields } = loaded;
    return { ...fields, photos: photos.map(({ id, alt }) => ({ id, alt })), variants };
  };
  const save = async (id: string, body: ProductUpdateInput) =>
    callRoute('PUT /api/admin/products/{id}', { params: { id }, body }, { token: await token });

  it("creates a piece in sizes, each size's stock its own movement; the shop shows every size", async () => {
    const made = await callRoute(
      'POST /api/admin/products',
      {
        body: {
          name: 'Colar Três Medidas',
          code: `CTM-${randomUUID().slice(0, 6)}`,
          sku: 'CTM',
          description: '',
          type: 'colar',
          collection: '',
          priceCents: 1900,
          discountPercent: 0,
          photos: [],
          status: 'active',
          variants: [
            { label: '40 cm', sku: 'CTM-40', stock: 2, priceDeltaCents: 0 },
            { label: '45 cm', sku: '', stock: 0, priceDeltaCents: 0 },
            { label: '50 cm', sku: 'CTM-50', stock: 1, priceDeltaCents: 300 },
          ],
        },
      },
      { token: await token },
    );
    expect(made.status).toBe(201);
    const product = made.body.product;
    expect(product.stock).toBe(3);
    expect(product.variants.map((v) => [v.label, v.sku, v.stock, v.priceDeltaCents])).toEqual([
      ['40 cm', 'CTM-40', 2, 0],
      ['45 cm', 'CTM', 0, 0],
      ['50 cm', 'CTM-50', 1, 300],
    ]);
    expect(product.variants.every((v) => /^v[0-9a-f]{8}$/.test(v.id))).toBe(true);
    expect((await movementsOf(product.id)).map((m) => [m.variantId, m.delta]).sort()).toEqual(
      [
        [product.variants[0]!.id, 2],
        [product.variants[2]!.id, 1],
      ].sort(),
    );
    const shop = await callRoute('GET /api/products/{id}', { params: { id: product.id } });
    expect(shop.body.product.variants.map((v) => v.label)).toEqual(['40 cm', '45 cm', '50 cm']);
  });

  it('renames, reorders, adds (at 0) and drops sizes; a size with units is never dropped', async () => {
    const piece = await ring();
    const loaded = await loadProduct(piece.id);
    const dropFull = await save(piece.id, form(loaded, [{ id: 's16', label: '16', sku: 'SKU-16', priceDeltaCents: 200 }]));
    expect(dropFull.status).toBe(409);
    expect(dropFull.body.error).toMatchObject({
      code: 'size_in_stock',
      message: 'O tamanho «14» ainda tem 3 em stock: acerta o stock para 0 antes de o retirar.',
    });

    const changed = await save(
      piece.id,
      form(loaded, [
        { id: 's16', label: '16 (largo)', sku: 'SKU-16', priceDeltaCents: 0 },
        { id: 's14', label: '14', sku: 'SKU-14', priceDeltaCents: 0 },
        { label: '18', sku: '', priceDeltaCents: 0 },
      ]),
    );
    expect(changed.status).toBe(200);
    const saved = changed.body.product;
    expect(saved.variants.map((v) => [v.label, v.stock])).toEqual([
      ['16 (largo)', 10],
      ['14', 3],
      ['18', 0],
    ]);
    expect(saved.variants[2]!.sku).toBe(piece.sku);
    expect(saved.stock).toBe(13);

    // Size 14 sold out by the owner, then dropped: its units are gone from sale, not from the records.
    const zero = await callRoute(
      'POST /api/admin/products/{id}/stock',
      { params: { id: piece.id }, body: { set: 0, expected: 3, variantId: 's14', reason: 'adjustment' } },
      { token: await token },
    );
    expect(zero.status).toBe(200);
    const reloaded = await loadProduct(piece.id);
    const dropped = await save(
      piece.id,
      form(
        reloaded,
        reloaded.variants.filter((v) => v.id !== 's14').map(({ stock: _s, ...v }) => v),
      ),
    );
    expect(dropped.status).toBe(200);
    expect(dropped.body.product.variants.map((v) => v.label)).toEqual(['16 (largo)', '18']);
    // A size the product never had is refused; a size's stock in the form too.
    const latest = await loadProduct(piece.id);
    expect((await save(piece.id, form(latest, [{ id: 'inventado', label: 'X', sku: '', priceDeltaCents: 0 }]))).status).toBe(400);
    expect(
      (await save(piece.id, { ...form(latest, undefined), variants: [{ label: '20', stock: 5 }] } as unknown as ProductUpdateInput)).status,
    ).toBe(400);
  });

  it("a form over a size dropped meanwhile, and an order between the owner's read and save: nothing oversold", async () => {
    const piece = await ring();
    const loaded = await loadProduct(piece.id);
    // A customer takes the last 3 of size 14 while the owner's form is open.
    expect((await placeOrder(reservationBody([{ productId: piece.id, variantId: 's14', quantity: 3 }]))).status).toBe(201);
    // The owner drops size 14 (0 left now): allowed; the stock of 16 is untouched by the save.
    const saved = await save(piece.id, form(loaded, [{ id: 's16', label: '16', sku: 'SKU-16', priceDeltaCents: 200 }]));
    expect(saved.status).toBe(200);
    expect(await variantStock(piece.id)).toEqual({ s14: 0, s16: 10, total: 10 });
    // A second save from the same old form is refused (its version is gone).
    const stale = await save(piece.id, form(loaded, [{ id: 's16', label: '16', sku: 'SKU-16', priceDeltaCents: 0 }]));
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('product_changed');
  });

  it("changes one size's stock; a piece in sizes needs the size named", async () => {
    const piece = await ring();
    const noVariant = await callRoute(
      'POST /api/admin/products/{id}/stock',
      { params: { id: piece.id }, body: { delta: 2, reason: 'adjustment' } },
      { token: await token },
    );
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.error.fields).toHaveProperty('variantId');
    const stale = await callRoute(
      'POST /api/admin/products/{id}/stock',
      { params: { id: piece.id }, body: { set: 5, expected: 10, variantId: 's14', reason: 'adjustment' } },
      { token: await token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toEqual({ stock: 3 });
    const added = await callRoute(
      'POST /api/admin/products/{id}/stock',
      { params: { id: piece.id }, body: { delta: 2, variantId: 's16', reason: 'return' } },
      { token: await token },
    );
    expect(added.status).toBe(200);
    expect(added.body.product.variants.find((v) => v.id === 's16')?.stock).toBe(12);
    expect(await variantStock(piece.id)).toEqual({ s14: 3, s16: 12, total: 15 });
  });

  it('back in stock by size: a request for 14 is mailed when 14 returns, not when 16 does', async () => {
    const piece = await ring({ variants: [variant('s14', '14', 0), variant('s16', '16', 0)] });
    const domain = `@medidas-${randomUUID().slice(0, 8)}.example`;
    const wants14 = `catorze${domain}`;
    const wants16 = `dezasseis${domain}`;
    expect((await callRoute('POST /api/stock-alerts', { body: { email: wants14, productId: piece.id, variantId: 's14' } })).status).toBe(
      201,
    );
    expect((await callRoute('POST /api/stock-alerts', { body: { email: wants16, productId: piece.id, variantId: 's16' } })).status).toBe(
      201,
    );
    // Every size sold out: a request without a size waits for any size.
    const wantsAny = `qualquer${domain}`;
    expect((await callRoute('POST /api/stock-alerts', { body: { email: wantsAny, productId: piece.id } })).status).toBe(201);
    for (const email of [wants14, wants16, wantsAny]) expect((await confirmAlert(email)).status).toBe(200);
    const backInStockMails = async (email: string) =>
      (await mailsTo(email)).filter((mail) => mail.subject.endsWith('voltou a estar disponível'));

    const back = await callRoute(
      'POST /api/admin/products/{id}/stock',
      { params: { id: piece.id }, body: { delta: 1, variantId: 's14', reason: 'adjustment' } },
      { token: await token },
    );
    expect(back.body.backInStock).toBe(true);
    const told = await backInStockMails(wants14);
    expect(told).toHaveLength(1);
    expect(told[0]!.body.html).toContain(`${piece.name} — 14`);
    expect(await backInStockMails(wants16)).toEqual([]);
    expect(await backInStockMails(wantsAny)).toHaveLength(1);
    // Size 14 is on sale now: no more requests for it, nor for "any size"; 16 still takes them.
    expect(
      (await callRoute('POST /api/stock-alerts', { body: { email: `outra${domain}`, productId: piece.id, variantId: 's14' } })).status,
    ).toBe(409);
    expect((await callRoute('POST /api/stock-alerts', { body: { email: `outra${domain}`, productId: piece.id } })).status).toBe(400);
    expect(
      (await callRoute('POST /api/stock-alerts', { body: { email: `outra${domain}`, productId: piece.id, variantId: 's16' } })).status,
    ).toBe(201);
  });

  it('divides a piece without sizes into sizes: refused while it holds units, then its one size becomes the first', async () => {
    const plain = await createProduct({ stock: 2, type: 'anel' });
    const variantInputs = [
      { label: '14', sku: '', priceDeltaCents: 0 },
      { label: '16', sku: '', priceDeltaCents: 0 },
    ];
    const refused = await save(plain.id, form(await loadProduct(plain.id), variantInputs));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Esta peça tem 2 em stock sem tamanho');
    // A reservation holds the 2 units; the owner sets 0 and divides; the reservation expires: its units land in "14", in sight.
    const { body } = await placeOrder(reservationBody([{ productId: plain.id, quantity: 2 }]));
    const divided = await save(plain.id, form(await loadProduct(plain.id), variantInputs));
    expect(divided.status).toBe(200);
    expect(divided.body.product.variants.map((v) => [v.id, v.label])).toEqual([
      [DEFAULT_VARIANT_ID, '14'],
      [expect.stringMatching(/^v[0-9a-f]{8}$/), '16'],
    ]);
    await documentClient().send(
      new UpdateCommand({
        TableName: twin().env.TABLE_ORDERS,
        Key: { id: body.order.id },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expireReservations(new Date());
    expect((await loadProduct(plain.id)).variants.map((v) => [v.label, v.stock])).toEqual([
      ['14', 2],
      ['16', 0],
    ]);
  });

  it('refuses a size whose price would pass the highest price a piece may have', async () => {
    const piece = await ring({ priceCents: 999_000 });
    const loaded = await loadProduct(piece.id);
    const answer = await save(
      piece.id,
      form(loaded, [
        { id: 's14', label: '14', sku: '', priceDeltaCents: 2_000 },
        { id: 's16', label: '16', sku: '', priceDeltaCents: 0 },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('variants');
  });

  it("escapes a size's label in the e-mails like any other text", async () => {
    const piece = await ring({ variants: [variant('s14', '<img src=x onerror=alert(1)>', 2)] });
    const body = await orderBody([{ productId: piece.id, variantId: 's14', quantity: 1 }]);
    expect((await placeOrder(body)).status).toBe(201);
    const [mail] = await mailsTo(body.shipping.email);
    expect(mail?.body.html).toMatch(/&lt;img src(=|&#x3D;|&#61;)x onerror(=|&#x3D;|&#61;)alert\(1\)&gt;/);
    expect(mail?.body.html).not.toContain('<img src=x');
  });
});

describe('the caps and the migration with sizes', () => {
  it('the cap of units of one piece per order counts its sizes together', async () => {
    const piece = await ring({ variants: [variant('s14', '14', 9), variant('s16', '16', 9)] });
    const answer = await placeOrder(
      reservationBody([
        { productId: piece.id, variantId: 's14', quantity: 6 },
        { productId: piece.id, variantId: 's16', quantity: 6 },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('order_caps');
    expect(await variantStock(piece.id)).toEqual({ s14: 9, s16: 9, total: 18 });
  });

  it('an expiring reservation of a product not yet migrated gives its units back (the product is migrated first)', async () => {
    const id = `antigo-${randomUUID()}`;
    const now = new Date().toISOString();
    await documentClient().send(
      new PutCommand({
        TableName: twin().env.TABLE_PRODUCTS,
        Item: {
          id,
          code: `OLD-${id.slice(-6)}`,
          sku: 'SKU-OLD',
          name: 'Peça antiga',
          description: '',
          type: 'anel',
          collection: '',
          priceCents: 1500,
          discountPercent: 0,
          stock: 3,
          photos: [],
          mainImage: '',
          secondaryImage: '',
          listing: PRODUCT_LISTING,
          createdAt: now,
          updatedAt: now,
        },
      }),
    );
    const { body } = await placeOrder(reservationBody([{ productId: id, quantity: 1 }]));
    // As if the order were placed before sizes: the product loses what the order's read gave it.
    await documentClient().send(
      new UpdateCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, UpdateExpression: 'REMOVE variants, variantStock' }),
    );
    await documentClient().send(
      new UpdateCommand({
        TableName: twin().env.TABLE_ORDERS,
        Key: { id: body.order.id },
        UpdateExpression: 'SET expiresAt = :past REMOVE #lines[0].variantId',
        ExpressionAttributeNames: { '#lines': 'lines' },
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expireReservations(new Date());
    expect(await storedOrderStatus(body.order.id)).toBe('Encerrada');
    expect(await variantStock(id)).toEqual({ [DEFAULT_VARIANT_ID]: 3, total: 3 });
  });
});

describe('the migration of products stored before sizes', () => {
  it('gives every such product exactly one size holding its stock and SKU, changes nothing else, and is done once', async () => {
    const ids = Array.from({ length: 3 }, () => `antigo-${randomUUID()}`);
    const now = new Date().toISOString();
    const old = ids.map((id, i) => ({
      id,
      code: `OLD-${id.slice(-6)}`,
      sku: i === 2 ? '' : `SKU-OLD-${i}`,
      name: `Peça antiga ${i}`,
      description: 'Antes dos tamanhos.',
      type: 'colar',
      collection: '',
      priceCents: 1500 + i,
      discountPercent: 0,
      stock: [7, 0, 2][i],
      photos: [],
      mainImage: '',
      secondaryImage: '',
      version: 4,
      listing: PRODUCT_LISTING,
      createdAt: now,
      updatedAt: now,
    }));
    for (const item of old) await documentClient().send(new PutCommand({ TableName: twin().env.TABLE_PRODUCTS, Item: item }));

    expect(await migrateProductVariants()).toBeGreaterThanOrEqual(3);
    for (const item of old) {
      const after = await stored(item.id);
      expect(after).toEqual({
        ...item,
        variants: [{ id: DEFAULT_VARIANT_ID, label: '', sku: item.sku, priceDeltaCents: 0 }],
        variantStock: { [DEFAULT_VARIANT_ID]: item.stock },
      });
    }
    expect(await migrateProductVariants()).toBe(0);

    // It sells as before: an order without a size takes its one size.
    const { status } = await placeOrder(reservationBody([{ productId: ids[0]!, quantity: 2 }]));
    expect(status).toBe(201);
    expect(await variantStock(ids[0]!)).toEqual({ [DEFAULT_VARIANT_ID]: 5, total: 5 });
  });
});
