/**
 * AWS clients and resource names, created and read once per function instance (cold start).
 * Endpoints come from the standard SDK settings (`AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`,
 * ...), so the same code talks to AWS in the cloud and to the local services in the twin.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables, buckets, type TableKey, type BucketKey } from '../../infra/data-model.ts';

let documentClient: DynamoDBDocumentClient | undefined;

/** The shared DynamoDB document client (numbers as JS numbers, `undefined` attributes dropped). */
export function ddb(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

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
