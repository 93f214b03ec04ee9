/**
 * The demo catalogue's photos, made like the owner's: each drawing of `images.ts` is rendered as a
 * JPEG with the EXIF a phone writes (orientation and a GPS position), then run through the shop's own
 * processing (`processPhoto`). The demo sources are 1440×1080, the largest width the shop serves: the
 * processed files have the same widths as from a 4032×3024 phone photo, at a third of the work (the
 * full phone size is what `bench/photos.ts` measures). The processed files are kept under
 * `.cache/seed-photos/`, keyed by the drawing, its size and the processing code, so only the first
 * start on a machine pays for the rendering and encoding (docs/local-twin.md).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LARGEST_SIZE } from '#shared/photos.ts';
import { processPhoto, type DerivedFile, type ProcessedPhoto } from '#lambdas/services/photo-processing.ts';
import { REPO_ROOT } from '../../common/repo-paths.ts';

/** A phone photo's size. */
export const PHONE_SIZE = { width: 4032, height: 3024 } as const;
/** The demo photos' source size: the largest width served (`LARGEST_SIZE`), 4:3 like a phone's. */
export const DEMO_SOURCE_SIZE = { width: LARGEST_SIZE.width, height: (LARGEST_SIZE.width * 3) / 4 } as const;
/** Bump when the processing changes, so cached seed photos are made again. */
const CACHE_VERSION = '4';
/** `TWIN_SEED_CACHE` moves it (the bench's first start measures an empty one). */
const CACHE_DIR = process.env.TWIN_SEED_CACHE ?? join(REPO_ROOT, '.cache', 'seed-photos');

/** A square 800×800 drawing as a 4:3 scene of `size`: the backdrop widened to the sides. */
function landscape(svg: string, size: { width: number; height: number }): string {
  return svg
    .replace(
      'viewBox="0 0 800 800" width="800" height="800"',
      `viewBox="-134 0 1068 800" width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid slice"`,
    )
    .replace('<rect width="800" height="800" fill="url(#bg)"/>', '<rect x="-140" width="1080" height="800" fill="url(#bg)"/>');
}

/** A JPEG of a drawing (a phone's 4032×3024 unless `size` says), with EXIF as a phone writes it (orientation, camera, GPS). */
export async function phoneJpeg(svg: string, size: { width: number; height: number } = PHONE_SIZE): Promise<Buffer> {
  return sharp(Buffer.from(landscape(svg, size)))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .withExif({
      IFD0: { Make: 'Demo', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '8/1 36/1 0/1' },
    })
    .toBuffer();
}

interface CachedManifest {
  readonly photo: ProcessedPhoto['photo'];
  readonly files: readonly Omit<DerivedFile, 'body'>[];
}

async function fromCache(dir: string): Promise<ProcessedPhoto | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as CachedManifest;
    const files = await Promise.all(manifest.files.map(async (file, i) => ({ ...file, body: await readFile(join(dir, String(i))) })));
    return { photo: manifest.photo, files };
  } catch {
    return undefined;
  }
}

async function toCache(dir: string, processed: ProcessedPhoto): Promise<void> {
  const temp = `${dir}.${process.pid}.tmp`;
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  await Promise.all(processed.files.map((file, i) => writeFile(join(temp, String(i)), file.body)));
  const manifest: CachedManifest = { photo: processed.photo, files: processed.files.map(({ key, contentType }) => ({ key, contentType })) };
  await writeFile(join(temp, 'manifest.json'), JSON.stringify(manifest));
  await rename(temp, dir).catch(() => rm(temp, { recursive: true, force: true }));
}

/** The processed photo of a drawing: from the cache, or rendered as a JPEG and processed (then cached). */
async function makeSeedPhoto(svg: string): Promise<ProcessedPhoto> {
  const size = `${DEMO_SOURCE_SIZE.width}x${DEMO_SOURCE_SIZE.height}`;
  const dir = join(CACHE_DIR, createHash('sha256').update(`${CACHE_VERSION}\n${size}\n${svg}`).digest('hex').slice(0, 32));
  const cached = await fromCache(dir);
  if (cached) return cached;
  const processed = await processPhoto(await phoneJpeg(svg, DEMO_SOURCE_SIZE));
  await mkdir(CACHE_DIR, { recursive: true });
  await toCache(dir, processed);
  return processed;
}

/** Each drawing's photo, made once per process: the early start (`prepareSeedPhotos`) and the seed share the work. */
const made = new Map<string, Promise<ProcessedPhoto>>();
export function seedPhoto(svg: string): Promise<ProcessedPhoto> {
  let photo = made.get(svg);
  if (!photo) {
    photo = makeSeedPhoto(svg);
    made.set(svg, photo);
    photo.catch(() => made.delete(svg));
  }
  return photo;
}

/**
 * Makes the photos of `svgs`, as many at a time as the machine has cores (each sharp pipeline uses
 * one), calling `onProgress` after each one.
 */
export async function prepareSeedPhotos(svgs: readonly string[], onProgress?: (done: number, total: number) => void): Promise<void> {
  const queue = [...svgs];
  let done = 0;
  const worker = async () => {
    for (let svg = queue.shift(); svg !== undefined; svg = queue.shift()) {
      await seedPhoto(svg);
      onProgress?.(++done, svgs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), svgs.length)) }, worker));
}
