/**
 * Product photos: presigned uploads of phone photos (up to 20 MB), their processing when an upload
 * lands (`processUploadedPhoto`, run by the photo-processing function on the S3 event, and by the twin
 * on the same event), the progress the admin form polls, the photos a product save refers to, and the
 * removal of a photo's files.
 */
import { randomUUID } from 'node:crypto';
import type { ImageUploadResponse, PhotoUploadStatus } from '../../shared/api.ts';
import { messages } from '../../shared/messages.ts';
import { photoFiles, PHOTO_ID_PATTERN, type ProductPhoto } from '../../shared/photos.ts';
import type { PhotoInput } from '../../shared/schemas/index.ts';
import { MAX_IMAGE_BYTES, type ImageContentType } from '../../shared/uploads.ts';
import { PHOTO_KEYS } from '../contracts/data-model.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { logger } from '../logger.ts';
import { productsWithoutPhotos, setLegacyProductPhotos } from '../repositories/products.ts';
import { deleteObjects, readObject, writeObject } from '../repositories/storage.ts';
import { processPhoto, type ProcessedPhoto } from './photo-processing.ts';
import { IMMUTABLE_CACHE_CONTROL, presignUpload } from './uploads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_MANIFEST_BYTES = 64 * 1024;
const JSON_TYPE = 'application/json';

const incomingKey = (uploadId: string) => `${PHOTO_KEYS.incomingPrefix}${uploadId}`;
const resultKey = (uploadId: string) => `${PHOTO_KEYS.resultsPrefix}${uploadId}.json`;
const manifestKey = (photoId: string) => `${PHOTO_KEYS.manifestsPrefix}${photoId}.json`;

type StoredPhoto = Omit<ProductPhoto, 'alt'>;
type StoredResult = { readonly status: 'ready'; readonly photo: StoredPhoto } | { readonly status: 'failed'; readonly message: string };

/** A presigned POST for one photo, to the upload prefix the processing watches. */
export async function presignImageUpload(contentType: ImageContentType): Promise<ImageUploadResponse> {
  const uploadId = randomUUID();
  const upload = await presignUpload('images', incomingKey(uploadId), contentType, MAX_IMAGE_BYTES);
  return { upload: { ...upload, uploadId } };
}

/** Stores a processed photo: its files (immutable), then its description (which makes it usable). */
export async function storeProcessedPhoto({ photo, files }: ProcessedPhoto): Promise<void> {
  await Promise.all(files.map((file) => writeObject('images', file.key, file.body, { contentType: file.contentType, cacheControl: IMMUTABLE_CACHE_CONTROL })));
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
    if (!object.body) throw new InvalidInput(messages.api.photoTooLarge);
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

async function readJson<T>(key: string): Promise<T | undefined> {
  const object = await readObject('images', key, MAX_MANIFEST_BYTES);
  return object?.body ? (JSON.parse(Buffer.from(object.body).toString('utf8')) as T) : undefined;
}

/** Where an upload is: still processing, ready (with the photo), or refused (with why). 404 for an unknown upload. */
export async function photoUploadStatus(uploadId: string | undefined): Promise<PhotoUploadStatus> {
  if (!uploadId || !UUID.test(uploadId)) throw new NotFound(messages.api.photoUploadNotFound, 'upload_not_found');
  const result = await readJson<StoredResult>(resultKey(uploadId));
  if (result) return result;
  if (await readObject('images', incomingKey(uploadId), 0)) return { status: 'processing' };
  throw new NotFound(messages.api.photoUploadNotFound, 'upload_not_found');
}

/**
 * The photos of a product save, complete: kept photos from `previous`, new ones from what the
 * processing stored (an id it never stored is refused); an empty alt text becomes the product name.
 */
export async function resolvePhotos(input: readonly PhotoInput[], productName: string, previous: readonly ProductPhoto[] = []): Promise<ProductPhoto[]> {
  return Promise.all(
    input.map(async ({ id, alt }) => {
      const stored = previous.find((p) => p.id === id) ?? (PHOTO_ID_PATTERN.test(id) ? await readJson<StoredPhoto>(manifestKey(id)) : undefined);
      if (!stored) throw new InvalidInput(messages.validation.photos.invalid, { photos: messages.validation.photos.invalid });
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

/**
 * The one-off migration of products stored before photos existed (run by the twin's bootstrap at
 * every start; it finds nothing to do once done): each old image (`/images/...`, SVG or raster) is
 * processed like an upload and becomes a photo with the product name as alt text. An image that is
 * missing or unreadable is left out. Answers how many products were migrated.
 */
export async function migrateLegacyPhotos(): Promise<number> {
  let migrated = 0;
  for (const product of await productsWithoutPhotos()) {
    const photos: ProductPhoto[] = [];
    for (const path of product.images) {
      const object = path.startsWith('/images/') ? await readObject('images', path.slice(1), MAX_IMAGE_BYTES) : undefined;
      if (!object?.body) continue;
      try {
        const processed = await processPhoto(object.body, { allowAnyFormat: true });
        await storeProcessedPhoto(processed);
        if (!photos.some((p) => p.id === processed.photo.id)) photos.push({ ...processed.photo, alt: product.name });
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        logger.warn('old product image left out', { productId: product.id, path });
      }
    }
    if (await setLegacyProductPhotos(product.id, photos)) migrated++;
  }
  return migrated;
}
