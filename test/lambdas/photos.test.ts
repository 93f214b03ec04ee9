/**
 * Product photos end to end through the twin (docs/design.md §21): presigned upload, the S3 event that
 * runs the photo-processing function's module, the files the shop then serves, and the product saves
 * that use and drop photos.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadTexts, validationTexts } from '#shared/messages/index.ts';
import { heightAt, photoFile, photoFiles, photoShareFile, PHOTO_WIDTHS, SHARE_SIZE, type ProductPhoto } from '#shared/photos.ts';
import { MAX_IMAGE_BYTES } from '#shared/uploads.ts';
import { jewelleryImage } from '#infra/twin/seed/images.ts';
import { getProduct, putProduct } from '#lambdas/repositories/products.ts';
import { writeObject } from '#lambdas/repositories/storage.ts';
import { photoId } from '#lambdas/services/photo-processing.ts';
import { photoGaveUp } from '#lambdas/services/photo-status.ts';
import { migrateLegacyPhotos } from '#lambdas/services/photo-migration.ts';
import type { Product } from '#shared/product.ts';
import { alike, EDGE_COLOURS, edgeColours, landscapeJpeg } from '../support/landscape-photo.ts';
import { imagesObjectExists, phonePhoto, uploadPhoto } from '../support/photos.ts';
import { adminToken, call, twin } from '../support/twin.ts';

let token: string;
const admin = (method: string, path: string, body?: unknown) => call(method, path, { token, body });

beforeAll(async () => {
  token = await adminToken();
});

/** Nothing of a photo with these bytes exists: no derivative, no description, no raw upload. */
async function nothingStoredFor(bytes: Uint8Array, uploadId: string): Promise<void> {
  const id = photoId(bytes);
  const keys = [
    ...PHOTO_WIDTHS.flatMap((w) => [photoFile(id, w, 'avif'), photoFile(id, w, 'webp'), photoFile(id, w, 'jpg')]).map((p) => p.slice(1)),
    `photos/${id}.json`,
    `uploads/incoming/${uploadId}`,
  ];
  for (const key of keys) expect(await imagesObjectExists(key), key).toBe(false);
}

describe('photo processing', () => {
  it('a 20 MB phone JPEG with GPS and orientation 6 becomes upright AVIF and WebP at every width, with no metadata', async () => {
    const bytes = await phonePhoto({ bytes: MAX_IMAGE_BYTES });
    expect(bytes.length).toBe(20 * 1024 * 1024);
    const source = await sharp(bytes).metadata();
    expect(source.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the camera's EXIF.
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { uploadId, result } = await uploadPhoto(token, bytes);
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    const { photo } = result;
    // 4032×3024 shown upright is 3024×4032; the largest derivative is 1440 wide.
    expect(photo).toMatchObject({ id: photoId(bytes), width: 1440, height: 1920, widths: [...PHOTO_WIDTHS], fallbackWidth: 960 });
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(400);

    for (const width of PHOTO_WIDTHS) {
      for (const [format, type, sharpFormat] of [
        ['avif', 'image/avif', 'heif'],
        ['webp', 'image/webp', 'webp'],
      ] as const) {
        const response = await fetch(`${twin().url}${photoFile(photo.id, width, format)}`);
        expect(response.status, `${width} ${format}`).toBe(200);
        expect(response.headers.get('content-type')).toBe(type);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(meta.format).toBe(sharpFormat);
        expect([meta.width, meta.height]).toEqual([width, Math.round((width * 4) / 3)]);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }
    const fallback = await call('GET', photoFile(photo.id, 960, 'jpg'));
    expect(fallback.status).toBe(200);
    const jpeg = await sharp(Buffer.from(await (await fetch(`${twin().url}${photoFile(photo.id, 960, 'jpg')}`)).arrayBuffer())).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height, jpeg.exif, jpeg.orientation]).toEqual(['jpeg', 960, 1280, undefined, undefined]);
    // The raw upload (with its GPS position) is gone, and it was never public.
    expect(await imagesObjectExists(`uploads/incoming/${uploadId}`)).toBe(false);
  }, 120_000);

  it('a 3000×2000 landscape JPEG: every rendition is 3:2 and the whole photo (all four edges), the link preview too', async () => {
    const { result } = await uploadPhoto(token, await landscapeJpeg(`Anel Onda - frente ${randomUUID().slice(0, 4)}`));
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    const { photo } = result;
    expect(photo).toMatchObject({ width: 1440, height: 960, widths: [...PHOTO_WIDTHS], fallbackWidth: 960 });
    const read = async (path: string) => Buffer.from(await (await fetch(`${twin().url}${path}`)).arrayBuffer());
    const renditions = [
      ...PHOTO_WIDTHS.flatMap((w) => [photoFile(photo.id, w, 'avif'), photoFile(photo.id, w, 'webp')]),
      photoFile(photo.id, 960, 'jpg'),
    ];
    for (const path of renditions) {
      const seen = await edgeColours(await read(path));
      const { width, height } = seen.info;
      // 3:2 to the pixel (heights rounded like the resize), and nothing cut: each side's band is there.
      expect([width, height], path).toEqual([width, heightAt(photo, width)]);
      expect(Math.abs(width / height - 1.5), path).toBeLessThan(0.01);
      for (const side of ['left', 'right', 'top', 'bottom'] as const)
        expect(alike(seen[side], EDGE_COLOURS[side]), `${path} ${side}: ${seen[side].join(',')}`).toBe(true);
    }
    const placeholder = await sharp(Buffer.from(photo.placeholder.split(',')[1]!, 'base64')).metadata();
    expect([placeholder.width, placeholder.height]).toEqual([16, 11]);

    // The link preview (1200×630) shows the photo whole, 945×630 in the middle of a plain background.
    const share = await read(photoShareFile(photo.id));
    expect(await sharp(share).metadata()).toMatchObject({ width: SHARE_SIZE.width, height: SHARE_SIZE.height });
    const shown = { left: (SHARE_SIZE.width - 945) / 2, top: 0, width: 945, height: SHARE_SIZE.height };
    const inside = await edgeColours(share, shown);
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(alike(inside[side], EDGE_COLOURS[side]), `share ${side}: ${inside[side].join(',')}`).toBe(true);
    const margin = await edgeColours(share, { left: 0, top: 0, width: shown.left - 4, height: SHARE_SIZE.height });
    expect(alike(margin.at(0.5, 0.5), [250, 247, 242])).toBe(true);
  }, 120_000);

  it('refuses a 21 MB file and a renamed text file with Portuguese messages, and stores nothing', async () => {
    const tooLarge = await phonePhoto({ bytes: 21 * 1024 * 1024, hue: 200 });
    const presign = await admin('POST', '/api/admin/uploads/image', { contentType: 'image/jpeg', size: tooLarge.length });
    expect(presign.status).toBe(400);
    expect(presign.body.error.fields.size).toBe(validationTexts.imageSize.invalid);
    // Declared small but sent large (the local S3 server enforces no POST policy): the processing refuses it.
    const sneaked = await uploadPhoto(token, tooLarge, { size: 1000 });
    expect(sneaked.result).toEqual({ status: 'failed', message: uploadTexts.photoTooLarge });
    await nothingStoredFor(tooLarge, sneaked.uploadId);

    const text = Buffer.from(`Isto é uma lista de compras, não uma foto. ${randomUUID()}\n`.repeat(50));
    const renamed = await uploadPhoto(token, text, { contentType: 'image/jpeg' });
    expect(renamed.result).toEqual({ status: 'failed', message: uploadTexts.photoWrongType });
    await nothingStoredFor(text, renamed.uploadId);
  }, 120_000);

  it('refuses from the header alone a photo too long on a side or too thin, at once, and the next photo is processed', async () => {
    const thin = pngHeader(10, 9_999_999);
    const huge = pngHeader(30_000, 30_000);
    const ribbon = await sharp({ create: { width: 1800, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const started = Date.now();
    for (const bytes of [ribbon, thin, huge]) {
      const sent = await uploadPhoto(token, bytes, { contentType: 'image/png' });
      expect(sent.result).toEqual({ status: 'failed', message: uploadTexts.photoShape });
      await nothingStoredFor(bytes, sent.uploadId);
    }
    // A real photo right after them is not held up behind them.
    const after = await uploadPhoto(token, await phonePhoto({ hue: 40 }));
    expect(after.result.status).toBe('ready');
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('an upload still without a result after S3 stops retrying it is failed, with why', () => {
    const uploaded = new Date('2026-11-26T10:00:00Z');
    expect(photoGaveUp(uploaded, new Date('2026-11-26T10:10:00Z'))).toBe(false);
    expect(photoGaveUp(uploaded, new Date('2026-11-26T10:18:00Z'))).toBe(true);
  });

  it('answers how to send an iPhone HEIC photo instead', async () => {
    const presign = await admin('POST', '/api/admin/uploads/image', { contentType: 'image/heic', size: 1000 });
    expect(presign.status).toBe(400);
    expect(presign.body.error.fields.contentType).toMatch(/HEIC.*JPEG/);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftypheic${randomUUID()}`, 'latin1'), Buffer.alloc(500)]);
    const sent = await uploadPhoto(token, heic, { contentType: 'image/jpeg' });
    expect(sent.result).toEqual({ status: 'failed', message: uploadTexts.photoHeic });
    expect(uploadTexts.photoHeic).toMatch(/JPEG/);
  });

  it('an unknown upload is 404', async () => {
    expect((await admin('GET', `/api/admin/uploads/image/${randomUUID()}`)).status).toBe(404);
    expect((await admin('GET', '/api/admin/uploads/image/..%2Fsegredo')).status).toBe(404);
  });
});

describe('products with photos', () => {
  it('saves up to 8 ordered photos with alt text (the name by default) and removes the files of a dropped photo', async () => {
    const uploaded: Omit<ProductPhoto, 'alt'>[] = [];
    for (const hue of [10, 120]) {
      const { result } = await uploadPhoto(token, await phonePhoto({ hue: hue + Math.floor(Math.random() * 40) }));
      if (result.status !== 'ready') throw new Error(JSON.stringify(result));
      uploaded.push(result.photo);
    }
    const [first, second] = uploaded as [Omit<ProductPhoto, 'alt'>, Omit<ProductPhoto, 'alt'>];
    const code = `FOTO-${randomUUID().slice(0, 6)}`;
    const base = { name: 'Anel Fotografado', code, type: 'anel', collection: '', priceCents: 1500, discountPercent: 0 };
    const made = await admin('POST', '/api/admin/products', {
      ...base,
      stock: 2,
      photos: [
        { id: second.id, alt: '' },
        { id: first.id, alt: 'O anel na mão' },
      ],
    });
    expect(made.status).toBe(201);
    const product = made.body.product;
    expect(product.photos.map((p: ProductPhoto) => [p.id, p.alt])).toEqual([
      [second.id, 'Anel Fotografado'],
      [first.id, 'O anel na mão'],
    ]);
    expect(product.photos[0]).toMatchObject({
      width: second.width,
      height: second.height,
      widths: second.widths,
      placeholder: second.placeholder,
    });
    expect(product.mainImage).toBe(photoFile(second.id, 960, 'jpg'));
    expect(product.secondaryImage).toBe(photoFile(first.id, 960, 'jpg'));
    const shop = await call('GET', `/api/products/${product.id}`);
    expect(shop.body.product.photos).toEqual(product.photos);

    // Reordered, one dropped: its files go.
    const saved = await admin('PUT', `/api/admin/products/${product.id}`, {
      ...base,
      version: product.version,
      photos: [{ id: first.id, alt: 'O anel na mão' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product.photos.map((p: ProductPhoto) => p.id)).toEqual([first.id]);
    expect(saved.body.product.secondaryImage).toBe('');
    for (const path of photoFiles(second)) expect((await call('GET', path)).status, path).toBe(404);
    for (const path of photoFiles(first)) expect((await call('GET', path)).status, path).toBe(200);
  }, 120_000);

  it('refuses a photo that was never processed, nine photos and a photo twice', async () => {
    const base = {
      name: 'X',
      code: `X-${randomUUID().slice(0, 6)}`,
      type: 'anel',
      collection: '',
      priceCents: 1000,
      discountPercent: 0,
      stock: 1,
    };
    const unknown = await admin('POST', '/api/admin/products', { ...base, photos: [{ id: 'a'.repeat(24), alt: '' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.photos).toBe(validationTexts.photos.invalid);
    const nine = await admin('POST', '/api/admin/products', {
      ...base,
      photos: Array.from({ length: 9 }, (_, i) => ({ id: String(i).repeat(24), alt: '' })),
    });
    expect(nine.body.error.fields.photos).toBe(validationTexts.photos.tooMany);
    const twice = await admin('POST', '/api/admin/products', { ...base, photos: [{ id: 'b'.repeat(24) }, { id: 'b'.repeat(24) }] });
    expect(twice.body.error.fields.photos).toBe(validationTexts.photos.duplicate);
  });
});

describe('products stored before photos existed', () => {
  it('the one-off migration processes their old images into photos (a missing one is left out), once', async () => {
    const id = `antigo-${randomUUID().slice(0, 8)}`;
    const svg = jewelleryImage({ type: 'anel', metal: 'gold', motif: 'star', backdrop: 2 }, 1).replace('</svg>', `<!-- ${id} --></svg>`);
    await writeObject('images', `images/legacy/${id}.svg`, svg, { contentType: 'image/svg+xml' });
    const legacy = {
      id,
      code: `L-${id}`,
      sku: '',
      name: 'Anel Antigo',
      description: '',
      type: 'anel',
      collection: '',
      priceCents: 1000,
      discountPercent: 0,
      stock: 1,
      mainImage: `/images/legacy/${id}.svg`,
      secondaryImage: `/images/legacy/${id}-nao-existe.svg`,
    };
    await putProduct(legacy as unknown as Product, new Date());
    expect((await getProduct(id))!.photos).toEqual([]);
    expect((await getProduct(id))!.mainImage).toBe(`/images/legacy/${id}.svg`);

    expect(await migrateLegacyPhotos()).toBeGreaterThanOrEqual(1);
    const migrated = (await getProduct(id))!;
    expect(migrated.photos).toHaveLength(1);
    expect(migrated.photos[0]).toMatchObject({ alt: 'Anel Antigo', width: 800, height: 800, widths: [320, 640, 800] });
    expect(migrated.mainImage).toBe(photoFile(migrated.photos[0]!.id, 800, 'jpg'));
    expect(migrated.secondaryImage).toBe('');
    for (const path of photoFiles(migrated.photos[0]!)) expect((await call('GET', path)).status, path).toBe(200);
    const again = await migrateLegacyPhotos();
    expect((await getProduct(id))!.photos).toEqual(migrated.photos);
    expect(again).toBeGreaterThanOrEqual(0);
  }, 60_000);
});

/** A PNG of only a header (signature, IHDR, IEND) claiming `width`×`height`: what a decoder reads first. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const idat = zlib.deflateSync(Buffer.alloc(64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.from(randomUUID()),
  ]);
}
