import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getMbWayCounters, LIVE_SHARDS } from '#lambdas/repositories/mbway-counters.ts';
import { shardKeys } from '#lambdas/repositories/shards.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '#shared/mb-way.ts';
import { nextClientAddress } from '../support/clients.ts';
import { createProduct, orderBody, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

// The only test file that orders with MB WAY or reads its availability: the month's counters are shared.
const month = monthKey(new Date());
// The month's item with its paid counts and no live reservation on any of its shards.
const setCounters = (count1: number, count2: number) =>
  Promise.all(
    shardKeys(month, LIVE_SHARDS).map((key) =>
      documentClient().send(
        new PutCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Item: key === month ? { month, count1, count2 } : { month: key } }),
      ),
    ),
  );
// As the shop reads them: the live reservations summed over the month's shards.
const counters = () => getMbWayCounters(month);

describe('MB WAY rotation per month', () => {
  beforeAll(() => setCounters(0, 0));
  afterAll(() =>
    Promise.all(
      shardKeys(month, LIVE_SHARDS).map((key) =>
        documentClient().send(new DeleteCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Key: { month: key } })),
      ),
    ),
  );

  it("GET /api/payment-methods lists the four manual methods with their instructions, Multibanco off (the provider's only)", async () => {
    const { status, body } = await call('GET', '/api/payment-methods');
    expect(status).toBe(200);
    expect(body.methods).toEqual([
      { id: 'mbway', label: 'MB WAY', available: true, holdMinutes: 30, instructions: { method: 'mbway', phone: '912 345 678' } },
      { id: 'multibanco', label: 'Multibanco', available: false, holdMinutes: 7 * 24 * 60 },
      {
        id: 'transferencia',
        label: 'Transferência Bancária',
        available: true,
        holdMinutes: 120,
        instructions: { method: 'transferencia', iban: 'PT50 0002 0123 1234 5678 9015 4', holder: 'Joias Inox, Lda.' },
      },
      {
        id: 'paypal',
        label: 'PayPal',
        available: true,
        holdMinutes: 120,
        instructions: { method: 'paypal', handle: 'pagamentos@joias-inox.pt' },
      },
      { id: 'revolut', label: 'Revolut', available: true, holdMinutes: 120, instructions: { method: 'revolut', handle: '@joiasinox' } },
    ]);
  });

  it('the 35th order of the month uses number 1, the 36th number 2, the 75th number 2, the 76th is refused, nothing saved', async () => {
    const piece = await createProduct({ stock: 20 });
    const mbwayOrder = async () => placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));

    await setCounters(34, 0);
    const the35th = await mbwayOrder();
    expect(the35th.status).toBe(201);
    expect(the35th.body.order.instructions).toEqual({ method: 'mbway', phone: '912 345 678' });
    const the36th = await mbwayOrder();
    expect(the36th.status).toBe(201);
    expect(the36th.body.order.instructions).toEqual({ method: 'mbway', phone: '913 456 789' });
    expect(await counters()).toMatchObject({ count1: 35, count2: 1 });
    const { Item: stored } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: the36th.body.order.id } }),
    );
    expect(stored!.mbwayNumber).toBe(2);

    await setCounters(35, 39);
    const the75th = await mbwayOrder();
    expect(the75th.body.order.instructions).toMatchObject({ method: 'mbway' });
    expect((the75th.body.order.instructions as { phone: string }).phone).toBe('913 456 789');
    const stockBefore = (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!
      .stock;
    const body = await orderBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' });
    const the76th = await placeOrder(body);
    expect(the76th.status).toBe(409);
    expect(the76th.body.error).toMatchObject({
      code: 'mbway_unavailable',
      message: 'O MB WAY não está disponível este mês. Escolhe outro método de pagamento.',
    });
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(
      stockBefore,
    );

    const methods = await call('GET', '/api/payment-methods');
    expect(methods.body.methods[0]).toEqual({ id: 'mbway', label: 'MB WAY', available: false, holdMinutes: 30 });
    // Another method still works.
    expect((await placeOrder({ ...body, shipping: { ...body.shipping, paymentMethod: 'revolut' } })).status).toBe(201);
  });

  it('never lets concurrent MB WAY orders overfill a number', async () => {
    await setCounters(33, 38);
    const piece = await createProduct({ stock: 20 });
    const bodies = await Promise.all(
      Array.from({ length: 8 }, () => orderBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' })),
    );
    const answers = await Promise.all(bodies.map((b) => placeOrder(b)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'mbway_unavailable')).toBe(true);
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });
  });

  it('unpaid MB WAY reservations take no paid slot: not refused while a number has room; cancel, expiry end them; proof pays', async () => {
    await setCounters(35, 30);
    const piece = await createProduct({ stock: 20 });
    const reserve = () => placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    const held = await Promise.all(Array.from({ length: 11 }, reserve));
    expect(held.map((a) => a.status)).toEqual(Array(11).fill(201));
    expect(held.every((a) => (a.body.order.instructions as { phone: string }).phone === '913 456 789')).toBe(true);
    expect(await counters()).toMatchObject({ count1: 35, count2: 30, live2: 11 });

    const token = await adminToken();
    for (const answer of held.slice(0, 5))
      expect((await call('PATCH', `/api/admin/orders/${answer.body.order.id}`, { token, body: { status: 'Encerrada' } })).status).toBe(200);
    for (const answer of held.slice(5, 10)) {
      await documentClient().send(
        new UpdateCommand({
          TableName: twin().env.TABLE_ORDERS,
          Key: { id: answer.body.order.id },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' },
        }),
      );
    }
    await expireReservations(new Date());
    expect(await counters()).toMatchObject({ count1: 35, count2: 30, live2: 1 });

    // The last one's proof arrives: a claim, its slot stays live; the owner's confirmation makes it paid.
    const last = held[10]!.body.order;
    const paid = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: last.id },
      body: { accessToken: last.accessToken, proofKey: await uploadProof() },
    });
    expect(paid.body.order.status).toBe('Confirmar Pagamento');
    expect(await counters()).toMatchObject({ count1: 35, count2: 30, live2: 1 });
    expect((await call('PATCH', `/api/admin/orders/${last.id}`, { token, body: { status: 'Enviar' } })).status).toBe(200);
    expect(await counters()).toMatchObject({ count1: 35, count2: 31, live2: 0 });
    // Cancelled before shipping, the paid slot is freed.
    expect((await call('PATCH', `/api/admin/orders/${last.id}`, { token, body: { status: 'Encerrada' } })).status).toBe(200);
    expect(await counters()).toMatchObject({ count1: 35, count2: 30, live2: 0 });

    // Proofs the owner has not confirmed never switch MB WAY off: one paid slot left, three claims, still offered.
    await setCounters(35, 39);
    const claims = await Promise.all(Array.from({ length: 3 }, reserve));
    for (const answer of claims) {
      const order = answer.body.order;
      expect(
        (
          await callRoute('POST /api/orders/{id}/proof', {
            params: { id: order.id },
            body: { accessToken: order.accessToken, proofKey: await uploadProof() },
          })
        ).status,
      ).toBe(200);
    }
    expect(await counters()).toMatchObject({ count1: 35, count2: 39, live2: 3 });
    expect((await reserve()).status).toBe(201);

    // Paid orders fill both numbers: only then is a reservation refused.
    await setCounters(35, 40);
    expect((await reserve()).body.error).toMatchObject({ code: 'mbway_unavailable' });
  });

  it('80 unpaid MB WAY reservations from 40 addresses: a new customer still sees MB WAY, reserves, holds it 30 minutes', async () => {
    await setCounters(0, 0);
    const piece = await createProduct({ stock: 100 });
    const addresses = Array.from({ length: 40 }, () => nextClientAddress());
    // Two addresses (four orders) at a time: every order writes the same piece's stock item, so orders
    // in flight together take turns (a retried conflict, not a refusal). Eight at once on a loaded CI
    // machine let two of them spend the 5 s a placement may retry (CI run of stop 53: 78 of 80).
    const answers = [];
    for (let start = 0; start < addresses.length; start += 2) {
      const batch = addresses
        .slice(start, start + 2)
        .flatMap((client) =>
          [0, 1].map(() =>
            callRoute(
              'POST /api/orders',
              { body: reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }) },
              { headers: { 'idempotency-key': randomUUID() }, client },
            ),
          ),
        );
      answers.push(...(await Promise.all(batch)));
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(80);
    const after = await counters();
    expect(after).toMatchObject({ count1: 0, count2: 0 });
    expect(after.live1! + after.live2!).toBe(80);

    const methods = await call('GET', '/api/payment-methods');
    expect(methods.body.methods[0]).toMatchObject({ id: 'mbway', available: true, holdMinutes: 30 });
    const before = Date.now();
    const newcomer = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    expect(newcomer.status).toBe(201);
    expect(newcomer.body.order.instructions).toMatchObject({ method: 'mbway' });
    const minutes = (Date.parse(newcomer.body.order.expiresAt!) - before) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(31);
  });
});
