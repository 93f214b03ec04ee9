/**
 * The InvoiceXpress adapter against the twin's stand-in (docs/invoices.md): the documents' shapes,
 * states, numbers, totals to the cent, errors, rate limit and PDF, without the rest of the twin.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNoteLines, invoiceLines, FINAL_CONSUMER } from '#shared/invoices.ts';
import { InvoicingProviderError, type InvoiceRequest } from '#lambdas/services/invoicing-provider.ts';
import { invoiceXpressProvider } from '#lambdas/services/invoicexpress-invoicing.ts';
import { startInvoicingLocal, type InvoicingLocal } from '#infra/twin/invoicing-local.ts';

let local: InvoicingLocal;
beforeAll(async () => {
  local = await startInvoicingLocal({ account: 'joias-twin', apiKey: 'ix-key-1' });
});
afterAll(async () => local?.stop());

const provider = () => invoiceXpressProvider({ account: local.account, apiKey: local.apiKey, endpoint: local.endpoint });
const order = {
  lines: [
    { name: 'Colar Lua', size: '45 cm', sku: 'CL-45', quantity: 2, priceCents: 1999, unitPriceCents: 1699, lineTotalCents: 3398 },
    { name: 'Brincos Sol', size: '', sku: 'BS', quantity: 1, priceCents: 1250, unitPriceCents: 1250, lineTotalCents: 1250 },
  ],
  shippingCents: 399,
  shippingMethod: 'ctt' as const,
};
const request = (reference: string, extra: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  reference,
  orderNumber: 123456,
  date: '2026-12-07',
  paidOn: '2026-12-06',
  customer: { name: FINAL_CONSUMER, email: 'ana@example.com' },
  lines: invoiceLines(order),
  totalCents: 5047,
  vatPercent: 23,
  ...extra,
});

describe('the InvoiceXpress adapter and the twin stand-in', () => {
  it('issues a final fatura-recibo with the order total to the cent, and asked again answers the same one', async () => {
    const first = await provider().issueInvoiceReceipt(request('encomenda-123456'));
    expect(first).toMatchObject({ kind: 'invoice-receipt', number: 'FR A/1', totalCents: 5047 });
    const again = await provider().issueInvoiceReceipt(request('encomenda-123456'));
    expect(again.documentId).toBe(first.documentId);
    const docs = local.documents().filter((doc) => doc.reference === 'encomenda-123456');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ status: 'final', total: '50.47', date: '07/12/2026', client: { name: FINAL_CONSUMER, fiscal_id: '' } });
    expect(docs[0]!.observations).toBe('Encomenda 123456, paga em 06/12/2026');
    expect(docs[0]!.items.map((item) => item.description)).toEqual([
      'Colar Lua · tamanho 45 cm · ref. CL-45',
      'Brincos Sol · ref. BS',
      'Envio por CTT',
    ]);
  });

  it('a draft left by an interrupted run is finalised, not made twice; the NIF is the client', async () => {
    const ix = provider();
    const nif = { name: 'Joias Lda', nif: '501964843', email: 'compras@example.com' };
    // A run that created the draft and stopped before finalising it.
    await fetch(`${local.endpoint}/${local.account}/invoice_receipts.json?api_key=${local.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        invoice_receipt: {
          date: '07/12/2026',
          reference: 'encomenda-222222',
          client: { name: 'Joias Lda', code: '501964843', fiscal_id: '501964843' },
          items: [{ name: 'x', unit_price: '41.032520', quantity: '1', tax: { name: 'IVA23' } }],
        },
      }),
    });
    const issued = await ix.issueInvoiceReceipt(
      request('encomenda-222222', {
        customer: nif,
        lines: [{ kind: 'piece', name: 'x', description: 'x', quantity: 1, unitGrossCents: 5047, discountPercent: 0, grossCents: 5047 }],
      }),
    );
    expect(issued.number).toBe('FR A/2');
    expect(local.documents().filter((doc) => doc.reference === 'encomenda-222222')).toHaveLength(1);
  });

  it('a document whose total is not the order total is deleted, never issued', async () => {
    const wrong = provider().issueInvoiceReceipt(request('encomenda-333333', { totalCents: 5046 }));
    await expect(wrong).rejects.toMatchObject({ kind: 'request' });
    expect(local.documents().find((doc) => doc.reference === 'encomenda-333333')?.status).toBe('deleted');
  });

  it('credit notes reference the invoice and never credit more than is left', async () => {
    const ix = provider();
    const invoice = await ix.issueInvoiceReceipt(request('encomenda-444444'));
    const partial = await ix.issueCreditNote(invoice, {
      reference: 'encomenda-444444-reembolso-1',
      orderNumber: 444444,
      date: '2026-12-07',
      lines: creditNoteLines(invoiceLines(order), 1000, 444444, 'Reembolso parcial'),
      amountCents: 1000,
      vatPercent: 23,
      reason: 'Reembolso parcial',
    });
    expect(partial).toMatchObject({ kind: 'credit-note', number: 'NC A/1', totalCents: 1000 });
    const note = local.documents().find((doc) => doc.id === Number(partial.documentId))!;
    expect(note.owner_invoice_id).toBe(Number(invoice.documentId));
    const tooMuch = ix.issueCreditNote(invoice, {
      reference: 'encomenda-444444-reembolso-2',
      orderNumber: 444444,
      date: '2026-12-07',
      lines: creditNoteLines(invoiceLines(order), 5047, 444444, 'Encomenda cancelada'),
      amountCents: 5047,
      vatPercent: 23,
      reason: 'Encomenda cancelada',
    });
    await expect(tooMuch).rejects.toMatchObject({ kind: 'request' });
    const rest = await ix.issueCreditNote(invoice, {
      reference: 'encomenda-444444-reembolso-3',
      orderNumber: 444444,
      date: '2026-12-07',
      lines: creditNoteLines(invoiceLines(order), 4047, 444444, 'Encomenda cancelada'),
      amountCents: 4047,
      vatPercent: 23,
      reason: 'Encomenda cancelada',
    });
    expect(rest.totalCents).toBe(4047);
  });

  it("a document's public link and PDF are under an opaque key, as InvoiceXpress's are: none can be reached by counting", async () => {
    const ix = provider();
    const invoice = await ix.issueInvoiceReceipt(request('encomenda-454545'));
    expect(invoice.permalink).toMatch(/\/documentos\/[0-9a-f]{46}$/);
    expect((await fetch(invoice.permalink!)).headers.get('content-type')).toBe('application/pdf');
    await ix.pdf(invoice);
    expect(await ix.pdf(invoice)).toBe(`${local.url}/pdf/${invoice.permalink!.split('/').pop()}.pdf`);
    // Its number, or any number, opens nothing.
    for (const guess of [`documentos/${invoice.documentId}`, `pdf/${invoice.documentId}.pdf`, 'documentos/1', 'pdf/1.pdf'])
      expect((await fetch(`${local.url}/${guess}`)).status).toBe(404);
  });

  it('the PDF is made on the first ask (202), then linked, and is a PDF; the e-mail is sent; cancel needs a reason', async () => {
    const ix = provider();
    const invoice = await ix.issueInvoiceReceipt(request('encomenda-555555'));
    expect(await ix.pdf(invoice)).toBeUndefined();
    const url = await ix.pdf(invoice);
    const pdf = await fetch(url!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await ix.email(invoice, { email: 'ana@example.com', subject: 'Fatura', body: 'Segue a fatura.' });
    expect(local.documents().find((doc) => doc.id === Number(invoice.documentId))!.emails).toEqual(['ana@example.com']);
    await ix.cancel(invoice, 'Emitida por engano');
    expect(local.documents().find((doc) => doc.id === Number(invoice.documentId))!.status).toBe('canceled');
    const viewer = await (await fetch(local.url)).text();
    expect(viewer).toContain('Fatura-recibo A/1');
    expect(viewer).toContain('anulado');
  });

  it('a wrong key is credentials, an outage and the rate limit are outages', async () => {
    await expect(
      invoiceXpressProvider({ account: local.account, apiKey: 'wrong', endpoint: local.endpoint }).checkCredentials(),
    ).rejects.toMatchObject({ kind: 'credentials' });
    await expect(provider().checkCredentials()).resolves.toBeUndefined();
    local.setOutage(true);
    await expect(provider().issueInvoiceReceipt(request('encomenda-666666'))).rejects.toMatchObject({ kind: 'unavailable' });
    local.setOutage(false);
    const limited = await startInvoicingLocal({ account: 'a', apiKey: 'k', ratePerMinute: 2 });
    try {
      const ix = invoiceXpressProvider({ account: 'a', apiKey: 'k', endpoint: limited.endpoint });
      await ix.checkCredentials();
      await ix.checkCredentials();
      const error = await ix.checkCredentials().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvoicingProviderError);
      expect(error).toMatchObject({ kind: 'unavailable' });
      expect((error as InvoicingProviderError).retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });

  it('a restart with its state file goes on where it stopped: the same documents, the next number, the same port, permalinks', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ix-state-'));
    const stateFile = join(folder, 'invoicing.json');
    try {
      const first = await startInvoicingLocal({ account: 'a', apiKey: 'k', stateFile });
      const ix = invoiceXpressProvider({ account: 'a', apiKey: 'k', endpoint: first.endpoint });
      const invoice = await ix.issueInvoiceReceipt(request('encomenda-777777'));
      await ix.issueCreditNote(invoice, {
        reference: 'encomenda-777777-r1',
        orderNumber: 777777,
        date: '2026-12-07',
        lines: creditNoteLines(invoiceLines(order), 1000, 777777, 'Reembolso parcial'),
        amountCents: 1000,
        vatPercent: 23,
        reason: 'Reembolso parcial',
      });
      await first.stop();
      const again = await startInvoicingLocal({ account: 'a', apiKey: 'k', stateFile });
      try {
        expect(again.url).toBe(first.url);
        expect(again.documents().map((doc) => [doc.type, doc.inverted_sequence_number, doc.status])).toEqual([
          ['InvoiceReceipt', 'A/1', 'final'],
          ['CreditNote', 'A/1', 'final'],
        ]);
        const ix2 = invoiceXpressProvider({ account: 'a', apiKey: 'k', endpoint: again.endpoint });
        // Asked again for the same reference: the same document, not a new one.
        expect((await ix2.issueInvoiceReceipt(request('encomenda-777777'))).documentId).toBe(invoice.documentId);
        const next = await ix2.issueInvoiceReceipt(request('encomenda-888888'));
        expect(next.number).toBe('FR A/2');
        expect(Number(next.documentId)).toBeGreaterThan(Number(invoice.documentId));
        // The credit note credited 10,00 € of the invoice before the restart: no more than the rest now.
        await expect(
          ix2.issueCreditNote(invoice, {
            reference: 'encomenda-777777-r2',
            orderNumber: 777777,
            date: '2026-12-07',
            lines: creditNoteLines(invoiceLines(order), 5047, 777777, 'x'),
            amountCents: 5047,
            vatPercent: 23,
            reason: 'x',
          }),
        ).rejects.toMatchObject({ kind: 'request' });
        const pdf = await fetch(invoice.permalink!);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
      } finally {
        await again.stop();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
