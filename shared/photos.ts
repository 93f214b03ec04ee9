/**
 * Product photos as stored and served (docs/design.md §21): every uploaded photo is processed into AVIF and
 * WebP at a few widths (never wider than the photo itself) plus one JPEG fallback, each the whole photo
 * at its own aspect ratio (never cropped), with its intrinsic size and a tiny blurred placeholder. File
 * names carry the photo's content hash, so they never change meaning and are cached for a year.
 */

/** The widths the processing makes, in CSS-independent pixels; a smaller photo stops at its own width. */
export const PHOTO_WIDTHS = [320, 640, 960, 1440] as const;
/**
 * The largest rendition fits inside this box: the whole photo, never cropped, never enlarged (a
 * landscape or square photo is 1440 wide; a portrait one at most 2:3 tall at that width).
 */
export const LARGEST_SIZE = { width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!, height: 2160 } as const;
/** The width of the one JPEG fallback (or the photo's own width, when smaller). */
export const FALLBACK_WIDTH = 960;
/** At most this many photos per product; the first is the main image, the second the hover image on cards. */
export const MAX_PHOTOS = 8;
/** The link-preview picture of a photo (Open Graph, Twitter): the whole photo on a plain background of this size, as JPEG. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** Where derivative files live under `/images/` (the images bucket's `images/` prefix). */
export const PHOTO_PATH_PREFIX = '/images/p/';
/** A photo id: the first 24 hex digits of the SHA-256 of the uploaded bytes. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{24}$/;

export type PhotoFormat = 'avif' | 'webp' | 'jpg';

/** One photo of a product, as the API returns it. */
export interface ProductPhoto {
  readonly id: string;
  /** Describes the photo for people who cannot see it (Portuguese); defaults to the product name. */
  readonly alt: string;
  /**
   * Size of the largest derivative (after auto-rotation), for `width`/`height` attributes: every
   * derivative has this aspect ratio. Photos processed as squares say so (equal); read through `photoBox`.
   */
  readonly width: number;
  readonly height: number;
  /** The widths that exist in AVIF and WebP, ascending. */
  readonly widths: readonly number[];
  /** Width of the JPEG fallback. */
  readonly fallbackWidth: number;
  /** A tiny blurred WebP as a `data:` URI, shown while the photo loads. */
  readonly placeholder: string;
  /** Its link-preview picture exists (`photoShareFile`; photos processed before it existed have none). */
  readonly share?: boolean;
}

/** The widths of a photo `width` pixels wide: the standard ones below it, and its own when it is smaller than the largest. */
export function photoWidths(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((w) => w < width);
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  return width >= largest ? [...below, largest] : [...below, width];
}

/** The fallback width of a photo `width` pixels wide. */
export function fallbackWidthOf(width: number): number {
  return Math.min(FALLBACK_WIDTH, width);
}

/**
 * The path of one derivative file.
 *
 * @example photoFile('0123456789abcdef01234567', 640, 'avif') // '/images/p/0123456789abcdef01234567-640.avif'
 */
export function photoFile(id: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_PATH_PREFIX}${id}-${width}.${format}`;
}

/**
 * The path of a photo's link-preview picture (`SHARE_SIZE`, JPEG).
 *
 * @example photoShareFile('0123456789abcdef01234567') // '/images/p/0123456789abcdef01234567-share.jpg'
 */
export function photoShareFile(id: string): string {
  return `${PHOTO_PATH_PREFIX}${id}-share.jpg`;
}

/** Every file of a photo (AVIF and WebP at each width, the JPEG fallback, and its link-preview picture). */
export function photoFiles(photo: Pick<ProductPhoto, 'id' | 'widths' | 'fallbackWidth' | 'share'>): string[] {
  return [
    ...photo.widths.flatMap((w) => [photoFile(photo.id, w, 'avif'), photoFile(photo.id, w, 'webp')]),
    photoFile(photo.id, photo.fallbackWidth, 'jpg'),
    ...(photo.share ? [photoShareFile(photo.id)] : []),
  ];
}

/** A `srcset` of one format: `path 320w, path 640w, ...`. */
export function photoSrcSet(photo: Pick<ProductPhoto, 'id' | 'widths'>, format: Exclude<PhotoFormat, 'jpg'>): string {
  return photo.widths.map((w) => `${photoFile(photo.id, w, format)} ${w}w`).join(', ');
}

/** The JPEG fallback's path: what `<img src>`, e-mails and link previews use. */
export function photoFallback(photo: Pick<ProductPhoto, 'id' | 'fallbackWidth'>): string {
  return photoFile(photo.id, photo.fallbackWidth, 'jpg');
}

/** The height of a derivative `width` pixels wide (same aspect ratio, rounded like the resize). */
export function heightAt(photo: Pick<ProductPhoto, 'width' | 'height'>, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}

/**
 * A photo's size as pages use it (`width`/`height` attributes): as recorded, or, for a record without a valid one, a square of its largest
 * width.
 */
export function photoBox(photo: Pick<ProductPhoto, 'widths' | 'fallbackWidth'> & Partial<Pick<ProductPhoto, 'width' | 'height'>>): {
  width: number;
  height: number;
} {
  const valid = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  const width = valid(photo.width) ? photo.width : Math.max(photo.fallbackWidth, ...photo.widths);
  return { width, height: valid(photo.width) && valid(photo.height) ? photo.height : width };
}

/**
 * The steps by which a photo's width on screen is capped so that no screen shows it above its pixels
 * (`web/src/ui/product-photo.tsx`, `styles.css`): at most its largest rendition's width ÷ the screen's
 * pixel ratio, that width rounded down to one of these.
 */
export const PHOTO_CAP_STEPS = [1440, 960, 640, 320, 160] as const;

/** The cap step of a photo whose largest rendition is `width` pixels wide (under 160 px, which no camera makes, 160). */
export function photoCapStep(width: number): number {
  return PHOTO_CAP_STEPS.find((step) => step <= width) ?? PHOTO_CAP_STEPS[PHOTO_CAP_STEPS.length - 1]!;
}
