/**
 * The demo catalogue's photos, made like the owner's: each drawing of `images.ts` is rendered as a
 * 4032×3024 JPEG (a phone camera's size, with the EXIF a phone writes: orientation and a GPS
 * position), then run through the shop's own processing (`processPhoto`). The processed files are
 * kept under `.cache/seed-photos/`, keyed by the drawing and the processing code, so only the first
 * start on a machine pays for the rendering and encoding.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { processPhoto, type DerivedFile, type ProcessedPhoto } from '#lambdas/services/photo-processing.ts';
import { REPO_ROOT } from '../../common/repo-paths.ts';

/** A phone photo's size. */
export const SOURCE_WIDTH = 4032;
export const SOURCE_HEIGHT = 3024;
/** Bump when the processing changes, so cached seed photos are made again. */
const CACHE_VERSION = '3';
const CACHE_DIR = join(REPO_ROOT, '.cache', 'seed-photos');

/** A square 800×800 drawing as a 4:3 scene: the backdrop widened to the sides. */
function landscape(svg: string): string {
  return svg
    .replace('viewBox="0 0 800 800" width="800" height="800"', `viewBox="-134 0 1068 800" width="${SOURCE_WIDTH}" height="${SOURCE_HEIGHT}" preserveAspectRatio="xMidYMid slice"`)
    .replace('<rect width="800" height="800" fill="url(#bg)"/>', '<rect x="-140" width="1080" height="800" fill="url(#bg)"/>');
}

/** A 4032×3024 JPEG of a drawing, with EXIF as a phone writes it (orientation, camera, GPS). */
export async function phoneJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(landscape(svg)))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .withExif({ IFD0: { Make: 'Demo', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '8/1 36/1 0/1' } })
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

/** The processed photo of a drawing: from the cache, or rendered as a phone JPEG and processed (then cached). */
export async function seedPhoto(svg: string): Promise<ProcessedPhoto> {
  const dir = join(CACHE_DIR, createHash('sha256').update(`${CACHE_VERSION}\n${svg}`).digest('hex').slice(0, 32));
  const cached = await fromCache(dir);
  if (cached) return cached;
  const processed = await processPhoto(await phoneJpeg(svg));
  await mkdir(CACHE_DIR, { recursive: true });
  await toCache(dir, processed);
  return processed;
}

/** How many seed photos are cached (for the start-up message). */
export async function cachedSeedPhotos(): Promise<number> {
  return (await readdir(CACHE_DIR).catch(() => [])).length;
}
