/**
 * Which API answers CloudFront may keep (`infra/cloud/web.ts`'s catalogue cache policy) and the twin's
 * front door keeps alike (`infra/twin/edge-cache.ts`): the GET rows of the route table with
 * `cacheSeconds`, as long as the handler's Cache-Control says, at most {@link API_CACHE_MAX_SECONDS}.
 */
import type { Route } from '#lambdas/routes.ts';

/** Longest time CloudFront may keep a cacheable API answer, whatever the origin says. */
export const API_CACHE_MAX_SECONDS = 300;

/** One cacheable path of the API: its CloudFront path pattern and the query strings in its cache key. */
export interface CachedApiPath {
  readonly pattern: string;
  /**
   * What the rows of this pattern read (sorted): every other query string (`?cb=<random>`) is left out of the key, so it cannot skip the
   * cache.
   */
  readonly queries: readonly string[];
}

/**
 * The cacheable API rows (`cacheSeconds` set, GET) by CloudFront path pattern: `{param}` segments become
 * `*`, e.g. `/api/products/{id}` → `/api/products/*`; each pattern keys its cache on the query strings
 * its own rows read (`cacheQuery`) and no other: `?q=` of the search never enters the catalogue's key.
 */
export function cachedApiPaths(routes: readonly Route[]): CachedApiPath[] {
  const byPattern = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.cacheSeconds === undefined || route.cacheSeconds <= 0 || route.method !== 'GET') continue;
    const pattern = route.path.replace(/\{[^}]+\}.*$/, '*');
    const queries = byPattern.get(pattern) ?? new Set<string>();
    for (const query of route.cacheQuery ?? []) queries.add(query);
    byPattern.set(pattern, queries);
  }
  return [...byPattern].map(([pattern, queries]) => ({ pattern, queries: [...queries].sort() }));
}

/** The CloudFront path patterns of the cacheable API rows (see {@link cachedApiPaths}). */
export function cachedApiPathPatterns(routes: readonly Route[]): string[] {
  return cachedApiPaths(routes).map((path) => path.pattern);
}
