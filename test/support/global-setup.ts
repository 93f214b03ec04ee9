/**
 * Builds the shop (its pre-rendered pages are part of what the API serves), then starts one local twin
 * (in memory, free ports, demo catalogue) for the integration tests and hands its addresses to the test
 * files through `inject('twin')`.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import type { TwinInfo } from './twin.ts';

let twin: Twin | undefined;

export async function setup(project: TestProject): Promise<void> {
  // As `npm run build:web` builds it by hand: vitest's NODE_ENV=test would make Vite build React's
  // development runtime, which a later e2e run of the same folder would then test.
  execFileSync('npm', ['run', '--silent', 'build:web'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  // Without the stage throttle: the test files together are a crowd (see TwinOptions.throttle).
  // And with an owner who takes every notification (see TwinOptions.ownerMailsPerHour), and the
  // smallest proof of work the owner may set (TwinOptions.challengeMaxNumber).
  twin = await startTwin({ port: 0, seed: true, throttle: false, ownerMailsPerHour: 1_000_000, challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min });
  project.provide('twin', twinInfo(twin));
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

export async function teardown(): Promise<void> {
  await twin?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}
