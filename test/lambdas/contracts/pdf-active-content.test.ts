/**
 * The PDF checker of proofs of payment (docs/design.md §29): a bank's plain PDF passes; JavaScript,
 * launch, attached files, a document script, a page's additional action or an XFA form are found in
 * the object graph, also when they sit in compressed object streams (where no byte search sees them)
 * and when their names are written with `#xx` escapes; what does not parse is not a PDF.
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPdf } from '#lambdas/services/pdf-active-content.ts';
import { activePdf, receiptPdf, type ActiveKind } from '../../support/proof-files.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('checkPdf', () => {
  it('passes a plain 12-page receipt with an opening view', async () => {
    expect(await checkPdf(await receiptPdf(12))).toEqual({ parsed: true, pages: 12, active: [] });
  });

  it.each<[ActiveKind, string]>([
    ['javascript', 'action JavaScript'],
    ['launch', 'action Launch'],
    ['embedded-file', 'EmbeddedFiles'],
    ['names-javascript', 'JavaScript'],
    ['annotation-aa', 'action JavaScript'],
    ['xfa', 'XFA'],
  ])('finds %s in compressed object streams, where the bytes do not show it', async (kind, finding) => {
    const pdf = await activePdf(kind);
    expect(latin1(pdf)).toContain('/ObjStm');
    if (kind !== 'xfa') expect(latin1(pdf)).not.toMatch(/\/(JavaScript|Launch|EmbeddedFiles)/);
    const check = await checkPdf(pdf);
    expect(check.parsed).toBe(true);
    expect(check.parsed && check.active).toContain(finding);
  });

  it('finds them in a classic file too, and names written with #xx escapes (either case)', async () => {
    const plain = latin1(await activePdf('javascript', false));
    expect(plain).toContain('/JavaScript');
    for (const disguised of ['/J#61vaScript', '/J#61v#61Script', '/JavaScrip#74', '/#4aavaScript']) {
      const check = await checkPdf(Buffer.from(plain.replace('/S /JavaScript', `/S ${disguised}`), 'latin1'));
      expect(check.parsed && check.active, disguised).toContain('action JavaScript');
    }
    // Lower-case hex digits, which pdf-lib itself leaves encoded.
    const lower = await checkPdf(Buffer.from(plain.replace('/S /JavaScript', '/S /#4aavaScript').replace('/JS ', '/#4aS '), 'latin1'));
    expect(lower.parsed && lower.active).toEqual(expect.arrayContaining(['action JavaScript', 'JS']));
  });

  it('refuses what is not a readable PDF: no %%EOF (cut short), garbage after the header, no page', async () => {
    const receipt = await receiptPdf(2);
    expect(await checkPdf(receipt.subarray(0, Math.floor(receipt.length / 2)))).toEqual({ parsed: false });
    expect(await checkPdf(Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF'))).toEqual({ parsed: false });
    expect(await checkPdf(Buffer.alloc(0))).toEqual({ parsed: false });
    const empty = await PDFDocument.create();
    expect(await checkPdf(await empty.save({ addDefaultPage: false }))).toEqual({ parsed: false });
  });

  it('walks every object: an action only reachable through a stream dictionary is found', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const stream = document.context.flateStream('q Q', { Launcher: document.context.obj({ S: 'Launch', F: 'x' }) });
    document.catalog.set(PDFName.of('Extra'), document.context.register(stream));
    const check = await checkPdf(await document.save());
    expect(check.parsed && check.active).toContain('action Launch');
  });
});
