/**
 * The checkout asks again for its reservation, with the same Idempotency-Key, only when the answer said
 * nothing of the order: none, API Gateway's own 5xx, or the stage throttle's own 429 (: a crowd
 * of checkouts beyond what the checkout's executions serve gets that 429 at once).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { ASK_AGAIN_WAITS_MS, askUntilAnswered, worthAskingAgain } from '#web/features/checkout/ask-again.ts';

const stageThrottle = new ApiError(429, 'busy', 'A loja está a receber muitos pedidos');

/** Asks with the given failures first, then answers; what it saw. */
async function run(failures: unknown[]) {
  const asked: number[] = [];
  const confirming: boolean[] = [];
  const waits: number[] = [];
  const answer = askUntilAnswered(
    async () => {
      asked.push(asked.length);
      const failure = failures.shift();
      if (failure) throw failure;
      return 'order';
    },
    (on) => confirming.push(on),
    async (ms) => void waits.push(ms),
  ).catch((error: unknown) => error);
  return { answer: await answer, asked: asked.length, confirming, waits };
}

describe('asking again for a reservation', () => {
  it("the stage throttle's 429 (no function ran): asked again, 'A confirmar…' meanwhile, then the order", async () => {
    expect(await run([stageThrottle, stageThrottle])).toEqual({
      answer: 'order',
      asked: 3,
      confirming: [true, true, false],
      waits: [1000, 2000],
    });
  });

  it('a lost answer or a failed function: asked again', async () => {
    expect(
      (
        await run([
          new ApiError(0, 'network', 'x'),
          new ApiError(500, 'internal', 'x'),
          new ApiError(504, 'timeout', 'x'),
          new ApiError(503, 'checkout_busy', 'x'),
        ])
      ).answer,
    ).toBe('order');
  });

  it("the shop's own refusals and a per-client limit's 429 are answers: never asked again", async () => {
    for (const refusal of [
      new ApiError(409, 'out_of_stock', 'x'),
      new ApiError(429, 'too_many_requests', 'x', undefined, undefined, 600),
      new ApiError(500, 'order_failed', 'x'),
    ]) {
      expect(await run([refusal])).toEqual({ answer: refusal, asked: 1, confirming: [false], waits: [] });
    }
  });

  it('gives up after the last wait with the last answer', async () => {
    const seen = await run(Array.from({ length: ASK_AGAIN_WAITS_MS.length + 1 }, () => stageThrottle));
    expect(seen).toMatchObject({ answer: stageThrottle, asked: ASK_AGAIN_WAITS_MS.length + 1, waits: [...ASK_AGAIN_WAITS_MS] });
  });

  it('worth asking again: only what says nothing of the order', () => {
    expect([stageThrottle, new ApiError(0, 'network', 'x')].map(worthAskingAgain)).toEqual([true, true]);
    expect(
      [new ApiError(429, 'too_many_requests', 'x'), new ApiError(400, 'validation', 'x'), new Error('x')].map(worthAskingAgain),
    ).toEqual([false, false, false]);
  });
});
