import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, orderBody } from '../support/factories.ts';
import { apiEvent, lambdaContext } from '../support/events.ts';
import { documentClient, twin } from '../support/twin.ts';

// This file calls handler modules in its own worker, pointed at services that are down.
beforeAll(() => {
  process.env.AWS_ENDPOINT_URL_SESV2 = 'http://127.0.0.1:9';
});

describe('SES down during checkout', () => {
  it('stores the order anyway and records the failed e-mail on it', async () => {
    const { handler } = await import('../../lambdas/handlers/orders/create.ts');
    const piece = await createProduct({ stock: 3 });
    const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
    const result = await handler(apiEvent('POST', '/api/orders', { body, headers: { 'idempotency-key': crypto.randomUUID() } }), lambdaContext);
    expect(result.statusCode).toBe(201);
    const { order } = JSON.parse(result.body!);
    const { Item } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id } }));
    expect(Item!.emails).toEqual([expect.objectContaining({ kind: 'order-received', status: 'failed', error: expect.any(String) })]);
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(2);
  });
});
