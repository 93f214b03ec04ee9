/**
 * A proof of payment is a real picture or a real document (docs/design.md §29), checked in the call
 * that attaches it, before the order moves:
 *
 * - an image (JPEG, PNG, WebP, HEIC/AVIF that sharp can decode) must be the type the browser declared,
 *   have at most {@link MAX_PROOF_SIDE} pixels a side and {@link MAX_PROOF_PIXELS} in all (read from
 *   its header, before any decoding, and enforced again by sharp's `limitInputPixels`) and decode
 *   whole (`failOn: 'error'`: a truncated file fails). What the owner gets is a new JPEG drawn from the
 *   decoded pixels: upright, sRGB, at most {@link SAFE_COPY_BOX} pixels, no EXIF/GPS/XMP/ICC (sharp
 *   writes no metadata unless asked), and nothing of the original file's bytes (HTML or script
 *   appended to a PNG is gone);
 * - a PDF must parse, have pages and carry no active content (`./pdf-active-content.ts`); it is kept
 *   as it is, served to the owner only as a download (`Content-Disposition: attachment`).
 *
 * Anything else is refused with one Portuguese message that says what to send instead.
 */
import sharp from 'sharp';
import { uploadTexts } from '#shared/messages/index.ts';
import { sniffContentType, type ProofContentType } from '#shared/uploads.ts';
import { InvalidInput } from '../errors.ts';
import { checkPdf } from './pdf-active-content.ts';

/** The longest side a proof image may have: a long scrolling screenshot fits, a 10×9 999 999 strip does not. */
export const MAX_PROOF_SIDE = 16_000;
/** The most pixels a proof image may have: 40 megapixels (a phone screenshot has 3, a phone photo 12 to 24). */
export const MAX_PROOF_PIXELS = 40_000_000;
/** The box the owner's copy fits in: a screenshot stays sharp enough to read every figure. */
export const SAFE_COPY_BOX = { width: 2000, height: 6000 } as const;
const SAFE_COPY_JPEG = { quality: 85 } as const;

/** The error code of a proof whose content was refused (400). */
export const PROOF_INVALID_CODE = 'proof_invalid';
/** How the owner's copy of a PDF is served: a download, never a page opened on the bucket's origin. */
export const PDF_DISPOSITION = 'attachment; filename="comprovativo.pdf"';

/** What is kept for the owner: the bytes, their type and, for a PDF, how they are served. */
export interface SafeProof {
  readonly body: Uint8Array;
  readonly contentType: 'image/jpeg' | 'application/pdf';
  readonly contentDisposition?: string;
}

function refuse(message: string = uploadTexts.proofInvalid): never {
  throw new InvalidInput(message, { proofKey: message }, PROOF_INVALID_CODE);
}

async function safeImage(bytes: Uint8Array): Promise<SafeProof> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    refuse();
  }
  const { width = 0, height = 0 } = size;
  if (width < 1 || height < 1 || width > MAX_PROOF_SIDE || height > MAX_PROOF_SIDE || width * height > MAX_PROOF_PIXELS) refuse();
  try {
    const body = await sharp(bytes, { limitInputPixels: MAX_PROOF_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...SAFE_COPY_BOX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg(SAFE_COPY_JPEG)
      .toBuffer();
    return { body, contentType: 'image/jpeg' };
  } catch {
    refuse();
  }
}

/**
 * Checks an uploaded proof and answers the copy the owner will see; refuses (400 `proof_invalid`,
 * Portuguese message on `proofKey`) anything that is not a real image or plain PDF of the declared type.
 */
export async function checkProofFile(bytes: Uint8Array, declared: string | undefined): Promise<SafeProof> {
  const type: ProofContentType | undefined = bytes.byteLength ? sniffContentType(bytes.subarray(0, 32)) : undefined;
  if (!type || type !== declared) refuse();
  if (type !== 'application/pdf') return safeImage(bytes);
  const pdf = await checkPdf(bytes);
  if (!pdf.parsed) refuse();
  if (pdf.active.length) refuse(uploadTexts.proofActiveContent);
  return { body: bytes, contentType: 'application/pdf', contentDisposition: PDF_DISPOSITION };
}
