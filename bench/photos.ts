/**
 * Photo figures (docs/design.md §21), with phone-like photos: 4032×3024 JPEGs with sensor-like grain and
 * EXIF (orientation, GPS), ~3-4 MB each like the owner's.
 * - processing: `processPhoto` p50 over 5 runs on one photo, and upload → ready through the twin's
 *   real path (presigned POST, the S3 event, the processing function's module) for six photos;
 * - the six photos become the demo pieces' photos, then Chromium as a 390 px phone at DPR 3 counts the
 *   image bytes of `/shop`'s first view and of a product page.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { jewelleryImage } from '#infra/twin/seed/images.ts';
import { phoneJpeg } from '#infra/twin/seed/photos.ts';
import { listProducts, putProduct, withPhotos } from '#lambdas/repositories/products.ts';
import { processPhoto } from '#lambdas/services/photo-processing.ts';
import { photoUploadStatus } from '#lambdas/services/photo-status.ts';
import { presignImageUpload } from '#lambdas/services/product-photos.ts';
import type { ProductPhoto } from '#shared/photos.ts';
import { launchBrowser } from '#test/support/browser.ts';

export interface PhotoFigures {
  readonly sourceBytes: number;
  readonly processP50Ms: number;
  readonly processRunsMs: readonly number[];
  readonly uploadToReadyP50Ms: number;
  readonly shopFirstViewImageBytes: number;
  readonly productPageImageBytes: number;
}

/** The listing's first step of cards (`CARDS_PER_STEP`): more than a phone's first view shows. */
const LISTING_OPENING = 24;

const p50 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A phone-like photo: a demo drawing at 4032×3024 with sensor grain, as a JPEG at quality 92 with EXIF. */
async function phonePhoto(index: number): Promise<Buffer> {
  const piece = seedPieces[index % seedPieces.length]!;
  const base = await phoneJpeg(jewelleryImage(piece, index % 2 === 0 ? 1 : 2));
  const grain = await sharp({
    create: { width: 4032, height: 3024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 28 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(base)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 1 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 0/1' } })
    .toBuffer();
}

async function uploadThroughTwin(bytes: Buffer): Promise<{ photo: Omit<ProductPhoto, 'alt'>; ms: number }> {
  const { upload } = await presignImageUpload('image/jpeg');
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG.jpg');
  const started = Date.now();
  const posted = await fetch(upload.url, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`upload answered ${posted.status}`);
  for (;;) {
    const status = await photoUploadStatus(upload.uploadId);
    if (status.status === 'ready') return { photo: status.photo, ms: Date.now() - started };
    if (status.status === 'failed') throw new Error(status.message);
    await sleep(50);
  }
}

/** Image bytes (response bodies under `/images/`) a 390 px DPR 3 phone downloads for `path`, once the network is idle. */
async function imageBytes(url: string): Promise<number> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/images/'))
        sizes.push(
          response.body().then(
            (body) => body.length,
            () => 0,
          ),
        );
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'networkidle' });
    await sleep(1500);
    if (errors.length || sizes.length === 0) throw new Error(`${url}: no image loaded (${errors.join('; ')})`);
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}

export async function photoFigures(baseUrl: string, log: (text: string) => void): Promise<PhotoFigures> {
  log('photos: six 4032×3024 phone JPEGs');
  const sources = await Promise.all(Array.from({ length: 6 }, (_, i) => phonePhoto(i)));
  const processRunsMs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = Date.now();
    await processPhoto(sources[0]!);
    processRunsMs.push(Date.now() - started);
  }
  log('photos: uploading them through the twin');
  const uploaded: { photo: Omit<ProductPhoto, 'alt'>; ms: number }[] = [];
  for (const source of sources) uploaded.push(await uploadThroughTwin(source));
  const now = new Date();
  const photosOf = (i: number, name: string) => [uploaded[i % 6]!, uploaded[(i + 1) % 6]!].map(({ photo }) => ({ ...photo, alt: name }));
  for (const [i, { metal: _m, motif: _mo, backdrop: _b, ...piece }] of seedPieces.entries())
    await putProduct(withPhotos(piece, photosOf(i, piece.name)), now);
  // The pieces that open the listing (the bench's newest, not the demo's) get them too: /shop's first view shows those.
  const opening = (await listProducts()).slice(0, LISTING_OPENING);
  for (const [i, piece] of opening.entries()) await putProduct(withPhotos(piece, photosOf(i, piece.name)), now);
  // The pre-rendered /shop and product page follow the products stream: measure them once they show the photos.
  const firstPhoto = uploaded[0]!.photo.id;
  for (const path of ['/shop', `/product/${seedPieces[0]!.id}`]) {
    const until = Date.now() + 60_000;
    while (!(await (await fetch(`${baseUrl}${path}`)).text()).includes(firstPhoto)) {
      if (Date.now() > until) throw new Error(`${path} was not rendered again with its photos within 60 s`);
      await sleep(200);
    }
  }
  log('photos: image bytes of /shop and a product page at 390 px, DPR 3');
  return {
    sourceBytes: Math.round(sources.reduce((a, s) => a + s.length, 0) / sources.length),
    processP50Ms: p50(processRunsMs),
    processRunsMs,
    uploadToReadyP50Ms: p50(uploaded.map((u) => u.ms)),
    shopFirstViewImageBytes: await imageBytes(`${baseUrl}/shop`),
    productPageImageBytes: await imageBytes(`${baseUrl}/product/${seedPieces[0]!.id}`),
  };
}
