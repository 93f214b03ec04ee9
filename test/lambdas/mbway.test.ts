import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '#shared/mb-way.ts';
import { createProduct, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminToken, call, documentClient, twin } from '../support/twin.ts';

// The only test file that orders with MB WAY or reads its availability: the month's counters are shared.
const month = monthKey(new Date());
const setCounters = (count1: number, count2: number) =>
  documentClient().send(new PutCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Item: { month, count1, count2 } }));
const counters = async () => (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Key: { month }, ConsistentRead: true }))).Item;

describe('MB WAY rotation per month', () => {
  beforeAll(() => setCounters(0, 0));
  afterAll(() => documentClient().send(new DeleteCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Key: { month } })));

  it('GET /api/payment-methods lists the four methods with their configured instructions', async () => {
    const { status, body } = await call('GET', '/api/payment-methods');
    expect(status).toBe(200);
    expect(body.methods).toEqual([
      { id: 'mbway', label: 'MB WAY', available: true, instructions: { method: 'mbway', phone: '912 345 678' } },
      { id: 'transferencia', label: 'Transferência Bancária', available: true, instructions: { method: 'transferencia', iban: 'PT50 0002 0123 1234 5678 9015 4', holder: 'Joias Inox, Lda.' } },
      { id: 'paypal', label: 'PayPal', available: true, instructions: { method: 'paypal', handle: 'pagamentos@joias-inox.pt' } },
      { id: 'revolut', label: 'Revolut', available: true, instructions: { method: 'revolut', handle: '@joiasinox' } },
    ]);
  });

  it('the 35th order of the month uses number 1, the 36th number 2, the 75th number 2, the 76th is refused with nothing saved', async () => {
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
    const { Item: stored } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: the36th.body.order.id } }));
    expect(stored!.mbwayNumber).toBe(2);

    await setCounters(35, 39);
    const the75th = await mbwayOrder();
    expect(the75th.body.order.instructions).toMatchObject({ method: 'mbway' });
    expect((the75th.body.order.instructions as { phone: string }).phone).toBe('913 456 789');
    const stockBefore = (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock;
    const body = await orderBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' });
    const the76th = await placeOrder(body);
    expect(the76th.status).toBe(409);
    expect(the76th.body.error).toMatchObject({ code: 'mbway_unavailable', message: 'O MB WAY não está disponível este mês. Escolhe outro método de pagamento.' });
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(stockBefore);

    const methods = await call('GET', '/api/payment-methods');
    expect(methods.body.methods[0]).toEqual({ id: 'mbway', label: 'MB WAY', available: false });
    // Another method still works.
    expect((await placeOrder({ ...body, shipping: { ...body.shipping, paymentMethod: 'revolut' } })).status).toBe(201);
  });

  it('never lets concurrent MB WAY orders overfill a number', async () => {
    await setCounters(33, 38);
    const piece = await createProduct({ stock: 20 });
    const bodies = await Promise.all(Array.from({ length: 8 }, () => orderBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' })));
    const answers = await Promise.all(bodies.map((b) => placeOrder(b)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'mbway_unavailable')).toBe(true);
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });
  });

  it('a cancelled or expired MB WAY reservation frees its slot of the month: 10 cancelled → 10 more possible', async () => {
    await setCounters(35, 30);
    const piece = await createProduct({ stock: 20 });
    const reserve = () => placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    const full = await Promise.all(Array.from({ length: 10 }, reserve));
    expect(full.every((a) => a.status === 201)).toBe(true);
    expect((await reserve()).status).toBe(409);
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });

    const token = await adminToken();
    for (const answer of full.slice(0, 5)) expect((await call('PATCH', `/api/admin/orders/${answer.body.order.id}`, { token, body: { status: 'Encerrada' } })).status).toBe(200);
    for (const answer of full.slice(5)) {
      await documentClient().send(
        new UpdateCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: answer.body.order.id }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' } }),
      );
    }
    await expireReservations(new Date());
    expect(await counters()).toMatchObject({ count1: 35, count2: 30 });
    const again = await Promise.all(Array.from({ length: 11 }, reserve));
    expect(again.filter((a) => a.status === 201)).toHaveLength(10);
    expect(await counters()).toMatchObject({ count1: 35, count2: 40 });
  });
});
