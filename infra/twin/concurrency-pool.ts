/** Lambda's concurrent executions in the twin's gateway (`gateway.ts`): the account's, and the functions' reservations. */

/** What the gateway counted since it started: for the bench's proofs (a throttle answer is a 500 like a crash). */
export interface InvocationCounts {
  /** Requests that reached the gateway (what API Gateway bills), whatever it answered. */
  requests: number;
  /** Invocations started (what Lambda bills), throttled ones not included. */
  invoked: number;
  /** Invocations Lambda refused at once (the account's concurrency in use). */
  throttled: number;
  /** Invocations stopped at the function's timeout. */
  timedOut: number;
  /** The most invocations running at once. */
  peak: number;
}

/**
 * The account's concurrency: a slot per running invocation, none waiting (Lambda throttles, never queues
 * a synchronous call). A function with reserved concurrency (`reserved`, by route key) runs at most that
 * many at once, and its reservation is taken from what the other functions share, as Lambda does.
 */
export function concurrencyPool(
  limit: number,
  reserved: ReadonlyMap<string, number>,
  counts: InvocationCounts,
): { take(routeKey: string): boolean; free(routeKey: string): void } {
  const shared = limit - [...reserved.values()].reduce((sum, n) => sum + n, 0);
  const running = new Map<string, number>();
  let total = 0;
  const pool = (routeKey: string) => (reserved.has(routeKey) ? routeKey : '');
  return {
    take(routeKey) {
      const key = pool(routeKey);
      const inPool = running.get(key) ?? 0;
      if (inPool >= (reserved.get(key) ?? shared)) return false;
      running.set(key, inPool + 1);
      total += 1;
      counts.peak = Math.max(counts.peak, total);
      return true;
    },
    free(routeKey) {
      const key = pool(routeKey);
      running.set(key, running.get(key)! - 1);
      total -= 1;
    },
  };
}
