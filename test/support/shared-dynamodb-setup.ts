/**
 * Global setup: one DynamoDB Local for every twin of the run (`infra/twin/dynamodb-shared.ts`), those
 * of the global setups in this process and those the test files start in their workers, which inherit
 * its endpoint from this process's environment. Each twin keeps tables of its own in it. Several
 * projects name this setup; vitest runs their global setups in this one process, so the first starts it
 * and the last one done stops it. Unless the environment already names one.
 */
import { SHARED_DYNAMODB_ENV, startSharedDynamoDb } from '#infra/twin/dynamodb-shared.ts';

const SHARED = Symbol.for('joias-inox.shared-dynamodb');
interface Shared {
  readonly started: Promise<{ stop(): Promise<void> } | undefined>;
  users: number;
}
const shared = globalThis as { [SHARED]?: Shared };

export async function setup(): Promise<void> {
  shared[SHARED] ??= { started: process.env[SHARED_DYNAMODB_ENV] ? Promise.resolve(undefined) : startSharedDynamoDb(), users: 0 };
  shared[SHARED].users += 1;
  await shared[SHARED].started;
}

export async function teardown(): Promise<void> {
  const running = shared[SHARED];
  if (!running) return;
  running.users -= 1;
  if (running.users > 0) return;
  delete shared[SHARED];
  await (await running.started)?.stop();
}
