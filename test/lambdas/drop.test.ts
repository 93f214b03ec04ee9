/**
 * A limited drop (docs/drops.md): 200 buyers at once for a piece with 10 units, with the stage
 * throttle off, through the front door, the real handlers and DynamoDB Local, on a twin of this file's
 * own (its crowd is no other file's, and theirs none of its own). Each buyer is answered before the
 * function's timeout: 201 for exactly 10, 409 "esgotou" for the others, never a 500; a buyer told 503
 * `checkout_busy` (a slow moment of this shared machine) asks again with the same key, as the page
 * does, and gets a true answer. The stock and the orders agree with the 201s. And the deadline itself:
 * a checkout left without the time to settle an order answers 503 with `Retry-After` and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { ANSWER_MARGIN_MS, BUSY_RETRY_AFTER_SECONDS } from '#lambdas/services/checkout-deadline.ts';
import { keepUnderWay, transactionConflicts } from '#infra/twin/transaction-conflicts.ts';
import { clientFetch, nextClientAddress, solvedChallenge } from '../support/clients.ts';
import { apiEvent } from '../support/events.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { documentClient, twin } from '../support/twin.ts';

const own = twinOfItsOwn();

const BUYERS = 200;
const UNITS = 10;

interface Buyer {
  readonly client: string;
  readonly key: string;
  readonly body: string;
  readonly email: string;
}

interface Answer {
  readonly status: number;
  readonly code?: string;
  readonly message?: string;
  readonly orderId?: string;
}

const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const movementsOf = async (productId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_STOCK_MOVEMENTS,
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** The orders stored for the buyers of this run (by their e-mails' prefix). */
async function ordersOf(prefix: string): Promise<Record<string, unknown>[]> {
  const orders: Record<string, unknown>[] = [];
  for (let start: Record<string, unknown> | undefined, first = true; first || start; first = false) {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_ORDERS,
        IndexName: 'byListing',
        KeyConditionExpression: 'listing = :l',
        FilterExpression: 'begins_with(email, :e)',
        ExpressionAttributeValues: { ':l': 'order', ':e': prefix },
        ExclusiveStartKey: start,
      }),
    );
    orders.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  }
  return orders;
}

/** One buyer's checkout through the front door, from their address, with a proof solved ahead. */
async function checkout(buyer: Buyer, altcha: string): Promise<Answer> {
  const answer = await clientFetch(`${own().url}/api/orders`, {
    client: buyer.client,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': buyer.key, 'x-altcha': altcha },
    body: buyer.body,
  });
  const json = (await answer.json().catch(() => ({}))) as { error?: { code?: string; message?: string }; order?: { id?: string } };
  return { status: answer.status, code: json.error?.code, message: json.error?.message, orderId: json.order?.id };
}

/** `count` proofs of work, solved before the crowd sends anything (twenty at a time). */
async function proofs(count: number): Promise<string[]> {
  const solved: string[] = [];
  for (let i = 0; i < count; i += 20)
    solved.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => solvedChallenge(own().url)))));
  return solved;
}

describe('a limited drop', () => {
  it(`${BUYERS} buyers at once for ${UNITS} units, throttle off: 10 × 201, the rest 409 "esgotou", no 500, all agree`, async () => {
    // The rest of the shop's catalogue: a proof of work is priced by the share of all units held
    // (docs/abuse.md), and a shop is more than its drop (the demo catalogue holds 136 units).
    await createProduct({ stock: 500 });
    const piece = await createProduct({ stock: UNITS, name: `Anel Drop ${randomUUID().slice(0, 6)}` });
    const run = randomUUID().slice(0, 8);
    const buyers: Buyer[] = Array.from({ length: BUYERS }, (_, n) => {
      const email = `drop.${run}.${n}@example.com`;
      const body = reservationBody([{ productId: piece.id, quantity: 1 }], { email, phone: `91${String(1_000_000 + n).padStart(7, '0')}` });
      return { client: nextClientAddress(), key: randomUUID(), body: JSON.stringify(body), email };
    });
    const first = await proofs(BUYERS);
    const answers = await Promise.all(buyers.map((buyer, i) => checkout(buyer, first[i]!)));
    const firstCodes = answers.map((a) => (a.code ? `${a.status} ${a.code}` : String(a.status)));
    const tally = Object.fromEntries([...new Set(firstCodes)].map((code) => [code, firstCodes.filter((c) => c === code).length]));
    console.log(`drop: first answers ${JSON.stringify(tally)}`);
    // Never Lambda's timeout (API Gateway's 500) nor anything else: sold, sold out, or busy (ask again).
    expect(firstCodes.filter((code) => !['201', '409 out_of_stock', '503 checkout_busy'].includes(code))).toEqual([]);

    // The buyers told busy ask again with the same key, as the page does, until a true answer (a claim
    // of a stopped try lapses after its lock: "in progress" meanwhile).
    const askAgain = (a: Answer) => a.status === 503 || a.code === 'order_in_progress';
    for (let round = 0; round < 10 && answers.some(askAgain); round++) {
      const waiting = answers.flatMap((a, i) => (askAgain(a) ? [i] : []));
      const again = await proofs(waiting.length);
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_AFTER_SECONDS * 1000));
      const retried = await Promise.all(waiting.map((i, j) => checkout(buyers[i]!, again[j]!)));
      waiting.forEach((i, j) => (answers[i] = retried[j]!));
    }
    const sold = answers.filter((a) => a.status === 201 || a.status === 200);
    expect(sold).toHaveLength(UNITS);
    const soldOut = answers.filter((a) => a.status === 409);
    expect(soldOut).toHaveLength(BUYERS - UNITS);
    expect(new Set(soldOut.map((a) => a.code))).toEqual(new Set(['out_of_stock']));
    expect(soldOut[0]!.message).toContain('esgotou');

    // Exactly the units told sold are taken, each by the order its buyer was given.
    expect(await stockOf(piece.id)).toBe(0);
    expect((await movementsOf(piece.id)).filter((m) => m.reason === 'reservation')).toHaveLength(UNITS);
    const stored = await ordersOf(`drop.${run}.`);
    expect(stored.map((order) => order.id).sort()).toEqual(sold.map((a) => a.orderId).sort());
  }, 600_000);

  it('a checkout left no time to settle an order: 503 checkout_busy with Retry-After, nothing written; the key then reserves', async () => {
    const piece = await createProduct({ stock: 3 });
    const key = randomUUID();
    const body = reservationBody([{ productId: piece.id, quantity: 1 }], { email: `drop.late.${randomUUID().slice(0, 8)}@example.com` });
    const call = async (remainingMs: number) => {
      const event = apiEvent('POST', '/api/orders', {
        body,
        headers: { 'idempotency-key': key, 'x-altcha': await solvedChallenge(own().url) },
      });
      const context = { awsRequestId: 'drop', functionName: 'drop', getRemainingTimeInMillis: () => remainingMs } as unknown as Context;
      return (await createOrder(event as APIGatewayProxyEventV2WithJWTAuthorizer, context)) as {
        statusCode: number;
        headers?: Record<string, string>;
        body: string;
      };
    };
    // Less than the margin left: the order is never tried.
    const late = await call(ANSWER_MARGIN_MS + 100);
    expect(late.statusCode).toBe(503);
    expect(late.headers?.['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(JSON.parse(late.body).error).toMatchObject({
      code: 'checkout_busy',
      message: expect.stringContaining('Tenta novamente dentro de 2 segundos'),
    });
    expect(await stockOf(piece.id)).toBe(3);
    // The key was not kept: asking again with it reserves.
    const again = await call(10_000);
    expect(again.statusCode).toBe(201);
    expect(await stockOf(piece.id)).toBe(2);
  }, 120_000);
  it('a piece whose stock item stays in other transactions: 503 checkout_busy, Retry-After, nothing written; later, reserves', async () => {
    const piece = await createProduct({ stock: 3 });
    const key = randomUUID();
    const body = reservationBody([{ productId: piece.id, quantity: 1 }], { email: `drop.busy.${randomUUID().slice(0, 8)}@example.com` });
    const call = async () => {
      const event = apiEvent('POST', '/api/orders', {
        body,
        headers: { 'idempotency-key': key, 'x-altcha': await solvedChallenge(own().url) },
      });
      const context = { awsRequestId: 'drop', functionName: 'drop', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
      return (await createOrder(event as APIGatewayProxyEventV2WithJWTAuthorizer, context)) as {
        statusCode: number;
        headers?: Record<string, string>;
        body: string;
      };
    };
    // The piece's stock item stays in another transaction (the twin cancels as DynamoDB does), every try.
    const conflictsBefore = transactionConflicts();
    const release = keepUnderWay(twin().env.TABLE_PRODUCTS!, { id: piece.id });
    try {
      const busy = await call();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers?.['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(JSON.parse(busy.body).error).toMatchObject({ code: 'checkout_busy' });
      expect(transactionConflicts() - conflictsBefore).toBeGreaterThan(1);
    } finally {
      release();
    }
    expect(await stockOf(piece.id)).toBe(3);
    const again = await call();
    expect(again.statusCode).toBe(201);
    expect(await stockOf(piece.id)).toBe(2);
  }, 120_000);
});
