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

describe('SES down when the admin sends an order e-mail', () => {
  it('answers 503 in Portuguese and records the failure in the order history', async () => {
    const { handler: create } = await import('../../lambdas/handlers/orders/create.ts');
    const { handler: send } = await import('../../lambdas/handlers/admin/orders/send-email.ts');
    const piece = await createProduct({ stock: 3 });
    const placed = await create(apiEvent('POST', '/api/orders', { body: await orderBody([{ productId: piece.id, quantity: 1 }]), headers: { 'idempotency-key': crypto.randomUUID() } }), lambdaContext);
    const { order } = JSON.parse(placed.body!);
    const event = apiEvent('POST', `/api/admin/orders/${order.id}/emails`, { body: { kind: 'shipped', trackingCode: 'RR1PT' } });
    Object.assign(event, {
      pathParameters: { id: order.id },
      requestContext: { ...event.requestContext, authorizer: { jwt: { claims: { sub: 'admin', 'cognito:groups': '[admin]' }, scopes: [] } } },
    });
    const result = await send(event, lambdaContext);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'mail_unavailable',
      message: 'O serviço de e-mail não respondeu. O envio ficou registado como falhado; tenta novamente.',
    });
    const { Item } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id } }));
    expect(Item!.emails.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual(['order-received:failed', 'shipped:failed']);
  });
});
