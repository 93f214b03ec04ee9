import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { routes } from '#lambdas/routes.ts';
import { createProduct, mailsTo, orderBody, placeOrder } from '../support/factories.ts';
import { adminToken, call, documentClient, twin } from '../support/twin.ts';

let token: string;
const admin = (method: string, path: string, body?: unknown) => call(method, path, { token, body });

beforeAll(async () => {
  token = await adminToken();
});

async function newOrder(shipping = {}) {
  const piece = await createProduct({ stock: 5 });
  const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], shipping));
  return body.order as { id: string; orderNumber: number; email: string };
}

describe('every admin route answers an admin', () => {
  /** The query a route cannot answer without (the exports and the sales view name their days). */
  const REQUIRED_QUERY: Readonly<Record<string, string>> = {
    '/api/admin/orders/export': '?from=2026-01-01&to=2026-01-31',
    '/api/admin/sales': '?from=2026-01-01&to=2026-01-31',
    '/api/admin/sales/export': '?from=2026-01-01&to=2026-01-31',
  };
  it.each(routes.filter((r) => r.access === 'admin' && r.method === 'GET' && !r.path.includes('{')).map((r) => r.path))(
    'GET %s → 200',
    async (path) => {
      expect((await admin('GET', `${path}${REQUIRED_QUERY[path] ?? ''}`)).status).toBe(200);
    },
  );
});

describe('admin orders', () => {
  it('lists newest first, filters by status and by number, and pages with a cursor', async () => {
    const first = await newOrder();
    const second = await newOrder();
    // Other test files place orders at the same time: check the relative order, and walk the pages.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin('GET', `/api/admin/orders?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.orders.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.orders.map((o: { id: string }) => o.id));
      cursor = page.body.nextCursor;
    } while (cursor && !seen.includes(first.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(second.id)).toBeLessThan(seen.indexOf(first.id));
    const top = await admin('GET', '/api/admin/orders?limit=100');
    expect(top.body.orders.find((o: { id: string }) => o.id === second.id)).toMatchObject({
      orderNumber: second.orderNumber,
      status: 'Confirmar Pagamento',
      country: 'Portugal',
      paymentMethod: 'transferencia',
    });
    const times = top.body.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // The start of a number finds the order (searching by name, e-mail and phone: test/lambdas/order-search.test.ts).
    const search = await admin('GET', `/api/admin/orders?q=${first.id.slice(0, 4)}`);
    expect(search.body.orders.map((o: { id: string }) => o.id)).toContain(first.id);

    for (const status of ['Enviar', 'Enviado']) await admin('PATCH', `/api/admin/orders/${first.id}`, { status });
    const shipped = await admin('GET', '/api/admin/orders?status=Enviado&limit=100');
    expect(shipped.body.orders.map((o: { id: string }) => o.id)).toContain(first.id);
    expect(shipped.body.orders.every((o: { status: string }) => o.status === 'Enviado')).toBe(true);
  });

  it.each([['status=Pago'], ['q=a'], [`q=${'a'.repeat(61)}`], ['limit=0'], ['limit=1000'], ['cursor=bm9wZQ']])(
    'refuses the query %s with 400',
    async (query) => {
      const { status, body } = await admin('GET', `/api/admin/orders?${query}`);
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/[a-zà-ú]/i);
    },
  );

  it('shows one order by id with a short-lived link to its proof', async () => {
    const order = await newOrder();
    const { status, body } = await admin('GET', `/api/admin/orders/${order.id}`);
    expect(status).toBe(200);
    expect(body.order).toMatchObject({
      id: order.id,
      firstName: 'Ana',
      lines: [expect.objectContaining({ sku: expect.any(String), quantity: 1 })],
    });
    expect(body.order.proofContentType).toBeUndefined();
    const proof = await fetch(body.proofUrl);
    expect(proof.status).toBe(200);
    // The owner sees the safe copy of the customer's 1×1 PNG: re-encoded as JPEG (docs/design.md §29).
    expect(proof.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await proof.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
    expect(new URL(body.proofUrl).searchParams.get('X-Amz-Expires')).toBe('300');
    expect((await admin('GET', '/api/admin/orders/000000')).status).toBe(404);
    expect((await admin('GET', '/api/admin/orders/abc')).status).toBe(404);
  });

  it('changes the status (persisted) and refuses an unknown one', async () => {
    const order = await newOrder();
    const changed = await admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'Enviar' });
    expect(changed.status).toBe(200);
    expect(changed.body.order.status).toBe('Enviar');
    const { Item } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id } }));
    expect(Item!.status).toBe('Enviar');
    const bad = await admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'Pago' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBeTruthy();
  });

  it('sends the three e-mails with the right data, only once true of the order, and keeps their history', async () => {
    const order = await newOrder({ firstName: 'Beatriz' });
    // A proof still to check: no "payment confirmed", no tracking, no review request (nothing sent).
    for (const kind of ['payment-confirmed', 'review-request']) {
      const refused = await admin('POST', `/api/admin/orders/${order.id}/emails`, { kind, requestKey: randomUUID() });
      expect(refused.status, kind).toBe(409);
      expect(refused.body.error.code).toBe('email_not_applicable');
    }
    expect(
      (
        await admin('POST', `/api/admin/orders/${order.id}/emails`, {
          kind: 'shipped',
          trackingCode: 'RR123456785PT',
          requestKey: randomUUID(),
        })
      ).status,
    ).toBe(409);
    for (const status of ['Enviar', 'Enviado'])
      expect((await admin('PATCH', `/api/admin/orders/${order.id}`, { status })).status).toBe(200);
    await mailsTo(order.email);
    // One e-mail per click: each waits for the one before, so the history keeps their order.
    expect(
      (await admin('POST', `/api/admin/orders/${order.id}/emails`, { kind: 'payment-confirmed', requestKey: randomUUID() })).status,
    ).toBe(200);
    await mailsTo(order.email);
    expect(
      (
        await admin('POST', `/api/admin/orders/${order.id}/emails`, {
          kind: 'shipped',
          trackingCode: ' RR123456785PT ',
          requestKey: randomUUID(),
        })
      ).status,
    ).toBe(200);
    await mailsTo(order.email);
    // A review is asked for once delivered, never while the parcel travels.
    expect((await admin('POST', `/api/admin/orders/${order.id}/emails`, { kind: 'review-request', requestKey: randomUUID() })).status).toBe(
      409,
    );
    expect((await admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'Concluido' })).status).toBe(200);
    expect((await admin('POST', `/api/admin/orders/${order.id}/emails`, { kind: 'review-request', requestKey: randomUUID() })).status).toBe(
      200,
    );
    const mails = await mailsTo(order.email);
    const last = await admin('GET', `/api/admin/orders/${order.id}`);
    expect(last.body.order.emails.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
      'order-received:sent',
      'payment-confirmed:sent',
      'shipped:sent',
      'payment-confirmed:sent',
      'shipped:sent',
      'review-request:sent',
    ]);
    expect(last.body.order.emails.at(-2)).toMatchObject({ trackingCode: 'RR123456785PT', carrier: 'ctt' });
    expect(mails.map((m) => m.subject)).toEqual([
      `Recebemos a tua encomenda nº ${order.orderNumber}`,
      `Pagamento confirmado: encomenda nº ${order.orderNumber}`,
      `A tua encomenda nº ${order.orderNumber} foi enviada`,
      `Pagamento confirmado: encomenda nº ${order.orderNumber}`,
      `A tua encomenda nº ${order.orderNumber} foi enviada`,
      'Gostaste das tuas joias?',
    ]);
    expect(mails[4]!.body.text).toContain('Código de envio CTT: RR123456785PT');
    expect(mails[5]!.body.text).toContain('Olá Beatriz');

    const noCode = await admin('POST', `/api/admin/orders/${order.id}/emails`, {
      kind: 'shipped',
      trackingCode: '  ',
      requestKey: randomUUID(),
    });
    expect(noCode.status).toBe(400);
    expect((await mailsTo(order.email)).length).toBe(6);
  });
});

describe('admin products', () => {
  it('creates a product; it appears in the shop (photos: test/lambdas/photos.test.ts)', async () => {
    const code = `NOVO-${randomUUID().slice(0, 6)}`;
    const input = {
      name: 'Colar Novo',
      code,
      sku: `SKU-${code}`,
      description: 'Linha 1\nLinha 2',
      type: 'colar',
      collection: 'Essenciais',
      priceCents: 2450,
      discountPercent: 5,
      stock: 3,
      photos: [],
    };
    const made = await admin('POST', '/api/admin/products', input);
    expect(made.status).toBe(201);
    expect(made.body.product).toMatchObject({ ...input, mainImage: '', secondaryImage: '' });
    const shop = await call('GET', `/api/products/${made.body.product.id}`);
    expect(shop.body.product.name).toBe('Colar Novo');

    const sameCode = await admin('POST', '/api/admin/products', { ...input, name: 'Outro' });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.error.fields.code).toBe('Já existe um produto com este código.');
  });

  it('refuses an unknown collection and out-of-range numbers', async () => {
    const base = {
      name: 'X',
      code: `X-${randomUUID().slice(0, 6)}`,
      type: 'anel',
      collection: '',
      priceCents: 1000,
      discountPercent: 0,
      stock: 1,
    };
    const noCollection = await admin('POST', '/api/admin/products', { ...base, collection: 'Inventada' });
    expect(noCollection.body.error.fields.collection).toBe('Escolhe uma coleção que exista.');
    const bounds = await admin('POST', '/api/admin/products', { ...base, priceCents: 0, discountPercent: 91, stock: 10_000 });
    expect(Object.keys(bounds.body.error.fields).sort()).toEqual(['discountPercent', 'priceCents', 'stock']);
  });
  // Stock changes, their movements and the back-in-stock e-mails: test/lambdas/stock.test.ts.
});

describe('admin inbox and back-in-stock list', () => {
  it('lists contact messages newest first, opens one by id and marks it read', async () => {
    const subject = `Assunto ${randomUUID().slice(0, 6)}`;
    const sent = await call('POST', '/api/contact-messages', {
      body: { name: 'Rui', email: 'rui@example.com', phone: '910000000', subject, message: 'Olá' },
    });
    const list = await admin('GET', '/api/admin/contact-messages');
    expect(list.body.messages[0]).toMatchObject({ id: sent.body.id, subject, read: false });
    const one = await admin('GET', `/api/admin/contact-messages/${sent.body.id}`);
    expect(one.body.message).toMatchObject({ name: 'Rui', subject, read: true });
    expect((await admin('GET', '/api/admin/contact-messages')).body.messages.find((m: { id: string }) => m.id === sent.body.id).read).toBe(
      true,
    );
    expect((await admin('GET', `/api/admin/contact-messages/${randomUUID()}`)).status).toBe(404);
  });

  it('the dashboard counts orders by status, unread messages and pending requests', async () => {
    const before = (await admin('GET', '/api/admin/dashboard')).body;
    const order = await newOrder();
    await admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'Enviar' });
    await call('POST', '/api/contact-messages', {
      body: { name: 'Rui', email: 'rui@example.com', phone: '910000000', subject: 'Olá', message: 'Olá' },
    });
    const after = (await admin('GET', '/api/admin/dashboard')).body;
    expect(after.ordersByStatus.Enviar).toBeGreaterThanOrEqual(before.ordersByStatus.Enviar + 1);
    expect(after.monthRevenueCents).toBeGreaterThan(before.monthRevenueCents);
    expect(after.unreadContactMessages).toBeGreaterThanOrEqual(before.unreadContactMessages + 1);
    expect(after.outOfStockProducts).toBeGreaterThanOrEqual(2);
  });
});
