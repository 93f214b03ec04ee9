/**
 * Discount codes (docs/discount-codes.md, docs/design.md §37), through the real handlers and DynamoDB
 * Local: the owner's "Códigos de desconto"; the server's price with a code, the same cents in every answer;
 * the code's use taken in the stock's transaction (the last use of a code goes to exactly one of 20
 * parallel buyers) and given back when the reservation expires or is cancelled unpaid; guesses limited
 * per address behind the proof of work; hostile text in every code field.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DiscountCodeInput } from '#shared/schemas/discount-code.ts';
import { invoiceLines, linesTotalCents } from '#shared/invoices.ts';
import { discountCodeAdminTexts, discountCodeTexts } from '#shared/messages/index.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { clientFetch, nextClientAddress, solvedChallenge } from '../support/clients.ts';
import { dayKey } from '#shared/dates.ts';
import { createProduct, customerOrderView, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

/** A code name of its own per test: letters without O or I, digits without 0 or 1. */
const newName = (prefix = 'TESTE') =>
  `${prefix}${randomUUID()
    .replace(/[^2-9A-HJ-NP-Z]/gi, '')
    .toUpperCase()
    .slice(0, 6)}`;
const createCode = async (fields: Partial<DiscountCodeInput> = {}) => {
  const body = { code: newName(), type: 'percent' as const, percent: 10, active: true, ...fields };
  const answer = await callRoute('POST /api/admin/discount-codes', { body }, { token: await adminToken() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.code;
};
const usesOf = async (code: string) =>
  (await callRoute('GET /api/admin/discount-codes/{code}', { params: { code } }, { token: await adminToken() })).body.code.uses;
const expireNow = (id: string) =>
  documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item!;

describe('the owner\'s "Códigos de desconto"', () => {
  it('creates a code stored upper-case, refuses the same name in another case and look-alike characters, lists its uses', async () => {
    const token = await adminToken();
    const name = newName('marta');
    const made = await callRoute(
      'POST /api/admin/discount-codes',
      { body: { code: name.toLowerCase(), type: 'amount', amountCents: 500, active: true, note: 'influencer Maria' } },
      { token },
    );
    expect(made.status).toBe(201);
    expect(made.body.code).toMatchObject({ code: name.toUpperCase(), type: 'amount', amountCents: 500, note: 'influencer Maria', uses: 0 });
    const again = await callRoute(
      'POST /api/admin/discount-codes',
      { body: { code: name.toUpperCase(), type: 'percent', percent: 5, active: true } },
      { token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'code_exists', message: discountCodeAdminTexts.exists(name.toUpperCase()) });
    const lookAlike = await callRoute(
      'POST /api/admin/discount-codes',
      { body: { code: 'MARIA10', type: 'percent', percent: 10, active: true } },
      { token },
    );
    expect(lookAlike.status).toBe(400);
    expect(lookAlike.body.error?.fields?.code).toBe(discountCodeAdminTexts.lookAlike);
    const list = await callRoute('GET /api/admin/discount-codes', {}, { token });
    expect(list.body.codes.find((code) => code.code === name.toUpperCase())).toMatchObject({ uses: 0, note: 'influencer Maria' });
  });

  it('hostile text in every field of the form: the code refused in Portuguese, the note kept as text; nothing else written', async () => {
    const token = await adminToken();
    const hostile = '"><img src=x onerror=alert(1)>';
    const refused = await call('POST', '/api/admin/discount-codes', {
      token,
      body: { code: hostile, type: 'percent', percent: 10, active: true, collections: [hostile], note: hostile },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.code).toBe(discountCodeAdminTexts.codeInvalid);
    const wrongTypes = await call('POST', '/api/admin/discount-codes', {
      token,
      body: { code: newName(), type: '<b>', percent: '10', active: 'yes', types: [hostile], startsAt: hostile },
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.error.fields).sort()).toEqual(expect.arrayContaining(['active', 'startsAt', 'type']));
    const kept = await createCode({ note: hostile, collections: [hostile] });
    expect(kept).toMatchObject({ note: hostile, collections: [hostile] });
  });

  it('pauses a code (then it reads as unknown to customers), refuses to delete one an order holds, deletes an unused one', async () => {
    const token = await adminToken();
    const piece = await createProduct({ stock: 5 });
    const code = await createCode();
    const order = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), discountCode: code.code });
    expect(order.status).toBe(201);
    const paused = await callRoute(
      'PUT /api/admin/discount-codes/{code}',
      { params: { code: code.code }, body: { code: code.code, type: 'percent', percent: 10, active: false } },
      { token },
    );
    expect(paused.body.code).toMatchObject({ active: false, uses: 1 });
    const refused = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), discountCode: code.code.toLowerCase() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'code_unknown',
      message: discountCodeTexts.unknown,
      fields: { discountCode: discountCodeTexts.unknown },
    });
    const inUse = await callRoute('DELETE /api/admin/discount-codes/{code}', { params: { code: code.code } }, { token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: 'code_in_use', message: discountCodeAdminTexts.inUse(1) });
    const unused = await createCode();
    expect((await callRoute('DELETE /api/admin/discount-codes/{code}', { params: { code: unused.code } }, { token })).body).toEqual({
      deleted: unused.code,
    });
    expect((await callRoute('GET /api/admin/discount-codes/{code}', { params: { code: unused.code } }, { token })).status).toBe(404);
  });
});

describe('a 10 % code on a 34,80 € cart: the same cents in every answer', () => {
  it('check, order, customer view, owner view, invoice lines: 3,48 € off, free shipping, 31,32 €', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 1740 });
    const code = await createCode({ percent: 10 });
    const items = [{ productId: piece.id, quantity: 2 }];
    const check = await callRoute('POST /api/discount-codes/check', {
      body: { code: code.code.toLowerCase(), items, shippingMethod: 'ctt' },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toEqual({
      discount: { code: code.code, type: 'percent', amountCents: 348 },
      subtotalCents: 3480,
      discountCents: 0,
      shippingCents: 0,
      shippingMethod: 'ctt',
      totalCents: 3132,
    });

    const placed = await placeOrder({ ...reservationBody(items), discountCode: ` ${code.code.toLowerCase()} ` });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      subtotalCents: 3480,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 3132,
      discount: { code: code.code, amountCents: 348 },
    });
    expect(placed.body.order.lines[0]).toMatchObject({ lineTotalCents: 3480, codeDiscountCents: 348 });
    const mine = await customerOrderView(placed.body.order.id, placed.body.order.accessToken);
    expect(mine.body.order).toMatchObject({ totalCents: 3132, discount: { code: code.code, amountCents: 348 } });
    const owner = await call('GET', `/api/admin/orders/${placed.body.order.id}`, { token: await adminToken() });
    expect(owner.body.order).toMatchObject({ totalCents: 3132, discount: { code: code.code, amountCents: 348 } });
    expect(owner.body.order.codeUseKeys).toBeUndefined();
    expect(linesTotalCents(invoiceLines(owner.body.order))).toBe(3132);
    expect(await usesOf(code.code)).toBe(1);
  });
});

describe("a paid order with a code: the accountant's files and the sales view say the same cents", () => {
  it('orders CSV (code and its cents), Movimentos (the code of each movement), sales per code (revenue, sales, uses)', async () => {
    const token = await adminToken();
    const piece = await createProduct({ stock: 5, priceCents: 1740 });
    const code = await createCode({ percent: 10 });
    const placed = await placeOrder({ ...(await orderBody([{ productId: piece.id, quantity: 2 }])), discountCode: code.code });
    expect(placed.body.order.totalCents).toBe(3132);
    expect((await call('PATCH', `/api/admin/orders/${placed.body.order.id}`, { token, body: { status: 'Enviar' } })).status).toBe(200);
    const today = dayKey();
    const csv = async (kind: string) => {
      const answer = await clientFetch(`${twin().url}/api/admin/orders/export?from=${today}&to=${today}&kind=${kind}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await answer.text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .map((row) => row.split(';'));
    };
    const [orderHeader, ...orderRows] = await csv('orders');
    const row = orderRows.find((cells) => cells[0] === String(placed.body.order.orderNumber))!;
    const cell = (name: string) => row[orderHeader!.indexOf(name)];
    expect([cell('Total'), cell('Recebido'), cell('Código de desconto'), cell('Desconto do código')]).toEqual([
      '31,32',
      '31,32',
      code.code,
      '3,48',
    ]);
    const [movementHeader, ...movements] = await csv('movements');
    const mine = movements.filter((cells) => cells[1] === String(placed.body.order.orderNumber));
    expect(mine.map((cells) => [cells[movementHeader!.indexOf('Entrada')], cells[movementHeader!.indexOf('Código de desconto')]])).toEqual([
      ['31,32', code.code],
    ]);
    const sales = await callRoute('GET /api/admin/sales', { query: { from: today, to: today, by: 'day' } }, { token });
    expect(sales.body.codes.find((c) => c.code === code.code)).toEqual({
      code: code.code,
      revenueCents: 3132,
      orders: 1,
      discountCents: 348,
      uses: 1,
    });
  });
});

describe("the code's use, in the stock's transaction", () => {
  it('20 parallel buyers on a code limited to 1 use: exactly one order has it, the others are told it is used up', async () => {
    const piece = await createProduct({ stock: 40 });
    const code = await createCode({ maxUses: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), discountCode: code.code })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'code_used_up',
        message: discountCodeTexts.usedUp,
        fields: { discountCode: discountCodeTexts.usedUp },
      });
    }
    expect(await usesOf(code.code)).toBe(1);
    // Only the order with the code took stock: the refused ones wrote nothing.
    const product = await call('GET', `/api/products/${piece.id}`);
    expect(product.body.product.stock).toBe(39);
  }, 180_000);

  it("an expired unpaid reservation gives its use back, so does a customer's cancel; per customer, the e-mail however spelt", async () => {
    const piece = await createProduct({ stock: 10 });
    const code = await createCode({ maxUses: 1, maxUsesPerCustomer: 1 });
    const first = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }], { email: 'ana.sousa@gmail.com' }),
      discountCode: code.code,
    });
    expect(first.status).toBe(201);
    expect(
      (await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), discountCode: code.code })).body.error?.code,
    ).toBe('code_used_up');
    await expireNow(first.body.order.id);
    await expireReservations(new Date());
    expect((await stored(first.body.order.id)).status).toBe('Encerrada');
    expect(await usesOf(code.code)).toBe(0);

    const second = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }], { email: 'A.N.A.Sousa+x@googlemail.com' }),
      discountCode: code.code,
    });
    expect(second.status).toBe(201);
    const cancelled = await callRoute(
      'POST /api/orders/{id}/cancel',
      { params: { id: second.body.order.id } },
      { headers: { [ORDER_TOKEN_HEADER]: second.body.order.accessToken } },
    );
    expect(cancelled.status).toBe(200);
    expect(await usesOf(code.code)).toBe(0);

    // Two uses of the code, one per customer: the same inbox spelt otherwise is the same customer.
    await callRoute(
      'PUT /api/admin/discount-codes/{code}',
      {
        params: { code: code.code },
        body: { code: code.code, type: 'percent', percent: 10, active: true, maxUses: 5, maxUsesPerCustomer: 1 },
      },
      { token: await adminToken() },
    );
    const paidBefore = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }], { email: 'anasousa@gmail.com' }),
      discountCode: code.code,
    });
    expect(paidBefore.status).toBe(201);
    const again = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }], { email: 'Ana.Sousa+loja@gmail.com' }),
      discountCode: code.code,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'code_used_up', message: discountCodeTexts.usedUpByCustomer(1) });
  }, 120_000);
});

describe('guessing codes', () => {
  it('200 guesses of random codes from one address: refused by the limit after the first few (each needs a proof of work)', async () => {
    const piece = await createProduct({ stock: 5 });
    const client = nextClientAddress();
    const statuses: number[] = [];
    let proof = '';
    for (let i = 0; i < 200; i++) {
      // A fresh proof while they are answered; once refused, the limit comes before the proof is spent.
      if (statuses.at(-1) !== 429) proof = await solvedChallenge(twin().url);
      const guess = await call('POST', '/api/discount-codes/check', {
        client,
        headers: { 'x-altcha': proof },
        body: { code: newName('G'), items: [{ productId: piece.id, quantity: 1 }] },
      });
      statuses.push(guess.status);
      if (guess.status === 429) expect(guess.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(409));
    expect(statuses.slice(8).every((status) => status === 429)).toBe(true);
    // Without a proof of work, not even a guess.
    expect(
      (
        await call('POST', '/api/discount-codes/check', {
          challenge: false,
          body: { code: 'NATAL25', items: [{ productId: piece.id, quantity: 1 }] },
        })
      ).status,
    ).toBe(400);
  }, 300_000);

  it('the reasons, beside the field: expired, not yet, minimum, not for these pieces; hostile text is not a code', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 1500, discountPercent: 20 });
    const items = [{ productId: piece.id, quantity: 1 }];
    const ask = (code: string) => call('POST', '/api/discount-codes/check', { body: { code, items } });
    const expired = await createCode({ endsAt: '2026-01-01T00:00' });
    expect((await ask(expired.code)).body.error).toMatchObject({
      code: 'code_expired',
      message: discountCodeTexts.expired('01/01/2026 às 00:00'),
    });
    const later = await createCode({ startsAt: '2099-01-01T09:30' });
    expect((await ask(later.code)).body.error).toMatchObject({
      code: 'code_not_started',
      fields: { discountCode: discountCodeTexts.notStarted('01/01/2099 às 09:30') },
    });
    const minimum = await createCode({ minOrderCents: 5000, appliesToDiscounted: true });
    expect((await ask(minimum.code)).body.error.code).toBe('code_minimum');
    const full = await createCode();
    expect((await ask(full.code)).body.error).toMatchObject({
      code: 'code_not_applicable',
      message: discountCodeTexts.notApplicableDiscounted,
    });
    const hostile = await ask('<script>alert(1)</script>');
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.fields.code).toBe(discountCodeTexts.invalid);
    expect(JSON.stringify(hostile.body)).not.toContain('<script>');
  }, 120_000);
});
