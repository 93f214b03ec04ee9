/**
 * CloudFront's cache of the catalogue at the twin's front door (`infra/twin/edge-cache.ts`):
 * the cacheable rows' answers (`cacheSeconds`) are kept as their `s-maxage` says, so the function runs
 * once for many shoppers, a shopper who has the answer gets a 304 from the cache, and an edit shows
 * when the kept answer expires, as in the cloud. A twin of its own with the cache on (the shared one
 * has it off: the test files read their own edits at once); its expiry by the clock is in
 * `test/infra/edge-cache.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { solvedChallenge } from '../support/clients.ts';
import { routes } from '#lambdas/routes.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct } from '../support/factories.ts';
import { call, useOwnTwin } from '../support/twin.ts';

let own: Twin;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: false, edgeCache: true, scheduledJobs: false });
  useOwnTwin(twinInfo(own));
}, 120_000);
afterAll(() => own?.stop());

/** What one request costs the API behind the cache: the functions run while it was answered. */
async function invocations<T>(request: () => Promise<T>): Promise<{ answer: T; invoked: number }> {
  const before = own.invocations.invoked;
  const answer = await request();
  return { answer, invoked: own.invocations.invoked - before };
}

describe("the front door keeps the catalogue's answers as CloudFront does", () => {
  it('one function run for many shoppers; the next ones get the kept answer with its age', async () => {
    const product = await createProduct();
    const path = `/api/products/${product.id}`;
    const first = await invocations(() => call('GET', path));
    expect(first.answer.status).toBe(200);
    expect(first.invoked).toBe(1);
    expect(first.answer.headers.get('age')).toBeNull();
    for (let i = 0; i < 3; i++) {
      const again = await invocations(() => call('GET', path));
      expect(again.invoked).toBe(0);
      expect(again.answer.body).toEqual(first.answer.body);
      expect(Number(again.answer.headers.get('age'))).toBeLessThanOrEqual(30);
      expect(again.answer.headers.get('etag')).toBe(first.answer.headers.get('etag'));
    }
  });

  it('a shopper who has the answer (If-None-Match) gets an empty 304 from the cache, whoever filled it', async () => {
    const product = await createProduct();
    const path = `/api/products/${product.id}`;
    // The first request was conditional: the cache still asks the API for the whole answer, and keeps it.
    const unknown = await invocations(() => call('GET', path, { headers: { 'if-none-match': '"nothing-kept"' } }));
    expect(unknown.answer.status).toBe(200);
    const etag = unknown.answer.headers.get('etag')!;
    const conditional = await invocations(() => call('GET', path, { headers: { 'if-none-match': etag } }));
    expect(conditional).toMatchObject({ answer: { status: 304, body: undefined }, invoked: 0 });
    expect(conditional.answer.headers.get('etag')).toBe(etag);
    expect(conditional.answer.headers.get('cache-control')).toMatch(/s-maxage=30/);
  });

  it('an edit shows once the kept answer expires, not before (as long as the cloud takes)', async () => {
    const product = await createProduct({ name: 'Anel antes da edição' });
    const path = `/api/products/${product.id}`;
    expect((await call('GET', path)).body.product.name).toBe('Anel antes da edição');
    await putProduct({ ...product, name: 'Anel depois da edição' }, new Date());
    const kept = await call('GET', path);
    expect(kept.body.product.name).toBe('Anel antes da edição');
    const row = routes.find((route) => route.method === 'GET' && route.path === '/api/products/{id}')!;
    expect(kept.headers.get('cache-control')).toContain(`s-maxage=${row.cacheSeconds}`);
  });

  it('each encoding is kept apart; routes without cacheSeconds and writes always reach the API', async () => {
    const product = await createProduct();
    const path = `/api/products/${product.id}`;
    // A browser's request (it takes gzip), then a client that takes only plain answers: another object of the cache.
    expect((await invocations(() => call('GET', path, { headers: { 'accept-encoding': 'gzip, br' } }))).invoked).toBe(1);
    const plain = await invocations(() => call('GET', path, { headers: { 'accept-encoding': 'identity' } }));
    expect(plain).toMatchObject({ answer: { status: 200 }, invoked: 1 });
    expect(plain.answer.headers.get('content-encoding')).toBeNull();
    expect((await invocations(() => call('GET', path, { headers: { 'accept-encoding': 'gzip' } }))).invoked).toBe(0);
    for (let i = 0; i < 2; i++) expect((await invocations(() => call('GET', '/api/payment-methods'))).invoked).toBe(1);
    // With a solved proof, solved first (the edge refuses a guarded write without one: edge-signature.test.ts).
    const proof = await solvedChallenge(own.url);
    const write = await invocations(() =>
      call('POST', '/api/orders/lookup', { body: {}, challenge: false, headers: { 'x-altcha': proof } }),
    );
    expect(write.invoked).toBe(1);
  });
});
