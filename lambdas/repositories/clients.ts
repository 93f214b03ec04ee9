/**
 * AWS clients and resource names, created and read once per function instance (cold start).
 * Endpoints come from the standard SDK settings (`AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`,
 * ...), so the same code talks to AWS in the cloud and to the local services in the twin.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { tables, buckets, type TableKey, type BucketKey } from '../contracts/data-model.ts';

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

let s3Client: S3Client | undefined;
let sesClient: SESv2Client | undefined;

/** The shared S3 client; path-style addressing when a custom endpoint (the twin) is set. */
export function s3(): S3Client {
  s3Client ??= new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3), requestChecksumCalculation: 'WHEN_REQUIRED' });
  return s3Client;
}

/**
 * The shared SES v2 client. Two tries per send: the outbox retries a failed send itself, later, so
 * an outage does not hold the consumer in the SDK's own retries.
 */
export function ses(): SESv2Client {
  sesClient ??= new SESv2Client({ maxAttempts: 2 });
  return sesClient;
}

/** A setting the stack (or the twin) passes in the environment; a missing one fails loudly. */
export function setting(name: string): string {
  return requiredEnv(name);
}
