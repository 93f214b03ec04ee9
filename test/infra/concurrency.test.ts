/**
 * Reserved concurrency: the checkout and the owner's routes get their own executions
 * when the account's quota (context `lambdaConcurrency`, read by `npm run deploy`) leaves AWS's 100
 * unreserved; a new account's 10 gets none, so the deploy never fails on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_CONCURRENCY, CHECKOUT_P99_SECONDS, CHECKOUT_THROTTLE, checkoutThrottleFor, routes } from '#lambdas/routes.ts';
import { MIN_UNRESERVED, RESERVED_CONCURRENCY, reservedConcurrency, stageThrottle } from '#infra/common/concurrency.ts';
import { readDeploySettings } from '#infra/common/deploy-settings.ts';
import { removeScratch, synthShop, SYNTH_TIMEOUT_MS, type Synthesized } from './support.ts';

let small: Synthesized;
let standard: Synthesized;

beforeAll(() => {
  small = synthShop({ lambdaConcurrency: 10 });
  standard = synthShop({ lambdaConcurrency: 1000 });
}, SYNTH_TIMEOUT_MS * 2);
afterAll(removeScratch);

/** Each route function's reservation, by its description (`METHOD path (access)`). */
function reservations(shop: Synthesized): Map<string, number | undefined> {
  const found = new Map<string, number | undefined>();
  for (const resource of Object.values(shop.json.Resources)) {
    const description = resource.Properties?.Description as string | undefined;
    if (resource.Type !== 'AWS::Lambda::Function' || !description?.match(/^(GET|POST|PUT|PATCH|DELETE) \/api/)) continue;
    found.set(description.replace(/ \((public|admin)\)$/, ''), resource.Properties.ReservedConcurrentExecutions);
  }
  return found;
}

describe('reserved concurrency from the account quota', () => {
  it('quota 1000: the checkout 20, each owner route 6, no other route; 100 or more stay unreserved', () => {
    const found = reservations(standard);
    expect(found.size).toBe(routes.length);
    expect(found.get('POST /api/orders')).toBe(RESERVED_CONCURRENCY.checkout);
    let total = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const expected =
        key === 'POST /api/orders' ? RESERVED_CONCURRENCY.checkout : route.access === 'admin' ? RESERVED_CONCURRENCY.admin : undefined;
      expect(found.get(key), key).toBe(expected);
      total += expected ?? 0;
    }
    expect(1000 - total).toBeGreaterThanOrEqual(MIN_UNRESERVED);
  });

  it("the checkout's stage throttle never starts more checkouts at once than its reservation runs", () => {
    const checkout = routes.find((route) => route.method === 'POST' && route.path === '/api/orders')!;
    expect(checkout.throttle).toEqual(CHECKOUT_THROTTLE);
    // A full bucket starts burstLimit at once, and rateLimit a second more start while those run for the p99.
    expect(CHECKOUT_THROTTLE.burstLimit + CHECKOUT_THROTTLE.rateLimit * CHECKOUT_P99_SECONDS).toBeLessThanOrEqual(
      RESERVED_CONCURRENCY.checkout,
    );
    expect(CHECKOUT_THROTTLE.rateLimit).toBeGreaterThanOrEqual(1);
  });

  it("on a quota below the checkout's reservation (a new account's 10) its stage throttle is sized from the quota", () => {
    const settings = (shop: Synthesized) => {
      const stage = Object.values(shop.json.Resources).find(
        (r) => r.Type === 'AWS::ApiGatewayV2::Stage' && r.Properties.RouteSettings?.['POST /api/orders'],
      )!;
      return stage.Properties.RouteSettings['POST /api/orders'];
    };
    expect(settings(standard)).toMatchObject({
      ThrottlingRateLimit: CHECKOUT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: CHECKOUT_THROTTLE.burstLimit,
    });
    expect(settings(small)).toMatchObject({ ThrottlingRateLimit: 2.5, ThrottlingBurstLimit: 5 });
    for (const quota of [2, 5, 10, CHECKOUT_CONCURRENCY - 1]) {
      const throttle = checkoutThrottleFor(quota);
      expect(throttle.burstLimit + throttle.rateLimit * CHECKOUT_P99_SECONDS, String(quota)).toBeLessThanOrEqual(quota);
    }
    const checkout = routes.find((route) => route.method === 'POST' && route.path === '/api/orders')!;
    expect(stageThrottle(checkout, undefined)).toEqual(CHECKOUT_THROTTLE);
    const catalogue = routes.find((route) => route.method === 'GET' && route.path === '/api/products')!;
    expect(stageThrottle(catalogue, 10)).toEqual(catalogue.throttle);
  });

  it('quota 10 (a new account): nothing reserved, the template deploys as without the context', () => {
    expect([...reservations(small).values()].every((value) => value === undefined)).toBe(true);
  });

  it('only when the reservations leave 100 unreserved; unknown quota: none', () => {
    const wanted = [...reservedConcurrency(routes, 100_000).values()].reduce((sum, n) => sum + n, 0);
    expect(reservedConcurrency(routes, wanted + MIN_UNRESERVED).size).toBeGreaterThan(0);
    expect(reservedConcurrency(routes, wanted + MIN_UNRESERVED - 1).size).toBe(0);
    expect(reservedConcurrency(routes, undefined).size).toBe(0);
  });

  it('the context is a whole number, read as the deploy passes it', () => {
    expect(readDeploySettings((key) => ({ lambdaConcurrency: '1000' })[key]).lambdaConcurrency).toBe(1000);
    expect(readDeploySettings(() => undefined).lambdaConcurrency).toBeUndefined();
    expect(() => readDeploySettings((key) => ({ lambdaConcurrency: 'muitas' })[key])).toThrow(/"lambdaConcurrency"/);
  });
});
