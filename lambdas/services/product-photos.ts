/**
 * Product photos as the API functions see them: presigned uploads of phone photos (up to 20 MB), the
 * progress the admin form polls, the photos a product save refers to, and the removal of a photo's
 * files. Processing them (sharp) is `./photo-pipeline.ts`, which only the photo-processing function
 * and the twin's bootstrap import: an API function never bundles sharp.
 */
import { randomUUID } from 'node:crypto';
import type { ImageUploadResponse } from '#shared/api.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { photoFiles, PHOTO_ID_PATTERN, type ProductPhoto } from '#shared/photos.ts';
import type { PhotoInput } from '#shared/schemas/index.ts';
import { MAX_IMAGE_BYTES, type ImageContentType } from '#shared/uploads.ts';
import { PHOTO_KEYS } from '../contracts/data-model.ts';
import { incomingKey, MAX_MANIFEST_BYTES, type StoredPhoto } from './photo-status.ts';
import { InvalidInput } from '../errors.ts';
import { deleteObjects, readObject } from '../repositories/storage.ts';
import { presignUpload } from './uploads.ts';

export const manifestKey = (photoId: string) => `${PHOTO_KEYS.manifestsPrefix}${photoId}.json`;

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

/**
 * The photos of a product save, complete: kept photos from `previous`, new ones from what the
 * processing stored (an id it never stored is refused); an empty alt text becomes the product name.
 */
export async function resolvePhotos(
  input: readonly PhotoInput[],
  productName: string,
  previous: readonly ProductPhoto[] = [],
): Promise<ProductPhoto[]> {
  return Promise.all(
    input.map(async ({ id, alt }) => {
      const stored =
        previous.find((p) => p.id === id) ?? (PHOTO_ID_PATTERN.test(id) ? await readJson<StoredPhoto>(manifestKey(id)) : undefined);
      if (!stored) throw new InvalidInput(validationTexts.photos.invalid, { photos: validationTexts.photos.invalid });
      const { alt: _alt, ...derived } = stored as ProductPhoto;
      return { ...derived, alt: alt || productName };
    }),
  );
}

/** Deletes the files and description of photos no product uses any more. */
export async function removePhotoFiles(photos: readonly ProductPhoto[]): Promise<void> {
  if (!photos.length) return;
  await deleteObjects(
    'images',
    photos.flatMap((photo) => [...photoFiles(photo).map((path) => path.slice(1)), manifestKey(photo.id)]),
  );
}
