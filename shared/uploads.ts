/**
 * What may be uploaded, and where. The browser asks for a presigned upload with the file's type and
 * size; the server checks these limits again and, after the upload, the content.
 */

/** MIME types accepted for a proof of payment. */
export const PROOF_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
/** A proof's MIME type. */
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];
/** Largest proof: 10 MB. */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** MIME types accepted for a product image. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A product image's MIME type. */
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** Largest product photo: 20 MB (a new phone's full-resolution JPEG fits). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The `accept` attribute of the proof file input: HEIC left out, so an iPhone hands the browser a JPEG
 * (iOS converts a HEIC photo when the page does not ask for HEIC), which the server can decode and
 * check (docs/design.md §29); sharp's own build reads HEIF only with AV1 (AVIF), not the iPhone's HEVC.
 */
export const PROOF_ACCEPT = PROOF_CONTENT_TYPES.filter((type) => type !== 'image/heic').join(',');
/** The `accept` attribute of the product image file input. */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** Key prefix of proofs not yet attached to an order, in the private proofs bucket. */
export const PROOF_KEY_PREFIX = 'proofs/pending/';
/** A proof key: the prefix and a lowercase UUID, nothing else. */
export const PROOF_KEY_PATTERN = /^proofs\/pending\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key of a new proof, from a random UUID.
 *
 * @example
 * proofKey('0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f'); // 'proofs/pending/0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f'
 */
export function proofKey(uuid: string): string {
  return `${PROOF_KEY_PREFIX}${uuid.toLowerCase()}`;
}

/**
 * Whether a string is a well-formed proof key.
 *
 * @example
 * isProofKey('proofs/pending/../secret'); // false
 */
export function isProofKey(value: unknown): value is string {
  return typeof value === 'string' && PROOF_KEY_PATTERN.test(value);
}

/**
 * A product image path: `/images/` then safe path segments (letters, digits, `.`, `_`, `-`), no `..`,
 * no query, no scheme, no other host. Images are served from the same origin (CloudFront, or the
 * local front door).
 */
export const IMAGE_PATH_PATTERN = /^\/images\/(?!.*\.\.)[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** HEIF brands of HEIC/HEIF photos (the `ftyp` box). */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
/** The PNG signature. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes {@link sniffContentType} needs from the start of a file. */
export const SNIFF_BYTES = 12;

/**
 * The content type of a file from its first bytes (JPEG, PNG, WebP, HEIC/HEIF, PDF), or undefined:
 * the server's check of an uploaded object, and the browser's before it uploads (so an HTML page
 * renamed .png is refused at once).
 *
 * @example sniffContentType(new TextEncoder().encode('%PDF-1.7')) // 'application/pdf'
 */
export function sniffContentType(head: Uint8Array): ProofContentType | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(4, 8) === 'ftyp' && HEIF_BRANDS.includes(ascii(8, 12))) return 'image/heic';
  return undefined;
}
