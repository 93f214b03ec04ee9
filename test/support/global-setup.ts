/**
 * Starts one local twin (in memory, free ports, demo catalogue) for the integration tests and hands
 * its addresses to the test files through `inject('twin')`.
 */
import type { TestProject } from 'vitest/node';
import { startTwin, type Twin } from '../../infra/local/twin.ts';
import type { TwinInfo } from './twin.ts';

let twin: Twin | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Without the stage throttle: the test files together are a crowd (see TwinOptions.throttle).
  twin = await startTwin({ port: 0, seed: true, throttle: false });
  const info: TwinInfo = {
    url: twin.url,
    apiOriginUrl: twin.apiOriginUrl,
    endpoints: twin.endpoints,
    userPoolId: twin.userPoolId,
    clientId: twin.clientId,
    issuer: twin.issuer,
    admin: twin.admin,
    env: twin.env,
  };
  project.provide('twin', info);
}

export async function teardown(): Promise<void> {
  await twin?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}
