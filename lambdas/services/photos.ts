/**
 * Product photos as the API functions see them: presigned uploads of phone photos (up to 20 MB), the
 * progress the admin form polls, the photos a product save refers to, and the removal of a photo's
 * files. Processing them (sharp) is `./photo-pipeline.ts`, which only the photo-processing function
 * and the twin's bootstrap import: an API function never bundles sharp.
 */
import { randomUUID } from 'node:crypto';
import type { ImageUploadResponse, PhotoUploadStatus } from '../../shared/api.ts';
import { apiTexts, validationTexts } from '../../shared/messages.ts';
import { photoFiles, PHOTO_ID_PATTERN, type ProductPhoto } from '../../shared/photos.ts';
import type { PhotoInput } from '../../shared/schemas/index.ts';
import { MAX_IMAGE_BYTES, type ImageContentType } from '../../shared/uploads.ts';
import { PHOTO_KEYS } from '../contracts/data-model.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { deleteObjects, readObject } from '../repositories/storage.ts';
import { presignUpload } from './uploads.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_MANIFEST_BYTES = 64 * 1024;
export const JSON_TYPE = 'application/json';

export const incomingKey = (uploadId: string) => `${PHOTO_KEYS.incomingPrefix}${uploadId}`;
export const resultKey = (uploadId: string) => `${PHOTO_KEYS.resultsPrefix}${uploadId}.json`;
export const manifestKey = (photoId: string) => `${PHOTO_KEYS.manifestsPrefix}${photoId}.json`;

export type StoredPhoto = Omit<ProductPhoto, 'alt'>;
export type StoredResult = { readonly status: 'ready'; readonly photo: StoredPhoto } | { readonly status: 'failed'; readonly message: string };

/** A presigned POST for one photo, to the upload prefix the processing watches. */
export async function presignImageUpload(contentType: ImageContentType): Promise<ImageUploadResponse> {
  const uploadId = randomUUID();
  const upload = await presignUpload('images', incomingKey(uploadId), contentType, MAX_IMAGE_BYTES);
  return { upload: { ...upload, uploadId } };
}

async function readJson<T>(key: string): Promise<T | undefined> {
  const object = await readObject('images', key, MAX_MANIFEST_BYTES);
  return object?.body ? (JSON.parse(Buffer.from(object.body).toString('utf8')) as T) : undefined;
}

/** Where an upload is: still processing, ready (with the photo), or refused (with why). 404 for an unknown upload. */
export async function photoUploadStatus(uploadId: string | undefined): Promise<PhotoUploadStatus> {
  if (!uploadId || !UUID.test(uploadId)) throw new NotFound(apiTexts.photoUploadNotFound, 'upload_not_found');
  const result = await readJson<StoredResult>(resultKey(uploadId));
  if (result) return result;
  if (await readObject('images', incomingKey(uploadId), 0)) return { status: 'processing' };
  // Finished between the two reads: the processing writes the result, then deletes the upload.
  const finished = await readJson<StoredResult>(resultKey(uploadId));
  if (finished) return finished;
  throw new NotFound(apiTexts.photoUploadNotFound, 'upload_not_found');
}

/**
 * The photos of a product save, complete: kept photos from `previous`, new ones from what the
 * processing stored (an id it never stored is refused); an empty alt text becomes the product name.
 */
export async function resolvePhotos(input: readonly PhotoInput[], productName: string, previous: readonly ProductPhoto[] = []): Promise<ProductPhoto[]> {
  return Promise.all(
    input.map(async ({ id, alt }) => {
      const stored = previous.find((p) => p.id === id) ?? (PHOTO_ID_PATTERN.test(id) ? await readJson<StoredPhoto>(manifestKey(id)) : undefined);
      if (!stored) throw new InvalidInput(validationTexts.photos.invalid, { photos: validationTexts.photos.invalid });
      const { alt: _alt, ...derived } = stored as ProductPhoto;
      return { ...derived, alt: alt || productName };
    }),
  );
}

/** Deletes the files and description of photos no product uses any more. */
export async function removePhotoFiles(photos: readonly ProductPhoto[]): Promise<void> {
  if (!photos.length) return;
  await deleteObjects('images', photos.flatMap((photo) => [...photoFiles(photo).map((path) => path.slice(1)), manifestKey(photo.id)]));
}
