/**
 * Reserved concurrency for what must answer on a busy day: the checkout (`POST /api/orders`) and each of
 * the owner's routes, so a flood elsewhere cannot take their executions. Set from the account's Lambda
 * quota in the region (context `lambdaConcurrency`, which `npm run deploy` reads as preflight does), and
 * only when the reservations leave AWS's minimum of {@link MIN_UNRESERVED} unreserved executions:
 * below that (a new account's 10) nothing is reserved, so a deploy never fails on it.
 */
import { CHECKOUT_CONCURRENCY, checkoutThrottleFor, DEFAULT_THROTTLE, type Access, type Route } from '#lambdas/routes.ts';
import { OWNER_ROUTE_EXECUTIONS } from '#shared/owner-calls.ts';

/** Executions Lambda keeps unreserved in every account and region: a reservation past that is refused. */
export const MIN_UNRESERVED = 100;
/**
 * Reserved for the checkout (its stage throttle is sized from it: `CHECKOUT_THROTTLE`), and for each of
 * the owner's routes: two people or tabs, each page calling one route at most three times at once
 * (`shared/owner-calls.ts`; the page queues the rest), so a page's parallel calls never meet Lambda's 500.
 */
export const RESERVED_CONCURRENCY = { checkout: CHECKOUT_CONCURRENCY, admin: OWNER_ROUTE_EXECUTIONS } as const;
const CHECKOUT = 'POST /api/orders';

/**
 * The reservation of each route (by `METHOD path`) for an account quota of `quota`: none when the quota
 * is unknown or the reservations would leave fewer than {@link MIN_UNRESERVED} unreserved.
 */
export function reservedConcurrency(
  routes: readonly Pick<Route, 'method' | 'path' | 'access'>[],
  quota: number | undefined,
): ReadonlyMap<string, number> {
  const wanted = new Map<string, number>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (key === CHECKOUT) wanted.set(key, RESERVED_CONCURRENCY.checkout);
    else if (route.access === 'admin') wanted.set(key, RESERVED_CONCURRENCY.admin);
  }
  const total = [...wanted.values()].reduce((sum, n) => sum + n, 0);
  if (quota === undefined || quota - total < MIN_UNRESERVED) return new Map();
  return wanted;
}

/**
 * The stage throttle of a route on an account of `quota` (CDK's and the twin's): the row's, but the
 * checkout's on an account that runs fewer executions in all than the checkout's reservation (a new
 * account's 10) is sized the same way from the quota, so a crowd still gets the stage's 429 rather
 * than Lambda's throttle (a 500).
 */
export function stageThrottle(route: Pick<Route, 'method' | 'path' | 'throttle'>, quota: number | undefined): Route['throttle'] {
  if (`${route.method} ${route.path}` !== CHECKOUT || quota === undefined || quota >= CHECKOUT_CONCURRENCY) return route.throttle;
  return checkoutThrottleFor(quota);
}

/**
 * The admin stage's throttle of each back-office route. API Gateway spends it before the JWT authorizer
 * looks at the token, so it is sized for what strangers can get through the edge, not for the owner:
 * the edge lets an address with a token-shaped header send 10 a second (`infra/common/edge-rules.ts`),
 * anything else 10 a minute, and a junk token costs no function (the authorizer refuses it). 50
 * addresses at the edge's limit fit in it; the owner's reserved executions (above) keep the functions
 * theirs.
 */
export const ADMIN_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

/** A stage's throttle for the rows without one of their own: the admin API's or the public API's. */
export function stageDefaultThrottle(access: Access): { readonly rateLimit: number; readonly burstLimit: number } {
  return access === 'admin' ? ADMIN_THROTTLE : DEFAULT_THROTTLE;
}
