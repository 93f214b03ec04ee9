/**
 * How much each route may be asked: the windows of the per-client limits and the stage throttles of the
 * route table (`lambdas/routes.ts`), the checkout's sized from the executions reserved for it.
 */

/** The windows of the per-client limits, in seconds. */
export const TEN_MINUTES = 600;
export const ONE_DAY = 86_400;

/** The stage throttle of the catalogue (cached at the edge, cheap): generous. */
export const CATALOGUE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;
/** The stage throttle of public writes (every client together). */
export const WRITE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** The stage throttle of everything else on the public API (the admin stage's: `infra/common/concurrency.ts`). */
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
