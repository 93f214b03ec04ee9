/**
 * Seeds the demo catalogue: collections, products and their pictures in the images bucket. It writes
 * through the same repository functions the API uses, so seeded data has the API's shape. Runs on the
 * twin's first start (empty catalogue) and from `npm run seed` (which replaces the demo pieces).
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { IMAGES_PREFIX } from '../../lambdas/contracts/data-model.ts';
import { insertCollection } from '../../lambdas/repositories/collections.ts';
import { listProducts, putProduct } from '../../lambdas/repositories/products.ts';
import { collectionSlug } from '../../lambdas/services/catalog.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../lambdas/services/uploads.ts';
import { seedCollections, seedPieces } from './seed/catalogue.ts';
import { jewelleryImage } from './seed/images.ts';

export async function seedCatalogue(s3: S3Client, imagesBucket: string, options: { force?: boolean } = {}): Promise<number> {
  if (!options.force && (await listProducts()).length > 0) return 0;
  const start = Date.now() - seedPieces.length * 60_000;
  for (const name of seedCollections) await insertCollection({ id: collectionSlug(name), name }, new Date());
  for (const [index, { metal, motif, backdrop, ...product }] of seedPieces.entries()) {
    const images: string[] = [];
    for (const view of [1, 2] as const) {
      const key = `${IMAGES_PREFIX}seed/${product.id}-${view}.svg`;
      await s3.send(
        new PutObjectCommand({
          Bucket: imagesBucket,
          Key: key,
          Body: jewelleryImage({ type: product.type, metal, motif, backdrop }, view),
          ContentType: 'image/svg+xml',
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      images.push(`/${key}`);
    }
    // The first piece gets the latest time, so the listing (newest first) follows the written order.
    const createdAt = new Date(start + (seedPieces.length - index) * 60_000).toISOString();
    await putProduct({ ...product, mainImage: images[0]!, secondaryImage: images[1]! }, new Date(), createdAt);
  }
  return seedPieces.length;
}
