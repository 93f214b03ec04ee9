import { configDefaults, defineConfig } from 'vitest/config';
import { slowestFirst } from './test/support/sequencer.ts';

/**
 * `npm test`: unit tests (pure rules, schemas, CDK template) and integration tests (real handlers
 * through the local gateway against the real local services, started once by the global setup).
 */
/**
 * The integration and robustness files, two at a time (vitest's default on 2 cores is one worker:
 * `availableParallelism − 1`), after the unit files: most of an integration file's time is waiting on
 * the twin (a stream, a poll, DynamoDB Local), so two overlap on this 2-core machine (docs/testing.md#ci).
 * A file that reads what the whole shop holds (the catalogue's held share, a day's totals) keeps a twin
 * of its own (`twinOfItsOwn`), since the other worker's files move the shared twin's meanwhile.
 */
const TWO_AT_A_TIME = { maxWorkers: 2, sequence: { groupOrder: 1 } };

/** The integration and robustness files that took 20 s or more two at a time (stop 57), slowest first. */
const SLOWEST = [
  'robustness/bad-input',
  'lambdas/attacker-replays',
  'lambdas/bundles',
  'lambdas/invoices',
  'lambdas/order-search',
  'lambdas/outbox',
  'lambdas/payment-webhook',
  'lambdas/outbox-back-in-stock',
  'lambdas/invoices-automatic',
  'lambdas/edge-strangers',
  'lambdas/owner-dashboard',
  'lambdas/mbway',
  'lambdas/settings',
];

export default defineConfig({
  test: {
    sequence: { sequencer: slowestFirst(SLOWEST.map((name) => `test/${name}.test.ts`)) },
    // Handlers called directly in test workers log expected failures; keep the output readable.
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
      POWERTOOLS_METRICS_DISABLED: 'true',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/shared/**/*.test.ts', 'test/infra/**/*.test.ts', 'test/web/**/*.test.ts', 'test/lambdas/contracts/**/*.test.ts'],
          testTimeout: 60_000,
          // The unit files share one module graph (aws-cdk-lib, React, zod imported once, not per file):
          // 164 s → 74 s on this 2-core machine, the same 1 259 tests passing in three orders (one
          // default, two shuffled). The integration files stay isolated: their SDK clients are kept per
          // process with the endpoints of the twin they first met, and some start twins of their own.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/lambdas/**/*.test.ts'],
          // Pure contracts (escaping, typed mail data) need no twin: they run as unit tests.
          exclude: [...configDefaults.exclude, 'test/lambdas/contracts/**'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/twin-env.ts'],
          // Two files at once share the cores: a test of 50 orders at once or 40 reservations in a row
          // took 22-30 s beside another file (15 s alone).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...TWO_AT_A_TIME,
        },
      },
      {
        extends: true,
        test: {
          name: 'robustness',
          include: ['test/robustness/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          ...TWO_AT_A_TIME,
        },
      },
    ],
  },
});
