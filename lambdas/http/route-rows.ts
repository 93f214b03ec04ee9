/**
 * What a handler reads from its row of the route table (`../routes.ts`), and how its bundle gets
 * just that row instead of the whole table.
 *
 * The table stays the one source of truth: the stack (and the bundle test and bench, which build
 * the functions the same way) writes the rows of a function's handler into its bundle as the
 * constant {@link ROUTE_ROWS_CONSTANT} (esbuild `define`, {@link routeRowsDefine}). The middleware reads that constant when it is there;
 * unbundled (the twin, the tests) it is absent and the middleware reads the table itself. esbuild folds the check at build
 * time, so a bundle no longer carries the table (8.5 KB minified) to find its own row. The table is
 * imported only where the constant is absent (a dynamic import in the branch esbuild drops): a static
 * import would still bring the table's own imports into every bundle, with each top-level value esbuild
 * cannot prove unused (the paths table, the page prefixes: about 2 KB).
 */
import type { Route } from '../routes.ts';

/** The fields of a row that the HTTP middleware reads (`./handler.ts`). */
export type RouteRow = Pick<Route, 'method' | 'path' | 'access' | 'cacheSeconds' | 'limits' | 'emailField' | 'challenge' | 'idempotent'>;

/** The global constant a bundle's rows are defined as (a JSON text of {@link RouteRow}[]). */
export const ROUTE_ROWS_CONSTANT = 'JOIAS_ROUTE_ROWS';

declare const JOIAS_ROUTE_ROWS: string | undefined;

/** Unbundled (the twin, the tests): the whole table; in a bundle, never read and not carried. */
const table: readonly RouteRow[] | undefined = typeof JOIAS_ROUTE_ROWS === 'string' ? undefined : (await import('../routes.ts')).routes;

/** The rows this code may serve: the ones its bundle was built with, else (unbundled) the whole table. */
export function servedRows(): readonly RouteRow[] {
  return typeof JOIAS_ROUTE_ROWS === 'string' ? (JSON.parse(JOIAS_ROUTE_ROWS) as RouteRow[]) : (table ?? []);
}

/** The middleware's fields of a row, and nothing else (grants, throttles and cache keys are the stack's). */
export function routeRow(route: Route): RouteRow {
  const { method, path, access } = route;
  return {
    method,
    path,
    access,
    ...(route.cacheSeconds !== undefined ? { cacheSeconds: route.cacheSeconds } : {}),
    ...(route.limits ? { limits: route.limits } : {}),
    ...(route.emailField ? { emailField: route.emailField } : {}),
    ...(route.challenge ? { challenge: route.challenge } : {}),
    ...(route.idempotent ? { idempotent: route.idempotent } : {}),
  };
}

/** The esbuild `define` of a route function's bundle: the middleware's fields of its rows of the table. */
export function routeRowsDefine(rows: readonly Route[]): Record<string, string> {
  // The proof-of-work guard is not decided here: the five guarded handlers hand it to `httpRoute`, so no other bundle imports altcha-lib.
  return { [ROUTE_ROWS_CONSTANT]: JSON.stringify(JSON.stringify(rows.map(routeRow))) };
}
