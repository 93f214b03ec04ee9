/**
 * The S3 client, created once per function instance; only the functions that touch a bucket bundle
 * it. Endpoint from `AWS_ENDPOINT_URL_S3` (the twin's local S3 server, path-style).
 */
import { S3Client } from '@aws-sdk/client-s3';

export { bucketName } from './environment.ts';

let s3Client: S3Client | undefined;

/** The shared S3 client; path-style addressing when a custom endpoint (the twin) is set. */
export function s3(): S3Client {
  s3Client ??= new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3), requestChecksumCalculation: 'WHEN_REQUIRED' });
  return s3Client;
}
