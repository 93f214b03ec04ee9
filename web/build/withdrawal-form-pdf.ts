/**
 * The model withdrawal form as a PDF (A4, one page), built with pdfkit at build time from the same
 * text as the web page (`shared/withdrawal.ts`) and the seller's identification. The Vite plugin below
 * adds it to the built shop at `paths.withdrawalFormPdf` and serves it in development.
 */
import PDFDocument from 'pdfkit';
import type { Plugin } from 'vite';
import { paths } from '../../shared/paths.ts';
import { sellerIdentity, type SellerIdentity } from '../../shared/shop-identity.ts';
import { withdrawalForm } from '../../shared/withdrawal.ts';

/** The form as PDF bytes. Standard Helvetica (WinAnsi encoding covers Portuguese). */
export function withdrawalFormPdf(seller: SellerIdentity = sellerIdentity()): Promise<Buffer> {
  const form = withdrawalForm(seller);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // A fixed date keeps the file identical from build to build.
    info: { Title: form.title, Author: seller.name, Subject: 'Decreto-Lei n.º 24/2014, Anexo, parte B', CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    lang: 'pt-PT',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(form.title, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica-Oblique').fontSize(10).text(form.instruction, { align: 'center' });
  doc.moveDown(1.5).font('Helvetica').fontSize(11).text(`— ${form.addressee}`);
  for (const line of form.lines) {
    doc.moveDown(1.2).text(`— ${line}`);
    const y = doc.y + 22;
    doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.y = y + 4;
  }
  doc.moveDown(2).fontSize(9).fillColor('#333333').text(form.footnote);
  doc.moveDown(0.5).text(`${seller.name} · ${seller.email}`);
  doc.end();
  return done;
}

/** Adds the PDF to the build and serves it under `vite dev`. */
export function withdrawalFormPlugin(): Plugin {
  const fileName = paths.withdrawalFormPdf.slice(1);
  return {
    name: 'withdrawal-form-pdf',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await withdrawalFormPdf() });
    },
    configureServer(server) {
      server.middlewares.use(paths.withdrawalFormPdf, (_req, res) => {
        void withdrawalFormPdf().then((pdf) => {
          res.setHeader('content-type', 'application/pdf');
          res.end(pdf);
        });
      });
    },
  };
}
