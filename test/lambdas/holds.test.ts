/**
 * What one customer may hold (docs/design.md §27): unpaid reservations and unconfirmed proofs count
 * against the client address (IPv6 by /64), the e-mail (lower case, +tag dropped, Gmail dots ignored)
 * and the phone (digits, +351 dropped), at most 2 open orders and 10 units each by default, counted in
 * the stock's own transaction and given back in the transaction that moves the order out of the held
 * statuses. Hold time per payment method. Through the front door, the real handlers and DynamoDB Local;
 * the front door takes the client address from the connection (127.x.y.z), as CloudFront does.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderInput, ShippingForm } from '#shared/schemas/index.ts';
import { emailKey } from '#shared/identity-keys.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { holdCounterName } from '#lambdas/repositories/holds.ts';
import { recountHolds } from '#lambdas/services/counters.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { nextClientAddress, solvedChallenge } from '../support/clients.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

const CAPS = 'Cada cliente pode ter até 2 reservas e 10 peças por pagar ao mesmo tempo.';
/** The refusal of a customer with no counted order of her own: others' orders are never described. */
const HOLD_MESSAGE =
  `Há reservas por pagar ligadas a esta ligação à internet, a este e-mail ou a este ` +
  `telefone: tenta de novo quando forem pagas ou expirarem, ou fala connosco. ${CAPS}`;

/** A reservation from `client` (a fresh address unless given). */
const reserve = (body: PlaceOrderInput, client = nextClientAddress(), key = randomUUID()) =>
  callRoute('POST /api/orders', { body }, { headers: { 'idempotency-key': key }, client });
const one = (productId: string, shipping: Partial<ShippingForm> = {}, quantity = 1) => reservationBody([{ productId, quantity }], shipping);
const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const holdOf = async (name: string) => {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: twin().env.TABLE_COUNTERS, Key: { name }, ConsistentRead: true }),
  );
  return { orders: Number(Item?.value ?? 0), units: Number(Item?.units ?? 0) };
};
const expireNow = (id: string) =>
  documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
const setStatus = async (id: string, status: string, extra: Record<string, unknown> = {}) =>
  call('PATCH', `/api/admin/orders/${id}`, { token: await adminToken(), body: { status, ...extra } });
const unique = () => randomUUID().slice(0, 8);

function expectHoldLimit(answer: { status: number; body: { error?: { code: string; message: string } } }) {
  expect(answer.status).toBe(409);
  expect(answer.body.error).toMatchObject({ code: 'hold_limit', message: HOLD_MESSAGE });
}

describe('hold caps per client address', () => {
  it('one address: 5 reservations (different e-mails and phones) → 2 succeed, 3 get 409 hold_limit; nothing held for them', async () => {
    const piece = await createProduct({ stock: 20 });
    const client = nextClientAddress();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await reserve(one(piece.id), client));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.slice(2)) expectHoldLimit(refused);
    expect(await stockOf(piece.id)).toBe(18);
    expect(await holdOf(holdCounterName('address', client))).toEqual({ orders: 2, units: 2 });
  });

  it('a 12-unit reservation → 409 hold_limit (said as what to change), 10 units pass, then one more from that address not', async () => {
    const [a, b] = [await createProduct({ stock: 20 }), await createProduct({ stock: 20 })];
    const twelve = reservationBody([
      { productId: a.id, quantity: 6 },
      { productId: b.id, quantity: 6 },
    ]);
    const refused = await reserve(twelve);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'hold_limit', message: expect.stringContaining('até 10 peças por pagar') });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([20, 20]);

    const client = nextClientAddress();
    expect(
      (
        await reserve(
          reservationBody([
            { productId: a.id, quantity: 5 },
            { productId: b.id, quantity: 5 },
          ]),
          client,
        )
      ).status,
    ).toBe(201);
    expectHoldLimit(await reserve(one(a.id), client));
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([15, 15]);
  });

  it('an IPv6 client counts by its /64: two addresses of one network share the cap', async () => {
    const piece = await createProduct({ stock: 10 });
    const network = `2001:db8:${Number.parseInt(unique().slice(0, 4), 16)}:1`;
    // The edge passes the viewer's address on; the twin's front door sets it from the connection, so this calls the API origin as
    // CloudFront would.
    const viaEdge = async (address: string) =>
      call('POST', '/api/orders', {
        base: twin().apiOriginUrl,
        // The origin hands out no challenge (it refuses what lacks the origin secret): solved at the front door.
        headers: {
          'x-origin-verify': twin().originSecret,
          'x-viewer-ip': address,
          'idempotency-key': randomUUID(),
          'x-altcha': await solvedChallenge(twin().url),
        },
        body: one(piece.id),
      });
    expect((await viaEdge(`${network}::a`)).status).toBe(201);
    expect((await viaEdge(`${network}:ffff:1:2:3`)).status).toBe(201);
    expectHoldLimit(await viaEdge(`${network}:0:0:0:9`));
    expect((await viaEdge(`2001:db8:ffff:${Number.parseInt(unique().slice(0, 4), 16)}::1`)).status).toBe(201);
  });

  it('50 parallel reservations from one address for a piece with 100 units → at most 10 units and 2 orders held', async () => {
    const piece = await createProduct({ stock: 100 });
    const client = nextClientAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => reserve(one(piece.id, {}, 1 + (i % 6)), client)));
    const placed = answers.filter((a) => a.status === 201);
    const held = placed.reduce((sum, a) => sum + a.body.order.lines.reduce((units, line) => units + line.quantity, 0), 0);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length).toBeLessThanOrEqual(2);
    expect(held).toBeLessThanOrEqual(10);
    expect(100 - (await stockOf(piece.id))).toBe(held);
    // The rest: the cap or the per-client request limit, nothing else.
    expect(
      answers.filter((a) => a.status !== 201).every((a) => (a.status === 409 && a.body.error.code === 'hold_limit') || a.status === 429),
    ).toBe(true);
    expect(await holdOf(holdCounterName('address', client))).toEqual({ orders: placed.length, units: held });
  });
});

describe('hold caps per e-mail and per phone', () => {
  it('one Gmail inbox from 5 addresses (dots, +tags, Googlemail, capitals) → 2 succeed, the rest the same 409', async () => {
    const piece = await createProduct({ stock: 20 });
    const name = `ana${unique().replace(/\d/g, 'x')}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
      `${name}+loja@googlemail.com`,
      `${name.slice(0, 3).toUpperCase()}.${name.slice(3)}@Gmail.com`,
      `${name[0]}.${name.slice(1)}+x@gmail.com`,
    ];
    const answers = [];
    for (const email of spellings) answers.push(await reserve(one(piece.id, { email })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.slice(2)) expectHoldLimit(refused);
    expect(await stockOf(piece.id)).toBe(18);
  });

  it('one phone with and without +351, spaces or 00351, from 5 addresses → 2 succeed', async () => {
    const piece = await createProduct({ stock: 20 });
    const digits = `93${String(Date.now()).slice(-7)}`;
    const spellings = [digits, `+351${digits}`, `00351 ${digits.slice(0, 3)} ${digits.slice(3)}`, `(+351) ${digits}`, `+351 ${digits}`];
    const answers = [];
    for (const phone of spellings) answers.push(await reserve(one(piece.id, { phone })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.slice(2)) expectHoldLimit(refused);
  });
});

describe('the refusal says what this customer can do with her own counted orders', () => {
  it('her only order awaits the shop with a proof → being checked; two unpaid → pay or wait; another on the address → none', async () => {
    const piece = await createProduct({ stock: 20 });
    const client = nextClientAddress();
    const her = { email: `maria.${unique()}@example.com`, phone: `91${String(Date.now()).slice(-7)}` };
    const mine = await reserve(one(piece.id, her), client);
    expect(mine.status).toBe(201);
    const proof = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: mine.body.order.id },
      body: { accessToken: mine.body.order.accessToken, proofKey: await uploadProof() },
    });
    expect(proof.body.order.status).toBe('Confirmar Pagamento');
    // Another customer on the same address fills its cap.
    expect((await reserve(one(piece.id), client)).status).toBe(201);
    const refused = await reserve(one(piece.id, her), client);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'hold_limit',
      message:
        `A reserva com comprovativo está a ser verificada: podes fazer uma nova encomenda ` +
        `depois de confirmarmos o pagamento, ou fala connosco se não puderes esperar. ${CAPS}`,
    });
    expect(refused.body.error.message).not.toContain('por pagar: conclui');

    // Someone else on the address with no order of her own is told nothing of Maria's.
    expectHoldLimit(await reserve(one(piece.id), client));

    // Two unpaid reservations of her own (from other addresses): pay one or let it expire.
    const him = { email: `joao.${unique()}@example.com`, phone: `92${String(Date.now()).slice(-7)}` };
    // Other carts each time: the same cart and e-mail would be the open reservation again (`reservation_exists`).
    expect((await reserve(one(piece.id, him, 1))).status).toBe(201);
    expect((await reserve(one(piece.id, him, 2))).status).toBe(201);
    const unpaid = await reserve(one(piece.id, him, 3));
    expect(unpaid.body.error).toMatchObject({
      code: 'hold_limit',
      message: `Já tens 2 reservas por pagar: conclui-as ou espera que expirem. ${CAPS}`,
    });
  });
});

describe('holds are given back when the order leaves the held statuses', () => {
  it('expiry and cancellation give the hold back (can reserve again); a proof keeps it; the owner confirming gives it back', async () => {
    const piece = await createProduct({ stock: 20 });
    const client = nextClientAddress();
    const address = holdCounterName('address', client);
    const [first, second] = [await reserve(one(piece.id), client), await reserve(one(piece.id, {}, 2), client)];
    expect([first.status, second.status]).toEqual([201, 201]);
    expectHoldLimit(await reserve(one(piece.id), client));

    // Expiry: one order and its unit back.
    await expireNow(first.body.order.id);
    await expireReservations(new Date());
    expect(await holdOf(address)).toEqual({ orders: 1, units: 2 });
    const third = await reserve(one(piece.id), client);
    expect(third.status).toBe(201);

    // Cancelled by the owner.
    expect((await setStatus(second.body.order.id, 'Encerrada')).status).toBe(200);
    expect(await holdOf(address)).toEqual({ orders: 1, units: 1 });
    const stored = (
      await documentClient().send(
        new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: second.body.order.id }, ConsistentRead: true }),
      )
    ).Item!;
    expect(stored.holdKeys).toBeUndefined();

    // A proof sent: still held (the owner has not confirmed it), and it says so.
    const proof = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: third.body.order.id },
      body: { accessToken: third.body.order.accessToken, proofKey: await uploadProof() },
    });
    expect(proof.body.order.status).toBe('Confirmar Pagamento');
    expect(await holdOf(address)).toEqual({ orders: 1, units: 1 });
    const fourth = await reserve(one(piece.id), client);
    expect(fourth.status).toBe(201);
    expectHoldLimit(await reserve(one(piece.id), client));

    // The owner confirms the payment: given back.
    expect((await setStatus(third.body.order.id, 'Enviar')).status).toBe(200);
    // Paid outside the site: given back too.
    expect((await setStatus(fourth.body.order.id, 'Enviar', { note: 'Pagou por transferência, comprovativo por e-mail.' })).status).toBe(
      200,
    );
    expect(await holdOf(address)).toEqual({ orders: 0, units: 0 });
    expect((await reserve(one(piece.id), client)).status).toBe(201);
  });

  it('a replay of the same Idempotency-Key counts once', async () => {
    const piece = await createProduct({ stock: 5 });
    const client = nextClientAddress();
    const body = one(piece.id, {}, 3);
    const key = randomUUID();
    const answers = await Promise.all([reserve(body, client, key), reserve(body, client, key)]);
    const again = await reserve(body, client, key);
    expect([...answers.map((a) => a.status), again.status].filter((s) => s === 201)).toHaveLength(1);
    expect(again.status).toBe(200);
    expect(await holdOf(holdCounterName('address', client))).toEqual({ orders: 1, units: 3 });
    expect(await holdOf(holdCounterName('email', emailKey(body.shipping.email)))).toEqual({ orders: 1, units: 3 });
  });

  it('the recount rebuilds a drifted counter from the held orders', async () => {
    const piece = await createProduct({ stock: 5 });
    const client = nextClientAddress();
    expect((await reserve(one(piece.id, {}, 2), client)).status).toBe(201);
    const name = holdCounterName('address', client);
    await documentClient().send(
      new UpdateCommand({
        TableName: twin().env.TABLE_COUNTERS,
        Key: { name },
        UpdateExpression: 'SET #v = :v, units = :u',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': 7, ':u': 70 },
      }),
    );
    expect(await recountHolds()).toBeGreaterThanOrEqual(1);
    expect(await holdOf(name)).toEqual({ orders: 1, units: 2 });
  });
});

describe('hold time per payment method', () => {
  it('transfer, PayPal and Revolut hold for 2 hours by default; the payment methods say each one', async () => {
    const piece = await createProduct({ stock: 10 });
    for (const paymentMethod of ['transferencia', 'paypal', 'revolut'] as const) {
      const before = Date.now();
      const { status, body } = await reserve(one(piece.id, { paymentMethod }));
      expect(status).toBe(201);
      const minutes = (Date.parse(body.order.expiresAt!) - before) / 60_000;
      expect(minutes).toBeGreaterThan(DEFAULT_SETTINGS.holdMinutes[paymentMethod] - 1);
      expect(minutes).toBeLessThanOrEqual(DEFAULT_SETTINGS.holdMinutes[paymentMethod] + 1);
    }
    const methods = (await callRoute('GET /api/payment-methods', {})).body.methods;
    expect(Object.fromEntries(methods.map((m) => [m.id, m.holdMinutes]))).toEqual({
      mbway: 30,
      multibanco: 7 * 24 * 60,
      transferencia: 120,
      paypal: 120,
      revolut: 120,
    });
  });
});
