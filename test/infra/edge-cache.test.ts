/**
 * The twin's model of CloudFront's catalogue cache (`infra/twin/edge-cache.ts`) by the clock: how long
 * an answer is kept under the policy (minimum and default TTL 0, at most 5 minutes), that an edit shows
 * once it expires, and that many shoppers asking at once cost one request to the API. Through the
 * front door and the real functions: `test/lambdas/edge-cache.test.ts`.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { API_CACHE_MAX_SECONDS } from '#infra/common/api-cache.ts';
import { EdgeCache, sharedCacheSeconds } from '#infra/twin/edge-cache.ts';
import type { GatewayAnswer } from '#infra/twin/gateway-answer.ts';
import { routes } from '#lambdas/routes.ts';

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => ({
  req: { method, headers: { 'accept-encoding': 'gzip', ...headers } } as unknown as IncomingMessage,
  url: new URL(path, 'http://front.local'),
});
const answer = (body: string, cacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30', status = 200): GatewayAnswer => ({
  status,
  headers: { 'cache-control': cacheControl, etag: `"${body}"` },
  body: Buffer.from(body),
});

/** A cache on a clock the test moves, in front of an API answering `current`; how often the API was asked. */
function cacheWithClock(current: () => GatewayAnswer) {
  let now = 1_000_000;
  const cache = new EdgeCache(routes, () => now);
  let asked = 0;
  const get = async (path = '/api/products') => {
    const { req, url } = request(path);
    return (
      await cache.answer(cache.key(req, url)!, req, async () => {
        asked += 1;
        return current();
      })
    ).answer.body.toString();
  };
  return { get, advance: (ms: number) => (now += ms), asked: () => asked };
}

describe("CloudFront's catalogue cache in the twin", () => {
  it('keeps an answer for its s-maxage (else max-age), at most 5 minutes; never one it may not share', () => {
    expect(sharedCacheSeconds('public, max-age=0, s-maxage=30, stale-while-revalidate=30')).toBe(30);
    expect(sharedCacheSeconds('public, max-age=60')).toBe(60);
    expect(sharedCacheSeconds('public, s-maxage=3600')).toBe(API_CACHE_MAX_SECONDS);
    for (const header of ['no-store', 'private, max-age=60', 'no-cache, s-maxage=30', 'public', undefined])
      expect(sharedCacheSeconds(header), String(header)).toBe(0);
  });

  it('an edit shows once the kept answer expires: 30 s after the function answered it', async () => {
    let catalogue = 'before';
    const { get, advance, asked } = cacheWithClock(() => answer(catalogue));
    expect(await get()).toBe('before');
    catalogue = 'after';
    advance(29_999);
    expect(await get()).toBe('before');
    advance(1);
    expect(await get()).toBe('after');
    expect(asked()).toBe(2);
  });

  it('does not keep a refusal, nor an answer that says no-store', async () => {
    const failing = cacheWithClock(() => answer('refused', 'no-store', 404));
    await failing.get();
    await failing.get();
    expect(failing.asked()).toBe(2);
    const uncached = cacheWithClock(() => answer('x', 'no-store'));
    await uncached.get();
    await uncached.get();
    expect(uncached.asked()).toBe(2);
  });

  it('many shoppers at once: one request to the API', async () => {
    const { get, asked } = cacheWithClock(() => answer('catalogue'));
    expect(await Promise.all(Array.from({ length: 20 }, () => get()))).toEqual(Array.from({ length: 20 }, () => 'catalogue'));
    expect(asked()).toBe(1);
  });

  it("caches only the cacheable rows' GETs: the path, the query strings they read, and gzip or not", () => {
    const cache = new EdgeCache(routes);
    const key = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const { req, url } = request(path, headers, method);
      return cache.key(req, url);
    };
    expect(key('/api/products')).toBe(key('/api/products?cb=123'));
    // Each path keys on what its own rows read: the search's q, never on the catalogue.
    expect(key('/api/products')).toBe(key('/api/products?q=aleatorio'));
    expect(key('/api/search?q=anel')).not.toBe(key('/api/search?q=colar'));
    expect(key('/api/search?q=anel')).toBe(key('/api/search?q=anel&cb=1'));
    expect(key('/api/products')).not.toBe(key('/api/products', { 'accept-encoding': 'identity' }));
    expect(key('/api/products/anel-1')).toBeDefined();
    expect(key('/api/sitemap.xml')).toBeDefined();
    for (const uncached of [key('/api/payment-methods'), key('/api/admin/products'), key('/api/products', {}, 'POST'), key('/api/orders')])
      expect(uncached).toBeUndefined();
  });
});
