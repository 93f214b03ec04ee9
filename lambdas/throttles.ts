/**
 * The stage throttles of the routes (API Gateway, all clients together), used by the route table
 * (`routes.ts`), the CDK API and the twin's gateway alike.
 */

/** The stage throttle of the catalogue (cached at the edge, cheap): generous. */
export const CATALOGUE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;
/** The stage throttle of public writes (every client together). */
export const WRITE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** The stage throttle of everything else (admin, public reads that are not cached). */
export const DEFAULT_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** Executions the stack reserves for the checkout (`infra/common/concurrency.ts`); its stage throttle is sized from it. */
export const CHECKOUT_CONCURRENCY = 20;
/**
 * A checkout's p99 in Lambda, in seconds: the proof of payment's check (≤ 0,6 s on the bench machine
 * under load), the reads and the transaction (~0,2 s), with room for a conflict's retries.
 */
export const CHECKOUT_P99_SECONDS = 2;
/**
 * The stage throttle of the checkout: never more checkouts at once than its reserved executions. A full
 * bucket starts `burstLimit` at once and `rateLimit` more start each second while they run, so at most
 * burstLimit + rateLimit × p99 run together: 10 + 5 × 2 = 20 = {@link CHECKOUT_CONCURRENCY}. A request
 * beyond gets API Gateway's own 429 at once, before any function runs (a function throttled by Lambda
 * would be a 500, an answer the shop cannot tell from a crash); the shop asks again with the same key.
 */
export const CHECKOUT_THROTTLE = /* @__PURE__ */ checkoutThrottleFor(CHECKOUT_CONCURRENCY);

/** The checkout's stage throttle for `executions` it can run at once: burst + rate × p99 = executions. */
export function checkoutThrottleFor(executions: number): { readonly rateLimit: number; readonly burstLimit: number } {
  const burstLimit = Math.max(1, Math.floor(executions / 2));
  return { rateLimit: (executions - burstLimit) / CHECKOUT_P99_SECONDS, burstLimit };
}
