/**
 * Whether a PDF sent as a proof of payment is a plain document (docs/design.md §29): it parses with
 * pdf-lib, and nothing in its whole object graph runs or carries anything when the owner opens it, no
 * JavaScript (`/JS`, `/JavaScript`, the document's JavaScript names tree), no `/Launch` of a program,
 * no embedded or attached files (`/EmbeddedFile`, `/EmbeddedFiles`, `/FileAttachment`), no Flash or
 * video (`/RichMedia`), no XFA form (`/XFA`), and no action that runs, imports or sends something
 * (`/OpenAction`, `/AA` and link actions of type JavaScript, Launch, ImportData, SubmitForm,
 * ResetForm, GoToE, GoToR, Rendition, RichMediaExecute). A bank's PDF with a link (`URI`) or an
 * opening view (`GoTo`) passes.
 *
 * The walk covers every indirect object pdf-lib found, which includes the objects packed in compressed
 * object streams (pdf-lib unpacks them while parsing), and the trailer; names are compared decoded
 * (`/J#61vaScript` is `/JavaScript`). A search of the file's bytes for the same names is an extra net
 * (a name in an object pdf-lib skipped), and so is the same search over every object as pdf-lib
 * writes it back (the unpacked object streams included).
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';

/** Names that mark active or carried content wherever they appear (as a key or as a value). */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'RichMediaExecute',
  'XFA',
]);
/** Action types (`/S`) that run, import, send or open something outside the document. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'ResetForm',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
]);
/** The same names as bytes (`/JS` followed by a delimiter, so `/JSomething` is not one). */
const ACTIVE_BYTES = /\/(?:JS|JavaScript|Launch|EmbeddedFiles?|FileAttachment|RichMedia(?:Execute)?|XFA)(?=[\s/<>[\]()%{}]|$)/;
/** A stream's data, between its keywords. */
const STREAM_DATA = /stream\r?\n[\s\S]*?endstream/g;
/** Where a PDF must end (Adobe's readers look for it in the last 1 024 bytes): a file cut short lacks it. */
const END_MARKER = '%%EOF';
const END_WINDOW = 1024;

/** The result of a check: `parsed: false` when it is not a PDF pdf-lib can read; `active`: what was found. */
export type PdfCheck = { readonly parsed: false } | { readonly parsed: true; readonly pages: number; readonly active: readonly string[] };

/** A name as written, `#xx` escapes decoded in either case (pdf-lib decodes upper-case ones only). */
function nameText(name: PDFName): string {
  return name.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every active name and action in `root` and what it holds directly (references are walked on their own). */
function activeIn(root: PDFObject, found: Set<string>): void {
  const stack: PDFObject[] = [root];
  for (let object = stack.pop(); object; object = stack.pop()) {
    if (object instanceof PDFName) {
      const text = nameText(object);
      if (ACTIVE_NAMES.has(text)) found.add(text);
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFDict) {
      const action = object.get(PDFName.of('S'));
      if (action instanceof PDFName && ACTIVE_ACTIONS.has(nameText(action))) found.add(`action ${nameText(action)}`);
      for (const [key, value] of object.entries()) stack.push(key, value);
    }
  }
}

function hasEndMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - END_WINDOW))).toString('latin1');
  return tail.includes(END_MARKER);
}

/**
 * Parses `bytes` and reports the active content of the PDF (empty when it is a plain document).
 *
 * @example
 * await checkPdf(await (await PDFDocument.create()).save()); // { parsed: false } (no page)
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (!hasEndMarker(bytes)) return { parsed: false };
  let document: PDFDocument;
  try {
    // Encrypted bank statements (an owner password, no user password) have plain names and dictionaries.
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return { parsed: false };
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    return { parsed: false };
  }
  if (pages < 1) return { parsed: false };

  const found = new Set<string>();
  const { context } = document;
  const { Root, Info, Encrypt } = context.trailerInfo;
  for (const object of [Root, Info, Encrypt]) if (object) activeIn(object, found);
  for (const [, object] of context.enumerateIndirectObjects()) {
    activeIn(object, found);
    // The extra net: each object as pdf-lib writes it (a stream by its dictionary; its data is not PDF syntax).
    const text = object instanceof PDFRawStream ? object.dict.toString() : object.toString();
    if (ACTIVE_BYTES.test(text)) found.add('bytes');
  }
  // The file's own bytes, without the streams' data (compressed bytes would match by chance now and then).
  const syntax = Buffer.from(bytes).toString('latin1').replace(STREAM_DATA, 'stream endstream');
  if (ACTIVE_BYTES.test(syntax)) found.add('bytes');
  // Encrypted object streams cannot be unpacked: what they hold could not be looked at.
  if (document.isEncrypted && /\/Type\s*\/ObjStm/.test(syntax)) found.add('encrypted object streams');
  return { parsed: true, pages, active: [...found].sort() };
}
