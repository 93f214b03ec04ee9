import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelay, type BackoffPolicy } from '#lambdas/backoff.ts';

describe('backoff', () => {
  const policy: BackoffPolicy = { tries: 6, firstMs: 100, maxMs: 1_000, jitter: false };

  it('waits firstMs after the first failure, doubling after each one, never more than maxMs', () => {
    expect([1, 2, 3, 4, 5, 6].map((failures) => backoffDelay(policy, failures))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('with jitter, waits a random part of that delay', () => {
    const jittered = { ...policy, jitter: true };
    expect(backoffDelay(jittered, 3, () => 0)).toBe(0);
    expect(backoffDelay(jittered, 3, () => 0.5)).toBe(200);
    expect(backoffDelay(jittered, 9, () => 0.999)).toBeCloseTo(999);
  });

  it('gives a transient mail failure about 45 minutes of waits before it fails for good', () => {
    const waits = Array.from({ length: BACKOFF.outboxMail.tries - 1 }, (_, i) => backoffDelay(BACKOFF.outboxMail, i + 1));
    expect(waits.map((ms) => ms / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(waits.reduce((sum, ms) => sum + ms, 0) / 60_000).toBeCloseTo(45.5);
  });
});
