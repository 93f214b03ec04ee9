/**
 * The checkout's deadline (docs/drops.md): every buyer of a limited drop gets an answer before Lambda
 * stops the function at its timeout, never API Gateway's 500. The deadline comes from the invocation's
 * own remaining time (`context.getRemainingTimeInMillis()`), less a margin for what follows the order's
 * transaction (the held-share look, the answer). A step that would end past it is not waited for: the
 * buyer is told 503 `checkout_busy` with `Retry-After`, and asking again with the same key is safe (the
 * order's transaction completes its idempotency record, so a transaction that still went through is
 * what the repeat answers; one that did not finds the claim released or expired).
 */
import { CheckoutBusy } from '../errors.ts';

/** Kept back from the function's end: the work after the transaction and the answer's way out. */
export const ANSWER_MARGIN_MS = 1_500;
/** No order transaction is started with less than this left before the deadline: it and its answer must fit. */
export const TRANSACTION_ALLOWANCE_MS = 1_000;
/**
 * The last resort of the checkout's handler (`http/handler.ts`): whatever step is still under way this
 * long before the function's end, the buyer is answered 503 then. Within {@link ANSWER_MARGIN_MS}.
 */
export const LAST_ANSWER_MS = 500;
/** What `Retry-After` asks of a buyer told the checkout is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
/** The remaining time assumed where no Lambda context is given (a test calling the service): the functions' 10 s. */
export const DEFAULT_REMAINING_MS = 10_000;

export interface CheckoutDeadline {
  /** Epoch milliseconds by which the checkout has its answer. */
  readonly answerBy: number;
}

/** The deadline of an invocation with `remainingMs` left at `now`. */
export function checkoutDeadline(remainingMs: number = DEFAULT_REMAINING_MS, now = Date.now()): CheckoutDeadline {
  return { answerBy: now + remainingMs - ANSWER_MARGIN_MS };
}

/** Milliseconds left before the deadline (negative once past). */
export const timeLeft = (deadline: CheckoutDeadline): number => deadline.answerBy - Date.now();

/** Throws `checkout_busy` unless `ms` are left before the deadline. */
export function assertTimeFor(deadline: CheckoutDeadline, ms: number): void {
  if (timeLeft(deadline) < ms) throw new CheckoutBusy(BUSY_RETRY_AFTER_SECONDS);
}

/**
 * `step`'s outcome, or `checkout_busy` when the deadline comes first. The step itself goes on unseen:
 * a read changes nothing, and a transaction that still goes through completes its idempotency record,
 * so the buyer asking again with the same key gets that order.
 */
export async function beforeDeadline<T>(deadline: CheckoutDeadline, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new CheckoutBusy(BUSY_RETRY_AFTER_SECONDS)), Math.max(0, timeLeft(deadline)))),
  );
  step.catch(() => undefined);
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for `work` (which must not throw: a look whose failure is logged) at most until `extraMs` past
 * the deadline: an order already placed is answered 201 even when that look is slow.
 */
export async function settledBy(deadline: CheckoutDeadline, work: Promise<void>, extraMs = 0): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, timeLeft(deadline) + extraMs))));
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
