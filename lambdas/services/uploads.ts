/**
 * Presigned uploads straight from the browser to S3. The POST policy limits size and type, but a local
 * S3 server does not enforce it and a client can lie about the type, so an object is only accepted
 * after we look at it ourselves (a proof: `./proof-claims.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { PresignedUpload } from '#shared/api.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { MAX_PROOF_BYTES, proofKey, type ProofContentType } from '#shared/uploads.ts';
import type { BucketKey } from '../contracts/data-model.ts';
import { Conflict } from '../errors.ts';
import { presignPost } from '../repositories/storage.ts';

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
  const post = await presignPost(bucket, key, {
    contentType,
    ...size,
    expiresSeconds: UPLOAD_EXPIRY_SECONDS,
    ...(Object.keys(fields).length ? { fields } : {}),
  });
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

/** Where a pending proof lives once an order references it (same id). */
export function claimedProofKey(pendingKey: string): string {
  return `${CLAIMED_PROOF_PREFIX}${pendingKey.slice(pendingKey.lastIndexOf('/') + 1)}`;
}

/** A proof that already backs an order (409 `proof_used`): a proof backs one order only. */
export const proofUsed = () => new Conflict(apiTexts.proofAlreadyUsed, 'proof_used', { proofKey: apiTexts.proofAlreadyUsed });
