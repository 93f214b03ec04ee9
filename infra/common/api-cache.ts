/**
 * Which API answers CloudFront may keep (`infra/cloud/web.ts`'s catalogue cache policy) and the twin's
 * front door keeps alike (`infra/twin/edge-cache.ts`): the GET rows of the route table with
 * `cacheSeconds`, as long as the handler's Cache-Control says, at most {@link API_CACHE_MAX_SECONDS}.
 */
import type { Route } from '#lambdas/routes.ts';

/** Longest time CloudFront may keep a cacheable API answer, whatever the origin says. */
export const API_CACHE_MAX_SECONDS = 300;

/** The query strings the cacheable API rows read: the only ones in the catalogue's cache key. */
export function cachedApiQueryStrings(routes: readonly Route[]): string[] {
  return [...new Set(routes.filter((route) => route.cacheSeconds).flatMap((route) => route.cacheQuery ?? []))].sort();
}

/**
 * CloudFront path patterns of the cacheable API rows (`cacheSeconds` set): `{param}` segments become
 * `*`, e.g. `/api/products/{id}` → `/api/products/*`.
 */
export function cachedApiPathPatterns(routes: readonly Route[]): string[] {
  const patterns = routes
    .filter((route) => route.cacheSeconds !== undefined && route.cacheSeconds > 0 && route.method === 'GET')
    .map((route) => route.path.replace(/\{[^}]+\}.*$/, '*'));
  return [...new Set(patterns)];
}
