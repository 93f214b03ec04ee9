/**
 * The twin's model of CloudFront's cache of the catalogue (`infra/cloud/web.ts`, the `ApiCatalogueCache`
 * policy): on the paths of the route table's cacheable rows (`infra/common/api-cache.ts`), a GET's 200
 * is kept as long as its Cache-Control's `s-maxage` says (else `max-age`; the policy's minimum and
 * default TTL are 0, so an answer without either, or `no-store`, `no-cache` or `private`, is not kept),
 * at most {@link API_CACHE_MAX_SECONDS}. The cache key is the path, the query strings the rows read
 * (none today) and whether the viewer takes gzip (the policy's normalized Accept-Encoding). A viewer's
 * `If-None-Match` naming the kept answer's ETag gets an empty 304 from the cache.
 *
 * What CloudFront does differently, and why it does not matter here: it may also serve a stale answer
 * once within `stale-while-revalidate` while it fetches the new one; the twin fetches at once, so an
 * edit shows in the twin no later than in the cloud (at most `s-maxage` after the function answers
 * it). And CloudFront's caches are per edge location; the twin has one.
 */
import type { IncomingMessage } from 'node:http';
import type { Route } from '#lambdas/routes.ts';
import { API_CACHE_MAX_SECONDS, cachedApiPaths } from '../common/api-cache.ts';
import type { GatewayAnswer } from './gateway-answer.ts';

interface Kept {
  readonly answer: GatewayAnswer;
  readonly storedAt: number;
  readonly expires: number;
}

/** How many answers the cache keeps (the catalogue, its pages of products, the sitemap): the oldest go first. */
const KEPT_MAX = 2000;

/** Seconds a shared cache may keep an answer by its Cache-Control under the policy (0: not kept). */
export function sharedCacheSeconds(cacheControl: string | undefined): number {
  const directives = new Map<string, string | undefined>();
  for (const part of (cacheControl ?? '').toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=', 2) as [string, string | undefined];
    if (name) directives.set(name, value?.replace(/^"|"$/g, ''));
  }
  if (['no-store', 'no-cache', 'private'].some((name) => directives.has(name))) return 0;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age') ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.floor(seconds), API_CACHE_MAX_SECONDS) : 0;
}

export class EdgeCache {
  /** Each cacheable path and the query strings in its key, as CloudFront's behaviours (`infra/cloud/web.ts`). */
  private readonly paths: readonly { readonly pattern: RegExp; readonly queries: readonly string[] }[];
  private readonly kept = new Map<string, Kept>();
  /** Misses under way: CloudFront sends one request for many viewers asking the same at once. */
  private readonly pending = new Map<string, Promise<GatewayAnswer>>();
  /** Answers from the cache and requests sent on to the API, since the start. */
  readonly tally = { hits: 0, misses: 0 };

  constructor(
    routes: readonly Route[],
    private readonly now: () => number = Date.now,
  ) {
    this.paths = cachedApiPaths(routes).map(({ pattern, queries }) => ({
      pattern: new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
      queries,
    }));
  }

  /** The cache key of a request, or undefined when its path's behaviour does not cache it. */
  key(req: IncomingMessage, url: URL): string | undefined {
    if (req.method !== 'GET') return undefined;
    // CloudFront takes the first behaviour whose pattern matches.
    const path = this.paths.find(({ pattern }) => pattern.test(url.pathname));
    if (!path) return undefined;
    const query = path.queries
      .filter((name) => url.searchParams.has(name))
      .map((name) => `${name}=${url.searchParams.getAll(name).join(',')}`);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    return `${url.pathname}?${query.join('&')}|${gzip ? 'gzip' : 'identity'}`;
  }

  /**
   * The answer for `key`: the kept one while fresh, else the API's (`fetch`, the request sent on without
   * its `If-None-Match`, so the cache gets the whole answer), kept when its Cache-Control allows.
   */
  async answer(
    key: string,
    req: IncomingMessage,
    fetch: (req: IncomingMessage) => Promise<GatewayAnswer>,
  ): Promise<{ answer: GatewayAnswer; age?: number }> {
    const now = this.now();
    const kept = this.kept.get(key);
    if (kept && kept.expires > now) {
      this.tally.hits += 1;
      return { answer: kept.answer, age: Math.floor((now - kept.storedAt) / 1000) };
    }
    let pending = this.pending.get(key);
    if (!pending) {
      this.tally.misses += 1;
      delete req.headers['if-none-match'];
      pending = fetch(req).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
      void pending.then(
        (answer) => this.keep(key, answer),
        () => undefined,
      );
      return { answer: await pending };
    }
    this.tally.hits += 1;
    return { answer: await pending };
  }

  private keep(key: string, answer: GatewayAnswer): void {
    const seconds = answer.status === 200 ? sharedCacheSeconds(String(answer.headers['cache-control'] ?? '')) : 0;
    if (seconds === 0 || answer.headers['set-cookie']) {
      this.kept.delete(key);
      return;
    }
    const now = this.now();
    this.kept.delete(key);
    this.kept.set(key, { answer, storedAt: now, expires: now + seconds * 1000 });
    if (this.kept.size > KEPT_MAX) this.kept.delete(this.kept.keys().next().value!);
  }
}
