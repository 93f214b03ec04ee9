/**
 * The S3-compatible server (s3rver, in process) with the shop's buckets and their CORS rules.
 * s3rver checks neither signatures nor POST policy conditions: the API itself checks every uploaded
 * object (size, first bytes) before accepting it, which is the real guard in the cloud too.
 */
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import { mkdir } from 'node:fs/promises';
import { HOST } from './processes.ts';

export interface S3LocalOptions {
  readonly port: number;
  readonly directory: string;
  readonly buckets: readonly string[];
  /** Origins allowed to upload from the browser (the front door). */
  readonly allowedOrigins: readonly string[];
  /** Called with the S3 event notification of every object created or deleted (as S3 sends it to a Lambda). */
  readonly onEvent?: (event: S3Event) => void;
}

function corsXml(origins: readonly string[]): string {
  const rule = (origin: string) => `
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`;
  return `<CORSConfiguration>${origins.map(rule).join('')}\n</CORSConfiguration>`;
}

export async function startS3Local(options: S3LocalOptions): Promise<{ endpoint: string; stop(): Promise<void> }> {
  await mkdir(options.directory, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: HOST,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsXml(options.allowedOrigins)] })),
  });
  if (options.onEvent) server.on('event', options.onEvent);
  await server.run();
  return { endpoint: `http://${HOST}:${options.port}`, stop: () => server.close() };
}
