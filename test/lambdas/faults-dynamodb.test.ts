import { QueryCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, orderBody } from '../support/factories.ts';
import { solvedChallenge, unitsOfBody } from '../support/clients.ts';
import { apiEvent, lambdaContext } from '../support/events.ts';
import { flakyProxy, type Fault } from '../support/flaky-proxy.ts';
import { documentClient, twin } from '../support/twin.ts';

// The order handler runs in this worker, talking to DynamoDB Local through a proxy that misbehaves.
let plan: (operation: string, count: number) => Fault = () => 'pass';
let proxy: Awaited<ReturnType<typeof flakyProxy>>;

beforeAll(async () => {
  proxy = await flakyProxy(twin().endpoints.dynamodb, (operation, count) => plan(operation, count));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.url;
});
afterAll(() => proxy.close());

async function ordersFor(email: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: twin().env.TABLE_ORDERS,
      IndexName: 'byListing',
      KeyConditionExpression: 'listing = :l',
      FilterExpression: 'email = :e',
      ExpressionAttributeValues: { ':l': 'order', ':e': email },
    }),
  );
  return Items ?? [];
}

async function place(body: unknown, key: string) {
  const { handler } = await import('#lambdas/handlers/orders/create.ts');
  // A browser's retry sends a proof of work solved anew (the same key still finds its first answer).
  return handler(
    apiEvent('POST', '/api/orders', {
      body,
      headers: { 'idempotency-key': key, 'x-altcha': await solvedChallenge(twin().url, unitsOfBody(body)) },
    }),
    lambdaContext,
  );
}

describe('DynamoDB misbehaving during order placement', () => {
  it('retries throttling and server errors, and places the order exactly once', async () => {
    const piece = await createProduct({ stock: 4 });
    const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
    plan = (operation, count) =>
      operation === 'TransactWriteItems' && count <= 2
        ? count === 1
          ? 'throttle'
          : 'error500'
        : operation === 'GetItem' && count === 1
          ? 'throttle'
          : 'pass';
    const result = await place(body, crypto.randomUUID());
    plan = () => 'pass';
    expect(result.statusCode).toBe(201);
    expect(proxy.log.filter((l) => l.fault !== 'pass').length).toBeGreaterThanOrEqual(3);
    expect(await ordersFor(body.shipping.email)).toHaveLength(1);
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(
      3,
    );
  });

  it('when the transaction went through but its answer was lost, the retry does not order twice', async () => {
    const piece = await createProduct({ stock: 4 });
    const body = await orderBody([{ productId: piece.id, quantity: 2 }]);
    const key = crypto.randomUUID();
    let dropped = 0;
    plan = (operation) => (operation === 'TransactWriteItems' && dropped++ === 0 ? 'drop-response' : 'pass');
    const first = await place(body, key);
    plan = () => 'pass';
    expect(dropped).toBeGreaterThanOrEqual(1);
    expect([200, 201]).toContain(first.statusCode);
    const again = await place(body, key);
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(again.body!).order.orderNumber).toBe(JSON.parse(first.body!).order.orderNumber);
    expect(await ordersFor(body.shipping.email)).toHaveLength(1);
    expect((await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id } }))).Item!.stock).toBe(
      2,
    );
  });
});
