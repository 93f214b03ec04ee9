/**
 * The model withdrawal form as a PDF (A4, one page), with pdfkit, from the same text as the web page
 * (`shared/withdrawal.ts`) and the seller's identification of the shop's settings. The pre-renderer
 * exports it (`renderWithdrawalPdf` in `render-page.tsx`, in a chunk of its own), and the settings'
 * publisher keeps it in the site bucket each time the owner saves (`lambdas/services/pages.ts`).
 *
 * The pre-renderer's build takes pdfkit's browser module (`web/vite.config.ts`): it has no file reads,
 * so the bundle needs no `node_modules`; its standard fonts are then registered from their own modules.
 * Under Node (the tests), pdfkit's Node module loads them itself.
 */
import * as pdfkit from 'pdfkit';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';
import HelveticaOblique from 'pdfkit/standard-fonts/HelveticaOblique';
import type { SellerIdentity } from '#shared/shop-identity.ts';
import { withdrawalForm } from '#shared/withdrawal.ts';

/** What the browser module exports beyond the Node one. */
const registerStdFonts = (pdfkit as unknown as { registerStdFonts?: (...fonts: unknown[]) => void }).registerStdFonts;
registerStdFonts?.(Helvetica, HelveticaBold, HelveticaOblique);
const PDFDocument = pdfkit.default;

/** The form as PDF bytes, the same bytes for the same seller. Standard Helvetica (WinAnsi covers Portuguese). */
export function withdrawalFormPdf(seller: SellerIdentity): Promise<Uint8Array> {
  const form = withdrawalForm(seller);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // A fixed date keeps the file identical from render to render.
    info: {
      Title: form.title,
      Author: seller.name,
      Subject: 'Decreto-Lei n.º 24/2014, Anexo, parte B',
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
    lang: 'pt-PT',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(bytes);
    }),
  );

  doc.font('Helvetica-Bold').fontSize(16).text(form.title, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica-Oblique').fontSize(10).text(form.instruction, { align: 'center' });
  doc.moveDown(1.5).font('Helvetica').fontSize(11).text(`— ${form.addressee}`);
  for (const line of form.lines) {
    doc.moveDown(1.2).text(`— ${line}`);
    const y = doc.y + 22;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.width - doc.page.margins.right, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y = y + 4;
  }
  doc.moveDown(2).fontSize(9).fillColor('#333333').text(form.footnote);
  doc.moveDown(0.5).text(`${seller.name} · ${seller.email}`);
  doc.end();
  return done;
}
