/**
 * Global setup of the browser tests that only shop (the `e2e-shared` project of
 * `test/e2e/vitest.config.ts`): one twin with the demo catalogue for all of them, instead of one per
 * file (a start costs 15-33 s and ~22 CPU-seconds here; docs/testing.md#ci). Each file keeps its own
 * worker (the SDK clients are per process) and its own Chromium; it reaches the twin through
 * `inject('shopTwin')`, plain data, and asks the twin's process to forget the browser's address at the
 * front door (`forgetUrl`: the edge's per-address counts live in this process).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import type { ShopTwin } from '../web/e2e-support.ts';
import { walkTwinOptions } from './walk-twin.ts';

let running: { twin: Twin; control: Server } | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The same twin `useShop` starts for a file of its own.
  const twin = await startTwin(walkTwinOptions());
  const control = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://control').searchParams.get('address');
    if (req.method !== 'POST' || !address) return void res.writeHead(400).end();
    twin.edge?.forget(address);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  running = { twin, control };
  project.provide('shopTwin', shopTwinInfo(twin, `http://127.0.0.1:${(control.address() as AddressInfo).port}/forget`));
}

/** What the test files know of the shared twin (plain data: it crosses to the test workers). */
function shopTwinInfo(twin: Twin, forgetUrl: string): ShopTwin {
  return {
    url: twin.url,
    adminUrl: twin.adminUrl,
    mailUrl: twin.mailUrl,
    admin: twin.admin,
    endpoints: twin.endpoints,
    userPoolId: twin.userPoolId,
    clientId: twin.clientId,
    env: twin.env,
    forgetUrl,
  };
}

export async function teardown(): Promise<void> {
  if (!running) return;
  const { twin, control } = running;
  running = undefined;
  await new Promise((resolve) => control.close(resolve));
  await twin.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopTwin: ShopTwin;
  }
}
