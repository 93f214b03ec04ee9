import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * What makes an integration file unable to share a process with the others: a twin of its own (its
 * handlers and SDK clients then point at it), tables of its own (`useOwnTables`: the functions' caches
 * would outlive the switch), endpoints moved to a misbehaving proxy, module mocks,
 * fake timers or stubbed globals. Read from each file, so a new file written either way lands in the
 * right project by itself.
 */
const APART = /startTwin\(|useOwnTwin\(|useOwnTables\(|AWS_ENDPOINT_URL|vi\.(?:mock|doMock|setConfig|useFakeTimers|stubGlobal|stubEnv)\(|resetModules/;
const INTEGRATION_DIR = 'test/lambdas';
const integrationApart = readdirSync(INTEGRATION_DIR)
  .filter((name) => name.endsWith('.test.ts') && APART.test(readFileSync(`${INTEGRATION_DIR}/${name}`, 'utf8')))
  .map((name) => `${INTEGRATION_DIR}/${name}`);

/**
 * `npm test`: unit tests (pure rules, schemas, CDK template) and integration tests (real handlers
 * through the local gateway against the real local services, started once by the global setup).
 */
export default defineConfig({
  test: {
    // Two test files at a time (vitest's default is one fewer than the cores: one on a 2-core machine):
    // an integration file spends most of its time waiting (on the twin's handlers in the main process,
    // DynamoDB Local, a twin of its own starting, the outbox), and meanwhile the other file runs.
    // `VITEST_MAX_WORKERS=1` runs one at a time. The projects run in name order (integration,
    // integration-apart, robustness, unit); a worker keeps its module graph from one non-isolated file
    // to the next of the same project.
    maxWorkers: 2,
    // Handlers called directly in test workers log expected failures; keep the output readable.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'CRITICAL', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/shared/**/*.test.ts', 'test/infra/**/*.test.ts', 'test/web/**/*.test.ts', 'test/lambdas/contracts/**/*.test.ts'],
          testTimeout: 60_000,
          // The unit files share one module graph (aws-cdk-lib, React, zod imported once, not per file):
          // 164 s → 74 s on this 2-core machine, the same 1 259 tests passing in three orders (one
          // default, two shuffled).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/lambdas/**/*.test.ts'],
          // Pure contracts (escaping, typed mail data) need no twin: they run as unit tests.
          exclude: [...configDefaults.exclude, 'test/lambdas/contracts/**', ...integrationApart],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/twin-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The files on the global setup's twin share one module graph per worker (the AWS SDK, the
          // handlers, zod imported once, not per file): the SDK clients they keep all point at that twin,
          // and each file's data is its own (its products, addresses, e-mails).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-apart',
          include: integrationApart,
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/twin-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each in a process of its own (`APART` above): a twin of its own, a proxy in front of a service.
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'robustness',
          include: ['test/robustness/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
