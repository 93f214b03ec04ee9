/**
 * Files a customer (or an attacker) sends as a proof of payment (docs/design.md §29): a real phone
 * screenshot and a real bank PDF, and the hostile files attackers tried (a PNG signature followed by HTML,
 * PNG headers claiming 30000×30000 or 10×9 999 999 pixels, PDFs whose actions run JavaScript, launch a
 * program or carry a file, truncated files). Used by the tests and the bench.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A well-formed PNG header (valid CRCs) claiming `width`×`height` RGB pixels, with a few bytes of
 * image data: what a decompression bomb looks like before anything is decoded.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The 8 bytes of a PNG signature, then an HTML page with a script. */
export const POLYGLOT_PNG_HTML = Buffer.concat([
  PNG_SIGNATURE,
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>Pagamento</body></html>'),
]);

/**
 * A phone screenshot of a bank transfer: `width`×`height` PNG with text, and noise below it when
 * `noisy` (so a 1170×2532 screenshot weighs about 5 MB, a photo-like worst case).
 */
export async function screenshotPng(options: { width?: number; height?: number; noisy?: boolean } = {}): Promise<Buffer> {
  const { width = 1170, height = 2532, noisy = false } = options;
  const lines = [
    'Transferência enviada',
    'Montante: 42,50 €',
    'Para: Joias Inox',
    'Descritivo: encomenda 123456',
    'Data: 26-11-2026 15:04',
  ];
  const text = lines
    .map((line, i) => `<text x="60" y="${200 + i * 90}" font-family="sans-serif" font-size="56" fill="#111">${line}</text>`)
    .join('');
  const background = `<rect width="100%" height="${noisy ? '40%' : '100%'}" fill="#f4f6f8"/>`;
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${background}${text}</svg>`;
  const base = noisy
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).composite([{ input: Buffer.from(svg) }])
    : sharp(Buffer.from(svg));
  return base.png().toBuffer();
}

/** A phone photo of a receipt: JPEG with EXIF (camera, GPS position), upright by its orientation tag. */
export async function receiptPhotoJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#ddeeff' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telemovel', Model: 'Camara', Copyright: 'Cliente' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 0/1' },
    })
    .toBuffer();
}

/** A bank's PDF receipt: `pages` pages of text, saved as pdf-lib saves (object streams, compressed). */
export async function receiptPdf(pages = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = document.addPage();
    for (let line = 0; line < 45; line++)
      page.drawText(`Movimento ${p * 45 + line}: transferencia 42,50 EUR para Joias Inox`, { x: 40, y: 800 - line * 16, size: 10, font });
  }
  // A link to the bank's site and an opening view: what ordinary PDFs carry, and no active content.
  document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, PDFName.of('Fit')]));
  return document.save();
}

/** The kinds of active content {@link activePdf} can carry. */
export type ActiveKind = 'javascript' | 'launch' | 'embedded-file' | 'names-javascript' | 'annotation-aa' | 'xfa';

/**
 * A one-page PDF that runs or carries something when opened: an OpenAction of JavaScript or Launch, a
 * file attached (`EmbeddedFiles`), a document-level script (the names tree), a page's additional action
 * (`/AA`) or an XFA form. `objectStreams`: saved with compressed object streams (pdf-lib's default),
 * so the action is not in the file's bytes, only in the object graph.
 */
export async function activePdf(kind: ActiveKind, objectStreams = true): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  page.drawText('Comprovativo', { x: 50, y: 700 });
  const { context, catalog } = document;
  const script = { Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pago")') };
  if (kind === 'javascript') catalog.set(PDFName.of('OpenAction'), context.register(context.obj(script)));
  if (kind === 'launch') catalog.set(PDFName.of('OpenAction'), context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('cmd.exe') }));
  if (kind === 'embedded-file')
    await document.attach(Buffer.from('MZ not a receipt'), 'recibo.exe', { mimeType: 'application/octet-stream' });
  if (kind === 'names-javascript') {
    const tree = context.obj({ Names: [PDFString.of('abrir'), context.register(context.obj(script))] });
    catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.register(tree) }));
  }
  if (kind === 'annotation-aa') page.node.set(PDFName.of('AA'), context.obj({ O: context.register(context.obj(script)) }));
  if (kind === 'xfa')
    catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: context.register(context.flateStream('<xdp:xdp/>')) }));
  return document.save({ useObjectStreams: objectStreams });
}
