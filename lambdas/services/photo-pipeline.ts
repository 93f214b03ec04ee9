/**
 * Processing product photos (docs/design.md §21): an upload that lands under `uploads/incoming/` is run
 * through sharp (`./photo-processing.ts`) by the photo-processing function on the S3 event (and by the
 * twin on the same event). Kept apart from `./product-photos.ts` so that only the photo function bundles sharp.
 */
import { uploadTexts } from '#shared/messages/index.ts';
import { MAX_IMAGE_BYTES } from '#shared/uploads.ts';
import { PHOTO_KEYS } from '../contracts/data-model.ts';
import { InvalidInput } from '../errors.ts';
import { logger } from '../logger.ts';
import { deleteObjects, readObject, writeObject } from '../repositories/storage.ts';
import { processPhoto, type ProcessedPhoto } from './photo-processing.ts';
import { JSON_TYPE, resultKey, UUID, type StoredResult } from './photo-status.ts';
import { manifestKey } from './product-photos.ts';
import { IMMUTABLE_CACHE_CONTROL } from './uploads.ts';

/** Stores a processed photo: its files (immutable), then its description (which makes it usable). */
export async function storeProcessedPhoto({ photo, files }: ProcessedPhoto): Promise<void> {
  await Promise.all(
    files.map((file) =>
      writeObject('images', file.key, file.body, { contentType: file.contentType, cacheControl: IMMUTABLE_CACHE_CONTROL }),
    ),
  );
  await writeObject('images', manifestKey(photo.id), JSON.stringify(photo), { contentType: JSON_TYPE });
}

/**
 * Processes the photo uploaded at `key` (under `uploads/incoming/`): refused or processed, the raw
 * upload (with its EXIF and GPS) is then deleted, and the result written for the admin's progress.
 * Another key, or one already handled (a repeated event), is ignored. A storage failure is thrown, so
 * the event is retried.
 */
export async function processUploadedPhoto(key: string): Promise<void> {
  const uploadId = key.startsWith(PHOTO_KEYS.incomingPrefix) ? key.slice(PHOTO_KEYS.incomingPrefix.length) : '';
  if (!UUID.test(uploadId)) return;
  const object = await readObject('images', key, MAX_IMAGE_BYTES);
  if (!object) return;
  let result: StoredResult;
  try {
    if (!object.body) throw new InvalidInput(uploadTexts.photoTooLarge);
    const processed = await processPhoto(object.body);
    await storeProcessedPhoto(processed);
    result = { status: 'ready', photo: processed.photo };
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    result = { status: 'failed', message: error.message };
    logger.info('photo refused', { uploadId, reason: error.message });
  }
  await writeObject('images', resultKey(uploadId), JSON.stringify(result), { contentType: JSON_TYPE });
  await deleteObjects('images', [key]);
}
