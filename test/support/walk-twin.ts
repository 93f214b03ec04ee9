/** The twin a browser walk runs against (docs/testing.md#ci). */
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import type { TwinOptions } from '#infra/twin/twin.ts';

/**
 * The twin of a walk (its own, `useShop`, or the shared one, `test/support/e2e-global-setup.ts`): the
 * demo catalogue, without CloudFront's 30 s cache of the catalogue (`TwinOptions.edgeCache`), so the walks
 * read the owner's edits at once (the cache has its own tests, `test/lambdas/edge-cache.test.ts`); and
 * the smallest proof of work the owner may set, as in `npm test`: Chromium's solving at the default cost
 * was a quarter of a checkout walk's CPU (82,8 → 59,6 CPU-seconds), and what it costs a phone is the
 * bench's to measure (docs/benchmarks.md). `proofCost: 'default'` keeps the shop's default, for the one
 * walk that solves what a customer solves.
 */
export function walkTwinOptions({ proofCost = 'smallest' }: WalkOptions = {}): TwinOptions {
  const smallest = proofCost === 'smallest' ? { challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min } : {};
  return { port: 0, seed: true, edgeCache: false, ...smallest };
}

/** How a walk's own twin differs from the others'. */
export interface WalkOptions {
  /** The proof of work's cost: the owner's smallest (the walks' usual), or the shop's default. */
  readonly proofCost?: 'smallest' | 'default';
}
