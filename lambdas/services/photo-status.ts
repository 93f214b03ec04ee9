/**
 * The photo upload's progress, as the back-office polls it (`GET /api/admin/uploads/image/{id}`),
 * and the keys and shapes the photo processing writes it in. Apart from `./product-photos.ts` so that
 * the poll's function reads through links it signs (`readSmallObject`) and bundles no S3 client.
 */
import type { PhotoUploadStatus } from '#shared/api.ts';
import type { ProductPhoto } from '#shared/photos.ts';
import { uploadTexts } from '#shared/messages/index.ts';
import { PHOTO_KEYS, PHOTO_PROCESSING_TIMES } from '../contracts/data-model.ts';
import { NotFound } from '../errors.ts';
import { readSmallObject } from '../repositories/signed-s3.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Largest photo description or result the shop reads back (they are a few hundred bytes). */
export const MAX_MANIFEST_BYTES = 64 * 1024;
export const JSON_TYPE = 'application/json';

export const incomingKey = (uploadId: string) => `${PHOTO_KEYS.incomingPrefix}${uploadId}`;
export const resultKey = (uploadId: string) => `${PHOTO_KEYS.resultsPrefix}${uploadId}.json`;

export type StoredPhoto = Omit<ProductPhoto, 'alt'>;
export type StoredResult =
  { readonly status: 'ready'; readonly photo: StoredPhoto } | { readonly status: 'failed'; readonly message: string };

async function readResult(uploadId: string): Promise<StoredResult | undefined> {
  const object = await readSmallObject('images', resultKey(uploadId), MAX_MANIFEST_BYTES);
  return object?.body ? (JSON.parse(Buffer.from(object.body).toString('utf8')) as StoredResult) : undefined;
}

/**
 * Whether an upload made at `uploadedAt` and still without a result will never have one: S3's event is
 * dropped after `maxEventAgeSeconds` (throttled or retried), and a run started then ends within the
 * function's timeout. A crash or a timeout on the last try writes nothing; this says it instead.
 */
export function photoGaveUp(uploadedAt: Date, now = new Date()): boolean {
  return (
    now.getTime() - uploadedAt.getTime() > (PHOTO_PROCESSING_TIMES.maxEventAgeSeconds + 2 * PHOTO_PROCESSING_TIMES.timeoutSeconds) * 1000
  );
}

/** Where an upload is: still processing, ready (with the photo), or refused (with why). 404 for an unknown upload. */
export async function photoUploadStatus(uploadId: string | undefined): Promise<PhotoUploadStatus> {
  if (!uploadId || !UUID.test(uploadId)) throw new NotFound(uploadTexts.photoUploadNotFound, 'upload_not_found');
  const result = await readResult(uploadId);
  if (result) return result;
  const upload = await readSmallObject('images', incomingKey(uploadId), 0);
  if (upload?.lastModified && photoGaveUp(upload.lastModified)) return { status: 'failed', message: uploadTexts.photoGaveUp };
  if (upload) return { status: 'processing' };
  // Finished between the two reads: the processing writes the result, then deletes the upload.
  const finished = await readResult(uploadId);
  if (finished) return finished;
  throw new NotFound(uploadTexts.photoUploadNotFound, 'upload_not_found');
}
