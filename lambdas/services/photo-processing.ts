/**
 * The one place that turns an uploaded photo into what the shop serves (docs/design.md §21), with sharp:
 * the photo is decoded once, auto-rotated from its EXIF orientation, converted to sRGB and scaled to
 * fit inside the largest size served; every derivative (AVIF and WebP at each width, one JPEG
 * fallback, a tiny blurred placeholder) is encoded from that. Every one is the whole photo at its own
 * aspect ratio: nothing is cropped (jewellery is shown whole) and nothing is enlarged; the link
 * preview, whose size is fixed, shows the whole photo on a plain background. sharp writes no metadata
 * unless asked to, so no EXIF, GPS position, XMP or ICC profile reaches the served files.
 *
 * The same module runs in the photo-processing Lambda (arm64) and in the local twin.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { uploadTexts } from '#shared/messages/index.ts';
import { fallbackWidthOf, LARGEST_SIZE, photoFile, photoShareFile, photoWidths, SHARE_SIZE, type ProductPhoto } from '#shared/photos.ts';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, sniffContentType } from '#shared/uploads.ts';
import { InvalidInput } from '../errors.ts';

/** Decoding limit: 100 megapixels (a 4032×3024 phone photo is 12). Larger images are refused, not decoded. */
const MAX_INPUT_PIXELS = 100_000_000;
/** The longest side a photo may have, and how much longer than wide (or wide than long) it may be. */
export const MAX_PHOTO_SIDE = 12_000;
export const MAX_PHOTO_RATIO = 8;
/** Encoder settings: chosen for small files at the sizes of the shop's cards and gallery. */
const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 72, effort: 3 } as const;
const JPEG = { quality: 78, mozjpeg: true } as const;
const PLACEHOLDER_WIDTH = 16;
/** The link preview's plain background around the photo (the shop's paper colour). */
const SHARE_BACKGROUND = { r: 250, g: 247, b: 242 } as const;

/** A resize to `width` (and at most `height`) that keeps the whole photo at its aspect ratio: no crop, no enlargement. */
function whole(width: number, height?: number): sharp.ResizeOptions {
  return { width, height, fit: 'inside', withoutEnlargement: true };
}

/** A file to store: its key in the images bucket (without the leading `/`), bytes and type. */
export interface DerivedFile {
  readonly key: string;
  readonly body: Buffer;
  readonly contentType: string;
}

export interface ProcessedPhoto {
  /** The photo without alt text (the product form gives it). */
  readonly photo: Omit<ProductPhoto, 'alt'>;
  readonly files: readonly DerivedFile[];
}

function refuse(message: string): never {
  throw new InvalidInput(message, { photo: message });
}

/** The content id of a photo: the first 24 hex digits of its bytes' SHA-256. */
export function photoId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

/**
 * Refuses, from the file's header alone (nothing is decoded), a photo with a side over
 * {@link MAX_PHOTO_SIDE} or more than {@link MAX_PHOTO_RATIO} times longer than wide: a 10×9 999 999 PNG
 * of 107 KB passes the pixel limit but would hold the photo function (and the twin's queue) for minutes.
 */
async function refuseOddShapes(bytes: Uint8Array): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    refuse(uploadTexts.photoUnreadable);
  }
  if (!width || !height) refuse(uploadTexts.photoUnreadable);
  if (Math.max(width, height) > MAX_PHOTO_SIDE || Math.max(width, height) > MAX_PHOTO_RATIO * Math.min(width, height))
    refuse(uploadTexts.photoShape);
}

/**
 * Checks and processes one uploaded photo. Refuses (InvalidInput, Portuguese message) a file over
 * 20 MB, a file that is not a JPEG, PNG or WebP by its bytes (whatever its name), a HEIC photo (with
 * how to send it instead), a photo of an odd shape (see `refuseOddShapes`) and a file that does not decode.
 *
 * @param options.allowAnyFormat also take what sharp can read beyond the upload formats (SVG, for
 * the one-off migration of the old demo pictures)
 */
export async function processPhoto(bytes: Uint8Array, options: { allowAnyFormat?: boolean } = {}): Promise<ProcessedPhoto> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) refuse(uploadTexts.photoTooLarge);
  const type = sniffContentType(bytes.subarray(0, 32));
  if (type === 'image/heic') refuse(uploadTexts.photoHeic);
  if (!IMAGE_CONTENT_TYPES.some((t) => t === type) && !options.allowAnyFormat) refuse(uploadTexts.photoWrongType);

  await refuseOddShapes(bytes);
  let base: { data: Buffer; info: sharp.OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(whole(LARGEST_SIZE.width, LARGEST_SIZE.height))
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    refuse(uploadTexts.photoUnreadable);
  }
  const { width, height, channels } = base.info;
  const raw = () => sharp(base.data, { raw: { width, height, channels } });
  const id = photoId(bytes);
  const widths = photoWidths(width);
  const fallbackWidth = fallbackWidthOf(width);
  const key = (w: number, format: 'avif' | 'webp' | 'jpg') => photoFile(id, w, format).slice(1);

  const jobs: Promise<DerivedFile>[] = [];
  for (const w of widths) {
    jobs.push(
      raw()
        .resize(whole(w))
        .avif(AVIF)
        .toBuffer()
        .then((body) => ({ key: key(w, 'avif'), body, contentType: 'image/avif' })),
    );
    jobs.push(
      raw()
        .resize(whole(w))
        .webp(WEBP)
        .toBuffer()
        .then((body) => ({ key: key(w, 'webp'), body, contentType: 'image/webp' })),
    );
  }
  jobs.push(
    raw()
      .resize(whole(fallbackWidth))
      .jpeg(JPEG)
      .toBuffer()
      .then((body) => ({ key: key(fallbackWidth, 'jpg'), body, contentType: 'image/jpeg' })),
  );
  // The link preview (WhatsApp, Facebook): 1200×630, the whole photo centred on a plain background.
  jobs.push(
    raw()
      .resize({ ...SHARE_SIZE, fit: 'contain', background: SHARE_BACKGROUND })
      .jpeg(JPEG)
      .toBuffer()
      .then((body) => ({ key: photoShareFile(id).slice(1), body, contentType: 'image/jpeg' })),
  );
  const [files, tiny] = await Promise.all([
    Promise.all(jobs),
    raw().resize(whole(PLACEHOLDER_WIDTH)).blur(1).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    photo: { id, width, height, widths, fallbackWidth, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, share: true },
    files,
  };
}
