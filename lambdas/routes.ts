/**
 * The one route table of the HTTP API.
 *
 * Each row drives both the CDK HTTP API (`infra/cloud/api.ts`: one function per row, JWT authorizer on admin
 * rows, IAM grants from `grants`) and the local gateway (`infra/twin/gateway.ts`). Adding a route means
 * adding one row and its handler module `lambdas/handlers/<handler>.ts`, which exports `handler`.
 */
import type { ApiRouteKey } from '#shared/api-routes.ts';
import type { Route } from './route-types.ts';
import { storefrontRoutes } from './routes-storefront.ts';
import { checkoutRoutes } from './routes-checkout.ts';
import { adminOrderRoutes } from './routes-admin-orders.ts';
import { adminShopRoutes } from './routes-admin-shop.ts';

export type { Access, HttpMethod, RateLimit, Route } from './route-types.ts';
export {
  CATALOGUE_THROTTLE,
  CHECKOUT_CONCURRENCY,
  CHECKOUT_P99_SECONDS,
  CHECKOUT_THROTTLE,
  checkoutThrottleFor,
  DEFAULT_THROTTLE,
  WRITE_THROTTLE,
} from './route-throttles.ts';

/** Every row: the storefront's and the checkout's (public), then the back-office's (admin: orders, then the shop). */
export const routes = [...storefrontRoutes, ...checkoutRoutes, ...adminOrderRoutes, ...adminShopRoutes] as const satisfies readonly Route[];

/** A stable, CloudFormation-safe identifier for a route, e.g. `GetApiProductsId`. */
export function routeId(route: Pick<Route, 'method' | 'path'>): string {
  const words = `${route.method.toLowerCase()} ${route.path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Every row has a contract in `shared/api-routes.ts` and every contract a row (a compile-time check). */
type KeyOfRow<R> = R extends { readonly method: infer M extends string; readonly path: infer P extends string } ? `${M} ${P}` : never;
type TableRouteKey = KeyOfRow<(typeof routes)[number]>;
const sameKeys: [Exclude<TableRouteKey, ApiRouteKey>, Exclude<ApiRouteKey, TableRouteKey>] extends [never, never] ? true : never = true;
void sameKeys;
