/**
 * How every retry in the back end waits before trying again: one exponential backoff with a policy per
 * use. The wait after the n-th failed try is `firstMs · 2^(n−1)`, capped at `maxMs`; with `jitter`, a
 * random part of it ("full jitter"), so callers that lost the same race do not meet again.
 */

export interface BackoffPolicy {
  /** Tries in all, the first included; absent: until the work is done (DynamoDB's unprocessed keys). */
  readonly tries?: number;
  /** The wait after the first failed try, in milliseconds. */
  readonly firstMs: number;
  /** No wait is longer than this, in milliseconds. */
  readonly maxMs: number;
  /** Wait a random part of the delay (full jitter): for races between callers. */
  readonly jitter: boolean;
}

/** The policies, one per use. */
export const BACKOFF = {
  /** `writeTransactionRetrying`: a transaction cancelled only because another one touched the same items. */
  transactionConflict: { tries: 8, firstMs: 20, maxMs: 500, jitter: true },
  /**
   * Placing an order whose transaction lost a race (a taken order number, a full MB WAY number, a
   * conflict): one product's stock is one item, so the orders of a piece in demand go through one after
   * another, for 5 s at most (`ORDER_RETRY_MS` of `services/orders.ts`: the function has 10 s;
   * `bench/hot-items.ts` measures it).
   */
  orderPlacement: { tries: 16, firstMs: 20, maxMs: 400, jitter: true },
  /** An order's status move (and what it gives back) that lost a race with another transaction. */
  orderMove: { tries: 8, firstMs: 40, maxMs: 500, jitter: true },
  /** The owner's "+/- N" on a stock that keeps changing under it (orders, other adjustments). */
  stockChange: { tries: 25, firstMs: 10, maxMs: 200, jitter: true },
  /** The keys a BatchGet or BatchWrite left unprocessed (throttling), asked again until done. */
  unprocessedKeys: { firstMs: 100, maxMs: 1_000, jitter: false },
  /** The dashboard's counters a BatchGet left unprocessed, asked again until done. */
  unprocessedCounters: { firstMs: 40, maxMs: 1_000, jitter: false },
  /**
   * A mail SES refused for a passing reason (throttling, 5xx, no answer): tried again later by the
   * outbox, 8 tries in all (about 45 minutes of waiting), then it fails for good.
   */
  outboxMail: { tries: 8, firstMs: 30_000, maxMs: 900_000, jitter: false },
  /**
   * The invoicing provider down, slow or over its rate limit (docs/invoices.md): the order's document is
   * tried again by the redrive job, half a minute after the first failure, then doubling, at most every
   * half hour, until it is issued (a paid order must get its invoice).
   */
  invoiceIssue: { firstMs: 30_000, maxMs: 1_800_000, jitter: false },
} as const satisfies Record<string, BackoffPolicy>;

/** Milliseconds to wait after the `failures`-th failed try (1-based) under `policy`. */
export function backoffDelay(policy: BackoffPolicy, failures: number, random: () => number = Math.random): number {
  const delay = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  return policy.jitter ? random() * delay : delay;
}

/** Waits as `policy` says after the `failures`-th failed try (1-based). */
export function backoff(policy: BackoffPolicy, failures: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, backoffDelay(policy, failures)));
}
