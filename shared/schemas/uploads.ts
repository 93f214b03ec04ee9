/**
 * Requests for presigned uploads: what the browser declares about the file before sending it.
 */
import type * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, MAX_PROOF_BYTES, PROOF_CONTENT_TYPES } from '../uploads.ts';
import { formObject, oneOf, wholeNumber } from './fields.ts';

const v = validationTexts;

/** A proof of payment: JPEG, PNG, WebP, HEIC or PDF, 1 byte to 10 MB. */
export const proofUploadRequestSchema = formObject({
  contentType: oneOf(PROOF_CONTENT_TYPES, v.proofContentType.invalid),
  size: wholeNumber(1, MAX_PROOF_BYTES, v.proofSize.invalid),
});

/** A valid proof upload request. */
export type ProofUploadRequest = z.infer<typeof proofUploadRequestSchema>;

/** A product image: JPEG, PNG or WebP, 1 byte to 5 MB. */
export const imageUploadRequestSchema = formObject({
  contentType: oneOf(IMAGE_CONTENT_TYPES, v.imageContentType.invalid),
  size: wholeNumber(1, MAX_IMAGE_BYTES, v.imageSize.invalid),
});

/** A valid image upload request. */
export type ImageUploadRequest = z.infer<typeof imageUploadRequestSchema>;
