/**
 * The twin fails the way AWS fails (docs/local-twin.md, "Lambda's limits"): an invocation beyond the
 * account's concurrency is refused at once with API Gateway's answer for a throttled Lambda (500
 * `{"message":"Internal Server Error"}`), and a timed-out invocation is stopped: what it had not
 * written before its deadline is never written. Through the twin's own gateway, in front of a test
 * function (`test/support/handlers/slow-write.ts`) and DynamoDB Local.
 */
import http from 'node:http';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_THROTTLE, type Route } from '#lambdas/routes.ts';
import { ACCOUNT_CONCURRENCY, createGateway, type GatewayOptions } from '#infra/twin/gateway.ts';
import { RESERVED_CONCURRENCY } from '#infra/common/concurrency.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';
import { call, documentClient, twin } from '../support/twin.ts';

const slow: Route = {
  method: 'GET',
  path: '/api/slow',
  handler: 'slow-write',
  access: 'public',
  grants: [{ table: 'rateLimits', access: 'readWrite' }],
} as Route;
const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A gateway of the twin's code with the slow function as its one route; its address and its counts. */
async function gatewayWith(options: Partial<GatewayOptions>) {
  const jwks = await (await fetch(`${twin().issuer}/.well-known/jwks.json`)).json();
  const gateway = createGateway({
    issuer: twin().issuer,
    clientId: twin().clientId,
    jwks,
    routes: [slow],
    handlersDir: join(REPO_ROOT, 'test', 'support', 'handlers'),
    ...options,
  });
  const server = http.createServer((req, res) => void gateway(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, counts: gateway.counts };
}

const written = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_RATE_LIMITS!, Key: { id } }))).Item;

describe("Lambda's concurrency", () => {
  it('beyond the account concurrency an invocation is throttled at once: 500 {"message":"Internal Server Error"}', async () => {
    const { base, counts } = await gatewayWith({ concurrency: 2 });
    // Warm the function (its module loaded), as a function that has served before.
    expect((await call('GET', '/api/slow', { base })).status).toBe(200);
    const timed = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const started = Date.now();
        const answer = await call('GET', '/api/slow?wait=1500', { base });
        return { ...answer, ms: Date.now() - started };
      }),
    );
    const ok = timed.filter((a) => a.status === 200);
    const throttled = timed.filter((a) => a.status === 500);
    expect(ok).toHaveLength(2);
    expect(throttled).toHaveLength(3);
    for (const answer of throttled) {
      expect(answer.body).toEqual({ message: 'Internal Server Error' });
      // Refused without waiting for a slot: well before the running ones end.
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(counts).toMatchObject({ throttled: 3, timedOut: 0, peak: 2 });
    // The slots are free again once the running invocations end.
    expect((await call('GET', '/api/slow', { base })).status).toBe(200);
  });
});

describe('reserved concurrency', () => {
  it("the checkout runs at most its reserved executions at once, whatever the account's quota", async () => {
    // The slow function as the checkout's row: the stack reserves executions for `POST /api/orders`.
    const checkout = { ...slow, method: 'POST', path: '/api/orders' } as Route;
    const { base, counts } = await gatewayWith({ routes: [checkout], concurrency: ACCOUNT_CONCURRENCY.default });
    const crowd = RESERVED_CONCURRENCY.checkout + 4;
    const answers = await Promise.all(
      Array.from({ length: crowd }, () => call('POST', '/api/orders?wait=1500', { base, body: {}, challenge: false })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RESERVED_CONCURRENCY.checkout);
    expect(answers.filter((a) => a.status === 500)).toHaveLength(4);
    expect(counts).toMatchObject({ throttled: 4, peak: RESERVED_CONCURRENCY.checkout });
  });
});

describe("the checkout's stage throttle", () => {
  it("a crowd beyond the burst gets API Gateway's 429 at once, before any function runs; never a 500", async () => {
    // The shop's own route table and its throttles, as the twin runs them by default.
    const { base, counts } = await gatewayWith({ routes: undefined, handlersDir: undefined });
    const crowd = 40;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: crowd }, () => call('POST', '/api/orders', { base, body: {}, challenge: false })),
    );
    const seconds = (Date.now() - started) / 1000;
    const throttled = answers.filter((a) => a.status === 429);
    for (const answer of throttled) expect(answer.body).toEqual({ message: 'Too Many Requests' });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // What ran is what the bucket let in: the burst and the rate's refill meanwhile (a function answering the
    // rest would have run for them: the origin lock's 403 is an invocation).
    expect(counts.invoked).toBe(crowd - throttled.length);
    expect(counts.invoked).toBeLessThanOrEqual(CHECKOUT_THROTTLE.burstLimit + Math.ceil(CHECKOUT_THROTTLE.rateLimit * seconds));
    expect(counts.invoked).toBeGreaterThanOrEqual(1);
  });
});

describe("Lambda's timeout", () => {
  it('a timed-out invocation is stopped: its write after the deadline never happens', async () => {
    const { base, counts } = await gatewayWith({ timeoutMs: 300 });
    const late = `twin-timeout-${randomUUID()}`;
    const answer = await call('GET', `/api/slow?wait=800&id=${late}`, { base });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Internal Server Error' });
    expect(counts.timedOut).toBe(1);
    // Past the moment the handler tried to write: nothing was written.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await written(late)).toBeUndefined();

    // Within its time the same function writes (the refusal above is the deadline's, not a missing grant).
    const inTime = `twin-timeout-${randomUUID()}`;
    expect((await call('GET', `/api/slow?wait=0&id=${inTime}`, { base })).status).toBe(200);
    expect(await written(inTime)).toBeDefined();
  });
});
