/**
 * Presigned uploads straight from the browser to S3, and the checks that make them safe. The POST
 * policy limits size and type, but a local S3 server does not enforce it and a client can lie about
 * the type, so an object is only accepted after we look at it ourselves: its size, and its first bytes.
 */
import { randomUUID } from 'node:crypto';
import type { PresignedUpload } from '#shared/api.ts';
import { apiTexts } from '#shared/messages.ts';
import { MAX_PROOF_BYTES, PROOF_CONTENT_TYPES, proofKey, sniffContentType, type ProofContentType } from '#shared/uploads.ts';
import type { BucketKey } from '../contracts/data-model.ts';
import { InvalidInput } from '../errors.ts';
import { copyObject, peekObject, presignPost } from '../repositories/storage.ts';

/** How long a presigned upload stays valid. */
export const UPLOAD_EXPIRY_SECONDS = 300;

/** Where a claimed proof lives in the proofs bucket (kept with the order). */
export const CLAIMED_PROOF_PREFIX = 'proofs/orders/';

/** Product images never change under their (random) key: browsers and CloudFront may keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function presignUpload(
  bucket: BucketKey,
  key: string,
  contentType: string,
  maxBytes: number,
  options: { now?: Date; cacheControl?: string; exactBytes?: number } = {},
): Promise<PresignedUpload> {
  const now = options.now ?? new Date();
  const fields = {
    ...(options.cacheControl ? { 'Cache-Control': options.cacheControl } : {}),
    // The declared size travels with the object (signed), for the check after the upload.
    ...(options.exactBytes ? { [`x-amz-meta-${DECLARED_SIZE_METADATA}`]: String(options.exactBytes) } : {}),
  };
  const size = options.exactBytes ? { minBytes: options.exactBytes, maxBytes: options.exactBytes } : { maxBytes };
  const post = await presignPost(bucket, key, { contentType, ...size, expiresSeconds: UPLOAD_EXPIRY_SECONDS, ...(Object.keys(fields).length ? { fields } : {}) });
  return { ...post, key, maxBytes: size.maxBytes, expiresAt: new Date(now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString() };
}

/** Object metadata holding the size the browser declared when it asked to upload (`x-amz-meta-declared-size`). */
export const DECLARED_SIZE_METADATA = 'declared-size';

/**
 * A presigned POST for a proof of exactly the declared size: S3 refuses any other length
 * (`content-length-range` [size, size]), and the server checks it again after the upload.
 */
export function presignProofUpload(contentType: ProofContentType, size: number): Promise<PresignedUpload> {
  return presignUpload('uploads', proofKey(randomUUID()), contentType, MAX_PROOF_BYTES, { exactBytes: size });
}

export { sniffContentType };

export interface CheckedObject {
  readonly key: string;
  readonly size: number;
  readonly contentType: ProofContentType;
}

/**
 * Checks an uploaded object: it exists, is at most `maxBytes`, and its first bytes are one of
 * `allowed`. Refusals are 400s with the field `field` and the given messages.
 */
export async function checkUploadedObject(
  bucket: BucketKey,
  key: string,
  rules: { maxBytes: number; allowed: readonly ProofContentType[]; field: string; notFound: string; tooLarge: string; wrongType: string; wrongSize?: string },
): Promise<CheckedObject> {
  const object = await peekObject(bucket, key, rules.maxBytes);
  if (!object) throw new InvalidInput(rules.notFound, { [rules.field]: rules.notFound });
  if (object.size > rules.maxBytes) throw new InvalidInput(rules.tooLarge, { [rules.field]: rules.tooLarge });
  // S3 enforces the policy's exact size; a local S3 server does not, so the size is checked here too.
  const declared = object.metadata[DECLARED_SIZE_METADATA];
  if (declared !== undefined && Number(declared) !== object.size) {
    const message = rules.wrongSize ?? rules.tooLarge;
    throw new InvalidInput(message, { [rules.field]: message });
  }
  const { size, head } = object;
  const contentType = head && sniffContentType(head);
  if (!contentType || !rules.allowed.includes(contentType) || size === 0) throw new InvalidInput(rules.wrongType, { [rules.field]: rules.wrongType });
  return { key, size, contentType };
}

/** Where a pending proof lives once an order references it (same id). */
export function claimedProofKey(pendingKey: string): string {
  return `${CLAIMED_PROOF_PREFIX}${pendingKey.slice(pendingKey.lastIndexOf('/') + 1)}`;
}

/**
 * Checks the proof of a checkout and claims it: a copy from the uploads bucket into the proofs bucket
 * (same id, so a retried checkout claims the same object), which the order then references.
 */
export async function claimProof(pendingKey: string): Promise<CheckedObject> {
  const checked = await checkUploadedObject('uploads', pendingKey, {
    maxBytes: MAX_PROOF_BYTES,
    allowed: PROOF_CONTENT_TYPES,
    field: 'proofKey',
    notFound: apiTexts.proofNotFound,
    tooLarge: apiTexts.proofTooLarge,
    wrongType: apiTexts.proofWrongType,
    wrongSize: apiTexts.proofWrongSize,
  });
  const claimedKey = claimedProofKey(pendingKey);
  await copyObject({ bucket: 'uploads', key: pendingKey }, { bucket: 'proofs', key: claimedKey }, checked.contentType);
  return { ...checked, key: claimedKey };
}
