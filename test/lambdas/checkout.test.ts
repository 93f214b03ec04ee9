import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MAX_PROOF_BYTES } from '#shared/uploads.ts';
import { createProduct, mailsTo, orderBody, placeOrder, placeOrderAnswered, uploadProof, PNG_BYTES } from '../support/factories.ts';
import { call, documentClient, twin } from '../support/twin.ts';

const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );

async function ordersFor(email: string) {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: twin().env.TABLE_ORDERS,
      IndexName: 'byListing',
      KeyConditionExpression: 'listing = :l',
      FilterExpression: 'email = :e',
      ExpressionAttributeValues: { ':l': 'order', ':e': email },
    }),
  );
  return result.Items ?? [];
}

describe('POST /api/uploads/proof', () => {
  it('answers a presigned POST for a random pending key, of exactly the declared size and type', async () => {
    const { status, body } = await call('POST', '/api/uploads/proof', { body: { contentType: 'application/pdf', size: 2048 } });
    expect(status).toBe(201);
    expect(body.upload.key).toMatch(/^proofs\/pending\/[0-9a-f-]{36}$/);
    expect(body.upload.url).toContain(twin().env.BUCKET_UPLOADS);
    expect(body.upload.fields['Content-Type']).toBe('application/pdf');
    const policy = JSON.parse(Buffer.from(body.upload.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 2048, 2048], ['eq', '$Content-Type', 'application/pdf'], { key: body.upload.key }]),
    );
    const expires = Date.parse(policy.expiration) - Date.now();
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(300_000);
  });

  it.each([
    [{ contentType: 'text/html', size: 100 }, 'contentType'],
    [{ contentType: 'image/png', size: MAX_PROOF_BYTES + 1 }, 'size'],
    [{ contentType: 'image/png', size: 0 }, 'size'],
  ])('refuses %j', async (request, field) => {
    const { status, body } = await call('POST', '/api/uploads/proof', { body: request });
    expect(status).toBe(400);
    expect(body.error.fields[field]).toMatch(/[a-zà-ú]/i);
  });
});

describe('POST /api/orders', () => {
  it('prices on the server, ignores forged prices, takes the stock, stores the order and mails the customer', async () => {
    const ring = await createProduct({ priceCents: 1999, discountPercent: 15, stock: 7, name: 'Anel Teste Desconto' });
    const chain = await createProduct({ priceCents: 1250, discountPercent: 0, stock: 3 });
    const body = await orderBody([
      { productId: ring.id, quantity: 2 },
      { productId: chain.id, quantity: 1 },
    ]);
    const forged = {
      ...body,
      total: 1,
      totalCents: 1,
      shippingCost: 0,
      items: body.items.map((item) => ({ ...item, priceCents: 1, price: 0.01, discount: 99 })),
    };
    const { status, body: answer } = await placeOrder(forged);
    expect(status).toBe(201);
    // 2 × (1999 − 300) + 1250 = 4648; subtotal 5248 > 3000 → free shipping.
    expect(answer.order).toMatchObject({
      subtotalCents: 5248,
      discountCents: 600,
      shippingCents: 0,
      totalCents: 4648,
      status: 'Confirmar Pagamento',
    });
    expect(answer.order.orderNumber).toBeGreaterThanOrEqual(100000);
    expect(answer.order.orderNumber).toBeLessThanOrEqual(999999);
    expect(answer.order.instructions).toMatchObject({ method: 'transferencia', holder: 'Joias Inox, Lda.' });

    expect(await stockOf(ring.id)).toBe(5);
    expect(await stockOf(chain.id)).toBe(2);
    const { Item: stored } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: answer.order.id } }),
    );
    expect(stored).toMatchObject({
      orderNumber: answer.order.orderNumber,
      totalCents: 4648,
      email: body.shipping.email,
      country: 'Portugal',
      // The safe copy of the PNG proof (docs/design.md §29).
      proofContentType: 'image/jpeg',
      lines: [
        expect.objectContaining({
          productId: ring.id,
          sku: ring.sku,
          code: ring.code,
          quantity: 2,
          unitPriceCents: 1699,
          lineTotalCents: 3398,
        }),
        expect.objectContaining({ productId: chain.id, quantity: 1, unitPriceCents: 1250 }),
      ],
    });
    expect(stored!.proofKey).toMatch(/^proofs\/orders\//);
    expect(stored!.acceptTerms).toBeUndefined();
    const mails = await mailsTo(body.shipping.email);
    expect(mails).toHaveLength(1);
    // The outbox recorded the mail on the order once SES accepted it.
    const { Item: mailed } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: answer.order.id } }),
    );
    expect(mailed!.emails).toEqual([expect.objectContaining({ kind: 'order-received', status: 'sent' })]);
    expect(mails[0]!.subject).toBe(`Recebemos a tua encomenda nº ${answer.order.orderNumber}`);
    expect(mails[0]!.body.text).toContain('Olá Ana');
    expect(mails[0]!.body.text).toContain('Anel Teste Desconto × 2: 33,98 €');
    expect(mails[0]!.body.text).toContain('Total: 46,48 €');
    // The discount reads as an amount taken off.
    expect(mails[0]!.body.text).toContain('Desconto: −6,00 €');
    expect(mails[0]!.body.html).toMatch(/Desconto<\/td><td [^>]*>−6,00 €/);
    // The lines add up: a discounted line shows its unit price and line total before the discount, struck through.
    expect(mails[0]!.body.text).toContain('Anel Teste Desconto × 2: 33,98 € (16,99 € cada; sem desconto 19,99 € cada, 39,98 €)');
    expect(mails[0]!.body.html).toMatch(/<s class="antes">19,99 €<\/s><br \/>16,99 €/);
    expect(mails[0]!.body.html).toMatch(/<s class="antes">39,98 €<\/s><br \/>33,98 €/);
  });

  it('charges shipping below 30 € of goods before discounts and ships a 30,00 € cart free (rule 26)', async () => {
    const below = await createProduct({ priceCents: 2999, discountPercent: 10 });
    const { body } = await placeOrder(await orderBody([{ productId: below.id, quantity: 1 }], { shippingMethod: 'ctt-expresso' }));
    expect(body.order).toMatchObject({ subtotalCents: 2999, discountCents: 300, shippingCents: 500, totalCents: 3199 });
    const exactly = await createProduct({ priceCents: 3000, discountPercent: 10 });
    const { body: free } = await placeOrder(await orderBody([{ productId: exactly.id, quantity: 1 }], { shippingMethod: 'ctt-expresso' }));
    expect(free.order).toMatchObject({ subtotalCents: 3000, discountCents: 300, shippingCents: 0, totalCents: 2700 });
  });

  it('never oversells: 50 parallel orders for 5 units → exactly 5 orders, stock 0', async () => {
    const scarce = await createProduct({ stock: 5 });
    const bodies = await Promise.all(Array.from({ length: 50 }, () => orderBody([{ productId: scarce.id, quantity: 1 }])));
    // A buyer told the checkout is busy asks again with the same key, as the page does.
    const answers = await Promise.all(bodies.map((body) => placeOrderAnswered(body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.code).toBe('out_of_stock');
    expect(await stockOf(scarce.id)).toBe(0);
  }, 120_000);

  it('names the product and what is left when a line is short, and writes nothing', async () => {
    const piece = await createProduct({ stock: 2, name: 'Pulseira Quase Esgotada' });
    const other = await createProduct({ stock: 9 });
    const body = await orderBody([
      { productId: other.id, quantity: 1 },
      { productId: piece.id, quantity: 3 },
    ]);
    const key = randomUUID();
    const { status, body: answer } = await placeOrder(body, key);
    expect(status).toBe(409);
    expect(answer.error).toMatchObject({
      code: 'out_of_stock',
      message: 'Só restam 2 unidades do produto «Pulseira Quase Esgotada». Reduz a quantidade para continuar.',
    });
    expect(answer.error.fields).toHaveProperty('items.1.quantity');
    expect(await stockOf(other.id)).toBe(9);
    expect(await ordersFor(body.shipping.email)).toEqual([]);
    // The key is released: the customer fixes the cart and retries with it.
    const fixed = await placeOrder({ ...body, items: [body.items[0]!, { productId: piece.id, quantity: 2 }] }, key);
    expect(fixed.status).toBe(201);
    expect(await stockOf(piece.id)).toBe(0);
  });

  it('is idempotent: the same key 10 times in parallel → one order, the same answer', async () => {
    const piece = await createProduct({ stock: 50 });
    const body = await orderBody([{ productId: piece.id, quantity: 2 }]);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(body, key)));
    const ok = answers.filter((a) => a.status === 200 || a.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(ok.map((a) => a.body.order.orderNumber)).size).toBe(1);
    for (const busy of answers.filter((a) => a.status === 409)) expect(busy.body.error.code).toBe('order_in_progress');
    const repeat = await placeOrder(body, key);
    expect(repeat.status).toBe(200);
    expect(repeat.body.order.orderNumber).toBe(ok[0]!.body.order.orderNumber);
    expect(await ordersFor(body.shipping.email)).toHaveLength(1);
    expect(await stockOf(piece.id)).toBe(48);
    expect(await mailsTo(body.shipping.email)).toHaveLength(1);
  });

  it('refuses a key reused for a different order', async () => {
    const piece = await createProduct();
    const key = randomUUID();
    expect((await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]), key)).status).toBe(201);
    const other = await placeOrder(await orderBody([{ productId: piece.id, quantity: 2 }]), key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('requires an Idempotency-Key', async () => {
    const piece = await createProduct();
    const { status, body } = await call('POST', '/api/orders', { body: await orderBody([{ productId: piece.id, quantity: 1 }]) });
    expect(status).toBe(400);
    expect(body.error.code).toBe('idempotency_key_invalid');
  });

  it('refuses a proof that is HTML named .png, or larger than 10 MB, and writes nothing', async () => {
    const piece = await createProduct({ stock: 4 });
    const html = Buffer.from('<!doctype html><html><body>não é um comprovativo</body></html>');
    const fake = await placeOrder({
      ...(await orderBody([{ productId: piece.id, quantity: 1 }])),
      proofKey: await uploadProof(html, 'image/png'),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.error.fields?.proofKey).toBe(
      'O ficheiro não é uma imagem ou PDF válido. Envia uma captura de ecrã ou o PDF do comprovativo.',
    );

    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(11 * 1024 * 1024)]);
    // s3rver does not enforce the policy's size limit: our own check must catch it.
    const big = await placeOrder({
      ...(await orderBody([{ productId: piece.id, quantity: 1 }])),
      proofKey: await uploadProof(huge, 'image/png', 1000),
    });
    expect(big.status).toBe(400);
    expect(big.body.error.fields?.proofKey).toBe('O comprovativo tem mais de 10 MB. Envia um ficheiro mais pequeno.');

    const missing = await placeOrder({
      ...(await orderBody([{ productId: piece.id, quantity: 1 }])),
      proofKey: `proofs/pending/${randomUUID()}`,
    });
    expect(missing.status).toBe(400);
    expect(await stockOf(piece.id)).toBe(4);
  });

  it('refuses invalid bodies with Portuguese field messages and stores nothing', async () => {
    const piece = await createProduct({ stock: 4 });
    const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
    const { status, body: answer } = await placeOrder({
      ...body,
      items: [{ productId: piece.id, quantity: 0 }],
      // A hostile body: what the browser's form would never send.
      shipping: { ...body.shipping, email: 'x', country: 'Espanha', acceptTerms: false, city: '' } as never,
    });
    expect(status).toBe(400);
    expect(Object.keys(answer.error.fields ?? {}).sort()).toEqual([
      'items.0.quantity',
      'shipping.acceptTerms',
      'shipping.city',
      'shipping.country',
      'shipping.email',
    ]);
    expect(answer.error.fields?.['shipping.acceptTerms']).toBe('Por favor, aceita os termos e condições.');
    expect(await stockOf(piece.id)).toBe(4);
    expect(await ordersFor(body.shipping.email)).toEqual([]);
  });

  it('answers 409 for a product that no longer exists', async () => {
    const { status, body } = await placeOrder(await orderBody([{ productId: `sumiu-${randomUUID()}`, quantity: 1 }]));
    expect(status).toBe(409);
    expect(body.error.code).toBe('product_unavailable');
  });
});
