/**
 * Builds the shop (its pre-rendered pages are part of what the API serves; unless CI built it already:
 * `WEB_BUILT_ENV`), then starts one local twin
 * (in memory, free ports, demo catalogue) for the integration tests and hands its addresses to the test
 * files through `inject('twin')`. The shop's build is what the synth and the browser tests of CI use too.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import type { TwinInfo } from './twin.ts';

/**
 * The one twin of the run, shared by every project that names this setup: vitest runs each project's
 * global setup in this one process, whose handlers can serve one twin only (their environment, their
 * SDK clients).
 */
const SHARED = Symbol.for('joias-inox.integration-twin');
interface Shared {
  readonly twin: Promise<Twin>;
  users: number;
}
const shared = globalThis as { [SHARED]?: Shared };

export async function setup(project: TestProject): Promise<void> {
  shared[SHARED] ??= { twin: startShared(), users: 0 };
  shared[SHARED].users += 1;
  project.provide('twin', twinInfo(await shared[SHARED].twin));
}

/**
 * Set by CI (`.ci/run`), which builds the shop once before `npm test`, the synth and the browser tests
 * run side by side: this setup then uses that build instead of writing `web/dist` again under the others.
 */
const WEB_BUILT_ENV = 'TEST_WEB_BUILT';

async function startShared(): Promise<Twin> {
  // As `npm run build:web` builds it by hand: vitest's NODE_ENV=test would make Vite build React's
  // development runtime, which a later e2e run of the same folder would then test.
  if (process.env[WEB_BUILT_ENV] !== 'true')
    execFileSync('npm', ['run', '--silent', 'build:web'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  // Without the stage throttle: the test files together are a crowd (see TwinOptions.throttle).
  // And with an owner who takes every notification (see TwinOptions.ownerMailsPerHour), and the
  // smallest proof of work the owner may set (TwinOptions.challengeMaxNumber).
  return startTwin({
    port: 0,
    seed: true,
    throttle: false,
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
}

/** What test files know of a twin (plain data: it crosses to the test workers). */
export function twinInfo(running: Twin): TwinInfo {
  return {
    url: running.url,
    apiOriginUrl: running.apiOriginUrl,
    endpoints: running.endpoints,
    userPoolId: running.userPoolId,
    clientId: running.clientId,
    issuer: running.issuer,
    admin: running.admin,
    env: running.env,
    originSecret: running.edgeOrigin.value,
  };
}

/** Stops the twin once the last project that started with it is done. */
export async function teardown(): Promise<void> {
  const running = shared[SHARED];
  if (!running) return;
  running.users -= 1;
  if (running.users > 0) return;
  delete shared[SHARED];
  await (await running.twin).stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}
