import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, orderBody } from '../support/factories.ts';
import { solvedChallenge } from '../support/clients.ts';
import { apiEvent, lambdaContext } from '../support/events.ts';
import { documentClient, twin } from '../support/twin.ts';

// This file calls the order handler in its own worker with the S3 endpoint pointing nowhere.
beforeAll(() => {
  process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:9';
});

describe('S3 down while placing an order', () => {
  it('answers 503 in Portuguese and writes nothing', async () => {
    const { handler } = await import('#lambdas/handlers/orders/create.ts');
    const piece = await createProduct({ stock: 3 });
    const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
    const headers = { 'idempotency-key': crypto.randomUUID(), 'x-altcha': await solvedChallenge(twin().url) };
    const result = await handler(apiEvent('POST', '/api/orders', { body, headers }), lambdaContext);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!).error).toEqual({
      code: 'storage_unavailable',
      message: 'O serviço está temporariamente indisponível. Tenta novamente dentro de momentos.',
    });
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(
      3,
    );
  });
});
