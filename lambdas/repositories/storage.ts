/**
 * Objects in S3: presigned uploads from the browser, a look at an uploaded object (size and first
 * bytes), copies, writes and deletions. Storage failures become `Unavailable` (503). Download links are
 * signed without the S3 client, and so are a small object's read and a new object's write for the
 * functions that need nothing else of S3: `signed-s3.ts`.
 */
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { BucketKey } from '../contracts/data-model.ts';
import { Unavailable } from '../errors.ts';
import { bucketName, s3 } from './s3-client.ts';
import { conditionNotMet } from './signed-s3.ts';

function storageUnavailable(error: unknown): Unavailable {
  return new Unavailable(undefined, 'storage_unavailable', { cause: error });
}

export interface PresignedPost {
  readonly url: string;
  readonly fields: Record<string, string>;
}

/**
 * A presigned POST for one object: size between `minBytes` (default 1) and `maxBytes`, exactly
 * `contentType`, extra fixed fields (each an `eq` condition of the policy, so S3 refuses any other value).
 */
export async function presignPost(
  bucket: BucketKey,
  key: string,
  options: { contentType: string; minBytes?: number; maxBytes: number; expiresSeconds: number; fields?: Readonly<Record<string, string>> },
): Promise<PresignedPost> {
  const extra = options.fields ?? {};
  try {
    return await createPresignedPost(s3(), {
      Bucket: bucketName(bucket),
      Key: key,
      Conditions: [
        ['content-length-range', options.minBytes ?? 1, options.maxBytes],
        ['eq', '$Content-Type', options.contentType],
        ...Object.entries(extra).map(([name, value]) => ['eq', `$${name}`, value] as ['eq', string, string]),
      ],
      Fields: { 'Content-Type': options.contentType, ...extra },
      Expires: options.expiresSeconds,
    });
  } catch (error) {
    throw storageUnavailable(error);
  }
}

/** Size and first bytes of an object; undefined when it does not exist. Reads the head only when `maxBytes` allows. */
export async function peekObject(
  bucket: BucketKey,
  key: string,
  maxBytes: number,
): Promise<{ size: number; head?: Uint8Array; metadata: Readonly<Record<string, string>> } | undefined> {
  const Bucket = bucketName(bucket);
  try {
    const info = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
    const size = info.ContentLength ?? 0;
    const metadata = info.Metadata ?? {};
    if (size > maxBytes || size === 0) return { size, metadata };
    const object = await s3().send(new GetObjectCommand({ Bucket, Key: key, Range: 'bytes=0-31' }));
    return { size, head: await object.Body!.transformToByteArray(), metadata };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (name === 'NotFound' || name === 'NoSuchKey' || status === 404) return undefined;
    throw storageUnavailable(error);
  }
}

/** Copies an object (to another bucket, or within one), setting its content type. */
export async function copyObject(
  source: { bucket: BucketKey; key: string },
  target: { bucket: BucketKey; key: string },
  contentType: string,
): Promise<void> {
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: bucketName(target.bucket),
        Key: target.key,
        CopySource: `${bucketName(source.bucket)}/${source.key}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
  } catch (error) {
    throw storageUnavailable(error);
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

/**
 * A whole object, only when it is at most `maxBytes` (the size is looked at first, so a too large
 * object is never downloaded): `{ size, body }`, `{ size }` when too large, undefined when missing;
 * with its content type and user metadata.
 */
export async function readObject(
  bucket: BucketKey,
  key: string,
  maxBytes: number,
): Promise<{ size: number; body?: Uint8Array; contentType?: string; metadata: Readonly<Record<string, string>> } | undefined> {
  const Bucket = bucketName(bucket);
  try {
    const info = await s3().send(new HeadObjectCommand({ Bucket, Key: key }));
    const size = info.ContentLength ?? 0;
    const described = { size, ...(info.ContentType ? { contentType: info.ContentType } : {}), metadata: info.Metadata ?? {} };
    if (size > maxBytes) return described;
    const object = await s3().send(new GetObjectCommand({ Bucket, Key: key }));
    return { ...described, body: await object.Body!.transformToByteArray() };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw storageUnavailable(error);
  }
}

/**
 * Writes an object, with its user metadata. S3's conditional writes: `ifAbsent`, only when the key does
 * not exist yet (`If-None-Match: *`); `ifMatch`, only over the object with that ETag (`If-Match`).
 * Answers false when the condition did not hold, and writes nothing.
 */
export async function writeObject(
  bucket: BucketKey,
  key: string,
  body: Uint8Array | string,
  options: {
    contentType: string;
    cacheControl?: string;
    contentDisposition?: string;
    metadata?: Record<string, string>;
    ifAbsent?: boolean;
    ifMatch?: string;
  },
): Promise<boolean> {
  const conditional = Boolean(options.ifAbsent || options.ifMatch);
  try {
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName(bucket),
        Key: key,
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
        ContentDisposition: options.contentDisposition,
        ...(options.metadata ? { Metadata: options.metadata } : {}),
        ...(options.ifAbsent ? { IfNoneMatch: '*' } : {}),
        ...(options.ifMatch ? { IfMatch: options.ifMatch } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (conditional && conditionNotMet((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode)) return false;
    throw storageUnavailable(error);
  }
}

/** An object's ETag and user metadata (no body), or undefined when it does not exist. */
export async function objectHead(
  bucket: BucketKey,
  key: string,
): Promise<{ etag: string; metadata: Readonly<Record<string, string>> } | undefined> {
  try {
    const info = await s3().send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { etag: info.ETag ?? '', metadata: info.Metadata ?? {} };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw storageUnavailable(error);
  }
}

/**
 * Deletes objects (missing ones are no error), up to 1 000 per request. Answers the keys S3 could not
 * delete: DeleteObjects reports a key's failure in its answer, it does not throw.
 */
export async function deleteObjects(bucket: BucketKey, keys: readonly string[]): Promise<string[]> {
  const Bucket = bucketName(bucket);
  const failed: string[] = [];
  try {
    for (let start = 0; start < keys.length; start += 1000) {
      const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
      if (!Objects.length) continue;
      const answer = await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      for (const error of answer.Errors ?? []) if (error.Key) failed.push(error.Key);
    }
  } catch (error) {
    throw storageUnavailable(error);
  }
  return failed;
}
