/**
 * Claiming an uploaded proof of payment for an order (docs/design.md §29): the upload is read whole
 * (at most 10 MB, its size checked against the size the browser declared), checked
 * (`./proof-check.ts`) and only its safe copy is written to the private proofs bucket, under the same
 * id (so a retried checkout claims the same object, and the claim item in DynamoDB keeps one proof to
 * one order). Once the order holds it, the original upload is deleted ({@link dropProofUpload}); one
 * no order took expires with the uploads bucket's lifecycle (a day).
 */
import { uploadTexts } from '#shared/messages/index.ts';
import { MAX_PROOF_BYTES } from '#shared/uploads.ts';
import { InvalidInput } from '../errors.ts';
import { logger } from '../logger.ts';
import { proofClaimOrderId } from '../repositories/order-proofs.ts';
import { deleteObjects, readObject, writeObject } from '../repositories/storage.ts';
import { checkProofFile } from './proof-check.ts';
import { claimedProofKey, DECLARED_SIZE_METADATA, proofUsed } from './uploads.ts';

/** A proof claimed for an order: the safe copy's key in the proofs bucket, size and type. */
export interface ClaimedProof {
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
}

function refuse(message: string): never {
  throw new InvalidInput(message, { proofKey: message });
}

/**
 * Checks the upload under `pendingKey` and writes its safe copy into the proofs bucket. Refuses (400,
 * Portuguese message on `proofKey`) a missing upload, one over 10 MB or not of its declared size, and
 * anything that is not a real picture or plain PDF of the declared type; then nothing is written. An
 * upload gone because an order holds it already is 409 `proof_used`.
 */
export async function claimProof(pendingKey: string): Promise<ClaimedProof> {
  const key = claimedProofKey(pendingKey);
  const object = await readObject('uploads', pendingKey, MAX_PROOF_BYTES);
  // An order holds it already (its upload deleted once it did): a proof backs one order only.
  if (!object)
    throw (await proofClaimOrderId(key))
      ? proofUsed()
      : new InvalidInput(uploadTexts.proofNotFound, { proofKey: uploadTexts.proofNotFound });
  if (object.size > MAX_PROOF_BYTES || !object.body) refuse(uploadTexts.proofTooLarge);
  // S3 enforces the policy's exact size; a local S3 server does not, so the size is checked here too.
  const declared = object.metadata[DECLARED_SIZE_METADATA];
  if (declared !== undefined && Number(declared) !== object.size) refuse(uploadTexts.proofWrongSize);
  const safe = await checkProofFile(object.body, object.contentType);
  await writeObject('proofs', key, safe.body, {
    contentType: safe.contentType,
    ...(safe.contentDisposition ? { contentDisposition: safe.contentDisposition } : {}),
  });
  return { key, size: safe.body.byteLength, contentType: safe.contentType };
}

/**
 * Deletes the original upload of a proof an order now holds (its safe copy is kept). A failure is
 * logged, not answered: the order is written, and the lifecycle removes the upload within a day.
 */
export async function dropProofUpload(pendingKey: string): Promise<void> {
  try {
    const failed = await deleteObjects('uploads', [pendingKey]);
    if (failed.length) logger.warn('Proof upload not deleted', { key: pendingKey });
  } catch (error) {
    logger.warn('Proof upload not deleted', { key: pendingKey, error });
  }
}

/** What the handlers that take proofs give the order services (`ProofClaims` of `./orders.ts`). */
export const proofClaims = { claim: claimProof, drop: dropProofUpload } as const;
