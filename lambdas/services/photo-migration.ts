/**
 * The one-off migration of products stored before photos existed, run by the twin's bootstrap (and
 * runnable once in the cloud): apart from `./photo-pipeline.ts` so that the photo function carries no
 * DynamoDB code it has no grant for.
 */
import type { ProductPhoto } from '#shared/photos.ts';
import { MAX_IMAGE_BYTES } from '#shared/uploads.ts';
import { InvalidInput } from '../errors.ts';
import { logger } from '../logger.ts';
import { productsWithoutPhotos, setLegacyProductPhotos } from '../repositories/legacy-products.ts';
import { readObject } from '../repositories/storage.ts';
import { processPhoto } from './photo-processing.ts';
import { storeProcessedPhoto } from './photo-pipeline.ts';

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
