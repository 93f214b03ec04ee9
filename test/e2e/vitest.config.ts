import { defineConfig } from 'vitest/config';
import { slowestFirst } from '../support/sequencer.ts';

/**
 * The browser walks that only shop: they make their own pieces and customers and read only those, so
 * they share one twin (`test/support/e2e-global-setup.ts`, started once) instead of starting one each.
 * A walk that changes what every shopper sees (the settings, the admin account, the clock, an address's
 * limits, the demo catalogue as the owner edits it) keeps a twin of its own (`useShop`).
 */
export const SHARED_WALKS = ['proof-refusal', 'provider-payment', 'reservation', 'order-steps', 'anonymise', 'discount-codes'].map(
  (name) => `test/e2e/${name}.test.ts`,
);

/** The walks that took 25 s or more one at a time (stop 56), slowest first: started first, two at a time. */
const SLOWEST = [
  'storefront',
  'admin',
  'admin-week',
  'pages',
  'checkout',
  'automatic-payments-walk',
  'trust',
  'provider-payment',
  'order-steps',
  'ledger-walk',
];

/** `npm run test:e2e`: the built shop in real headless Chromium against the local twin. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    sequence: { sequencer: slowestFirst(SLOWEST.map((name) => `test/e2e/${name}.test.ts`)) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two walks at a time (vitest's default on 2 cores is one: `availableParallelism − 1`): a walk waits
    // on the shop as much as it works, so two keep both cores busy. On a quiet machine the 25 files took
    // 8:45 and 8:34 two at a time against 12:01 one at a time (docs/testing.md#ci); under others' load
    // (15-21) two at a time were no faster, but not slower for the whole either.
    maxWorkers: 2,
    // A step that waits on the shop (a page hydrated, a reservation, a proof checked, a mail) takes
    // seconds on a shared, busy machine: expect.poll's default of 1 s made the walks fail at random.
    expect: { poll: { timeout: 15_000 } },
    // A walk that fails is run once more, and vitest reports it as flaky if it then passes: on this
    // 2-core machine two walks failed once each in three full runs (a reservation page that did not
    // render its payment reference in 30 s; a twin port refused during a file's start, since explained:
    // `startTwin` in infra/twin/twin.ts) and passed in the other runs and alone. A regression fails both times.
    retry: 1,
    projects: [
      // Each file still runs in a worker of its own (isolated: the SDK clients are per process).
      { extends: true, test: { name: 'e2e-shared', include: SHARED_WALKS, globalSetup: ['test/support/e2e-global-setup.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: SHARED_WALKS } },
    ],
  },
});
