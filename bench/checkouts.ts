/**
 * 1 000 buyers check out at once through the front door, each from an address of their own with a
 * proof of payment, for a piece with 10 units, on a twin with Lambda's limits (`gateway.ts`). The
 * proofs: every buyer answered within 12 s with 201, 409 or the throttle answer (a 500 the gateway
 * counted as throttled, answered at once); 10 sold; 0 oversold; no order for a buyer who got no 201,
 * even after the functions' timeout has long passed.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Twin } from '#infra/twin/twin.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';
import { benchProduct } from './catalogue.ts';
import { orderBody, uploadProof } from './orders.ts';

export interface CheckoutFigures {
  readonly buyers: number;
  readonly units: number;
  readonly answered201: number;
  readonly answered409: number;
  /** 500s the gateway counted as Lambda throttles (refused at once). */
  readonly throttled: number;
  /** Any other answer (a crash, a timeout, no answer): must be 0. */
  readonly otherAnswers: number;
  readonly slowestSeconds: number;
  readonly sold: number;
  readonly oversoldUnits: number;
  /** Orders stored for buyers who were not told 201 (read 15 s after the last answer): must be 0. */
  readonly ordersWithout201: number;
  readonly peakConcurrency: number;
  readonly timedOut: number;
}

export async function checkoutFigures(twin: Twin, log: (line: string) => void, buyers = 1000, units = 10): Promise<CheckoutFigures> {
  const id = `bench-scarce-${randomUUID().slice(0, 6)}`;
  await putProduct(benchProduct(10_002, { id, stock: units }), new Date());
  const run = randomUUID().slice(0, 8);
  log(`checkouts: ${buyers} proofs uploaded, each from its own address`);
  const shoppers: { client: string; email: string; proof: string }[] = [];
  // A few at a time: on a new account (10 at once) more would be throttled.
  for (let i = 0; i < buyers; i += 8) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, buyers - i) }, async (_, j) => {
          const client = nextClientAddress();
          return { client, email: `buyer.${run}.${i + j}@example.com`, proof: await uploadProof(twin.url, client) };
        }),
      )),
    );
  }
  const before = { ...twin.invocations };
  log(`checkouts: ${buyers} at once for ${units} units`);
  const answers = await Promise.all(
    shoppers.map(async (shopper) => {
      const began = Date.now();
      const response = await clientFetch(`${twin.url}/api/orders`, {
        client: shopper.client,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: orderBody(id, shopper.email, shopper.proof),
      }).catch(() => undefined);
      await response?.arrayBuffer();
      return { email: shopper.email, status: response?.status ?? 0, seconds: (Date.now() - began) / 1000 };
    }),
  );
  const throttled = twin.invocations.throttled - before.throttled;
  // Long past the functions' 10 s timeout: a stopped invocation that wrote late would show now.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const stored: Record<string, unknown>[] = [];
  for (let start: Record<string, unknown> | undefined, first = true; first || start; first = false) {
    const page = await ddb().send(
      new QueryCommand({ TableName: tableName('orders'), IndexName: 'byListing', KeyConditionExpression: 'listing = :l', FilterExpression: 'begins_with(email, :e)', ExpressionAttributeValues: { ':l': 'order', ':e': `buyer.${run}.` }, ExclusiveStartKey: start }),
    );
    stored.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  }
  const told201 = new Set(answers.filter((a) => a.status === 201).map((a) => a.email));
  const stock = Number((await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item?.stock);
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const sold = units - stock;
  return {
    buyers,
    units,
    answered201: count(201),
    answered409: count(409),
    throttled,
    otherAnswers: answers.length - count(201) - count(409) - throttled,
    slowestSeconds: Math.max(...answers.map((a) => a.seconds)),
    sold,
    oversoldUnits: Math.max(0, count(201) - units) + Math.max(0, -stock),
    ordersWithout201: stored.filter((order) => !told201.has(String(order.email))).length,
    peakConcurrency: twin.invocations.peak,
    timedOut: twin.invocations.timedOut - before.timedOut,
  };
}
