/**
 * When the checkout asks again for its reservation, with the same Idempotency-Key: the server makes the
 * order once and answers a repeat with it, so asking again is always safe; it is worth it only when the
 * answer said nothing of the order itself.
 */
import { ApiError } from '#web/lib/api.ts';

/** Waits before each new ask: the API's functions were busy, stopped, or the stage let no more in. */
export const ASK_AGAIN_WAITS_MS = [1000, 2000, 4000, 8000] as const;

/**
 * An answer that says nothing of the order: none at all, API Gateway's own 5xx (a throttled, failed or
 * timed-out function: the reservation may or may not have been made), the checkout's own 503
 * `checkout_busy` (a crowd left it no time to settle the order: docs/drops.md), or the stage throttle's own 429
 * (`busy`: no function ran). Never the shop's own refusal, nor a per-client limit's 429, whose
 * `Retry-After` is minutes, not seconds.
 */
export function worthAskingAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 429) return error.code === 'busy';
  return (
    error.status === 0 || (error.status >= 500 && (error.code === 'internal' || error.code === 'timeout' || error.code === 'checkout_busy'))
  );
}

/**
 * `ask()` until an answer that says something of the order, at most once more per wait of
 * {@link ASK_AGAIN_WAITS_MS}; `confirming(true)` when it asks again (the customer reads "A confirmar…",
 * not an error), `confirming(false)` once done.
 */
export async function askUntilAnswered<T>(
  ask: () => Promise<T>,
  confirming: (on: boolean) => void,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ask();
      } catch (error) {
        const ms = ASK_AGAIN_WAITS_MS[attempt];
        if (!worthAskingAgain(error) || ms === undefined) throw error;
        confirming(true);
        await wait(ms);
      }
    }
  } finally {
    confirming(false);
  }
}
