/**
 * Seeds the demo catalogue: collections, products and their pictures in the images bucket. It writes
 * through the same repository functions the API uses, so seeded data has the API's shape. Runs on the
 * twin's first start (empty catalogue) and from `npm run seed` (which replaces the demo pieces).
 */
import { insertCollection } from '#lambdas/repositories/collections.ts';
import { listProducts, putProduct, withPhotos } from '#lambdas/repositories/products.ts';
import { collectionSlug } from '#lambdas/services/collection-edits.ts';
import { migrateProductSlugs } from '#lambdas/services/product-slugs.ts';
import { storeProcessedPhoto } from '#lambdas/services/photo-pipeline.ts';
import { seedCollections, seedPieces, type SeedPiece } from './seed/catalogue.ts';
import { jewelleryImage } from './seed/images.ts';
import { prepareSeedPhotos, seedPhoto } from './seed/photos.ts';

const ALT_VIEWS = ['', 'vista de outro ângulo'] as const;
const VIEWS = [1, 2] as const;

const drawing = ({ type, metal, motif, backdrop }: SeedPiece, view: (typeof VIEWS)[number]) =>
  jewelleryImage({ type, metal, motif, backdrop }, view);

/**
 * Makes the demo catalogue's photos (28, two per piece) ahead of the seed, e.g. while the local
 * services start; `onProgress` after each. Cached ones take a moment (`seed/photos.ts`).
 */
export function prepareDemoPhotos(onProgress?: (done: number, total: number) => void): Promise<void> {
  return prepareSeedPhotos(
    seedPieces.flatMap((piece) => VIEWS.map((view) => drawing(piece, view))),
    onProgress,
  );
}

async function piecePhotos(piece: SeedPiece) {
  const { metal: _m, motif: _mo, backdrop: _b, ...product } = piece;
  return Promise.all(
    VIEWS.map(async (view) => {
      const processed = await seedPhoto(drawing(piece, view));
      await storeProcessedPhoto(processed);
      const suffix = ALT_VIEWS[view - 1];
      return { ...processed.photo, alt: suffix ? `${product.name}, ${suffix}` : product.name };
    }),
  );
}

/**
 * Writes the demo catalogue when the shop has no products (or always with `force`): collections,
 * then each piece with two photos processed like an upload (see `seed/photos.ts`).
 */
export async function seedCatalogue(options: { force?: boolean } = {}): Promise<number> {
  if (!options.force && (await listProducts()).length > 0) return 0;
  const start = Date.now() - seedPieces.length * 60_000;
  for (const name of seedCollections) await insertCollection({ id: collectionSlug(name), name }, new Date());
  // Two pieces at a time: the machine's cores, when the photos are not made yet (`prepareDemoPhotos`).
  for (let index = 0; index < seedPieces.length; index += 2) {
    await Promise.all(
      seedPieces.slice(index, index + 2).map(async (piece, offset) => {
        const { metal: _m, motif: _mo, backdrop: _b, ...product } = piece;
        const photos = await piecePhotos(piece);
        // The first piece gets the latest time, so the listing (newest first) follows the written order.
        const createdAt = new Date(start + (seedPieces.length - index - offset) * 60_000).toISOString();
        await putProduct(withPhotos(product, photos), new Date(), createdAt);
      }),
    );
  }
  // Each piece's address: its readable id, claimed as its slug (docs/readable-addresses.md).
  await migrateProductSlugs();
  return seedPieces.length;
}

/** Pieces stored before readable addresses get their slug (`migrateProductSlugs`): at every start of the twin. */
export const migrateSlugs = (): Promise<number> => migrateProductSlugs();
