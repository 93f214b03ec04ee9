/**
 * The names and settings a function reads from its environment: the physical table and bucket names
 * the stack (or the twin) passes in, and plain settings. No SDK here, so a module that only needs a
 * name does not pull a client into its function's bundle.
 */
import { tables, buckets, type TableKey, type BucketKey } from '../contracts/data-model.ts';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** Physical name of a table, from the env var the stack (or the twin) sets for it. */
export function tableName(key: TableKey): string {
  return requiredEnv(tables[key].envVar);
}

/** Physical name of a bucket, from the env var the stack (or the twin) sets for it. */
export function bucketName(key: BucketKey): string {
  return requiredEnv(buckets[key].envVar);
}

/** A setting the stack (or the twin) passes in the environment; a missing one fails loudly. */
export function setting(name: string): string {
  return requiredEnv(name);
}
