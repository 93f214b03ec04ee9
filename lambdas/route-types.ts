/** The shape of a row of the route table (`lambdas/routes.ts`): method, path, handler, access, grants and limits. */
import type { Grant } from './route-grants.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'admin';

/**
 * A per-client limit of a public route: at most `max` requests in each fixed window of
 * `windowSeconds`, counted per client address (`by: 'client'`: the address CloudFront passes on in
 * `CloudFront-Viewer-Address`, an IPv6 address by its /64 network) or per e-mail address of the body
 * (`by: 'email'`: lower-cased, without a `+tag`). Over it: 429 with `Retry-After`.
 *
 * The figures allow a real customer everything they need with room to spare (several people behind
 * one mobile operator's shared address included) and stop a bot within seconds.
 */
export interface RateLimit {
  readonly by: 'client' | 'email';
  readonly max: number;
  readonly windowSeconds: number;
}

export interface Route {
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}`. */
  readonly path: `/api/${string}`;
  /** Module under `lambdas/handlers/`, without extension. */
  readonly handler: string;
  readonly access: Access;
  /** What the function may touch; the CDK stack grants exactly this and sets the matching env vars. */
  readonly grants: readonly Grant[];
  /** Seconds a shared cache (CloudFront) may keep a successful answer; absent = not cacheable. */
  readonly cacheSeconds?: number;
  /** Query string parameters the handler reads: the only ones CloudFront's cache key includes. */
  readonly cacheQuery?: readonly string[];
  /** Per-client limits (public write routes); a row with limits needs the `rateLimits` write grant. */
  readonly limits?: readonly RateLimit[];
  /**
   * The route is a public write that needs a solved proof of work in `x-altcha` (docs/design.md §28,
   * `http/challenge-guard.ts`); such a row needs the `orderLinks` grant (its key) and the `rateLimits`
   * write grant (where used proofs are kept).
   */
  readonly challenge?: true;
  /** Keeps an idempotency record: the only rows where a proof of work may come again (same key, same body). */
  readonly idempotent?: true;
  /** Where the body carries the customer's e-mail, for `by: 'email'` limits. */
  readonly emailField?: 'email' | 'shipping.email';
  /**
   * The stage's throttle for this route (API Gateway, all clients together): a safety net against a
   * flood from many addresses at once; the per-client `limits` are what stop one client.
   */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** The function renders pages: the built pre-renderer (`web/dist-ssr`) is bundled with it (`PAGES_ENV`). */
  readonly renderer?: true;
  /**
   * The function checks proofs of payment with sharp (docs/design.md §29): sharp's arm64 build ships in
   * its `node_modules` (as the photo function's), with more memory (so more CPU) to decode a picture.
   */
  readonly checksProofs?: true;
}
