/**
 * One DynamoDB Local for many twins (the test runs, docs/testing.md#ci): with `SHARED_DYNAMODB_ENV` set
 * to a running DynamoDB Local's endpoint, a twin without a data folder starts no DynamoDB Local of its
 * own. Its tables then get a prefix of their own (`joias-<8 hex>-orders`), so twins never see each
 * other's data, and are deleted when it stops. A run starts about forty twins; each JVM's start and
 * warm-up cost 2-3.5 CPU-seconds on the 2-core machine, which a shared one pays once.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_PREFIX, localTableName } from './bootstrap.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { freePort } from './processes.ts';
import type { TwinOptions } from './twin-options.ts';

/** The environment variable naming the DynamoDB Local that twins share (an endpoint, `http://127.0.0.1:port`). */
export const SHARED_DYNAMODB_ENV = 'TWIN_SHARED_DYNAMODB';

/** The shared DynamoDB Local this twin uses, if any: never with a data folder (`npm start` keeps its own, on disk). */
export function sharedDynamoDbFor(options: Pick<TwinOptions, 'dataDir'>): string | undefined {
  return options.dataDir ? undefined : process.env[SHARED_DYNAMODB_ENV] || undefined;
}

/** A table prefix of the twin's own, for a shared DynamoDB Local. */
export const ownTablePrefix = (): string => `${LOCAL_TABLE_PREFIX}-${randomUUID().slice(0, 8)}`;

/** The shared DynamoDB Local as the twin's service: stopping it deletes the twin's tables (`prefix`), not the process. */
export function useSharedDynamoDb(endpoint: string, prefix: string): { endpoint: string; stop(): Promise<void> } {
  return {
    endpoint,
    stop: async () => {
      const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
      try {
        await Promise.all(
          (Object.keys(tables) as TableKey[]).map((key) =>
            client.send(new DeleteTableCommand({ TableName: localTableName(key, prefix) })).catch((error: unknown) => {
              if (!(error instanceof ResourceNotFoundException)) throw error;
            }),
          ),
        );
      } finally {
        client.destroy();
      }
    },
  };
}

/**
 * Starts a DynamoDB Local (in memory) for twins to share, and names it in this process's environment,
 * which the processes started after it inherit (vitest's workers, when a global setup calls this).
 */
export async function startSharedDynamoDb(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const local = await startDynamoDbLocal({ port: await freePort() });
  process.env[SHARED_DYNAMODB_ENV] = local.endpoint;
  return {
    endpoint: local.endpoint,
    stop: async () => {
      if (process.env[SHARED_DYNAMODB_ENV] === local.endpoint) delete process.env[SHARED_DYNAMODB_ENV];
      await local.stop();
    },
  };
}
