/**
 * "A minha encomenda" shows the order's fatura-recibo and, once issued, each credit note of its refunds
 * with the amount given back and its PDF (docs/invoices.md), from the one model of `shared/invoices.ts`
 * (`invoiceView` → `customerInvoiceView`): never the owner's reason for a pending document.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { invoiceView, type InvoicingRecord, type RecordedDocument } from '#shared/invoices.ts';
import { invoiceTexts } from '#shared/messages/index.ts';
import { OrderInvoice } from '#web/features/my-order/order-invoice.tsx';

const document = (extra: Partial<RecordedDocument>): RecordedDocument => ({
  kind: 'invoice-receipt',
  provider: 'invoicexpress',
  documentId: '1',
  number: 'FR A/1',
  totalCents: 3480,
  issuedAt: '2026-12-07T10:00:00.000Z',
  permalink: 'https://conta.app.invoicexpress.com/documentos/fr1',
  vatPercent: 23,
  ...extra,
});
const invoice = document({});
const partial = document({
  kind: 'credit-note',
  documentId: '2',
  number: 'NC A/1',
  totalCents: 1000,
  permalink: 'https://conta.app.invoicexpress.com/documentos/nc1',
  refundId: 'refund:manual:1',
});
const rest = document({
  kind: 'credit-note',
  documentId: '3',
  number: 'NC A/2',
  totalCents: 2480,
  permalink: 'https://conta.app.invoicexpress.com/documentos/nc2',
  refundId: 'refund:manual:2',
});

const customerView = (record: InvoicingRecord) => invoiceView(record, false)!;
const html = (record: InvoicingRecord) => renderToStaticMarkup(createElement(OrderInvoice, { invoice: customerView(record) }));
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("the customer's order page: the fatura and its credit notes", () => {
  it('an invoice without refunds: its number and PDF, no credit note spoken of', () => {
    const record: InvoicingRecord = { invoice, creditNotes: [], attempts: 0 };
    expect(customerView(record)).toEqual({ number: 'FR A/1', status: 'issued', url: invoice.permalink });
    const markup = html(record);
    expect(text(markup)).toContain('Fatura-recibo FR A/1');
    expect(markup).toContain(`href="${invoice.permalink}"`);
    expect(markup).not.toMatch(/crédito/);
  });

  it('a partial refund then the rest: each credit note with its number, the amount given back and its own PDF', () => {
    const record: InvoicingRecord = { invoice, creditNotes: [partial, rest], attempts: 0 };
    expect(customerView(record).creditNotes).toEqual([
      { number: 'NC A/1', amountCents: 1000, url: partial.permalink },
      { number: 'NC A/2', amountCents: 2480, url: rest.permalink },
    ]);
    const markup = html(record);
    const words = text(markup);
    expect(words).toContain('Nota de crédito NC A/1: 10,00 € devolvidos');
    expect(words).toContain('Nota de crédito NC A/2: 24,80 € devolvidos');
    expect(markup.match(new RegExp(invoiceTexts.downloadCreditNote.replace(/[()]/g, '\\$&'), 'g'))).toHaveLength(2);
    expect(markup).toContain(`href="${partial.permalink}"`);
    expect(markup).toContain(`href="${rest.permalink}"`);
  });

  it('a credit note the provider gave no link for is named without a dead link', () => {
    const { permalink: _none, ...bare } = partial;
    const markup = html({ invoice, creditNotes: [bare], attempts: 0 });
    expect(text(markup)).toContain('Nota de crédito NC A/1: 10,00 € devolvidos');
    expect(markup).not.toContain(invoiceTexts.downloadCreditNote);
  });

  it("pending: says it is being issued, never the owner's reason", () => {
    const record: InvoicingRecord = {
      creditNotes: [],
      attempts: 2,
      reason: 'O programa de faturação não respondeu.',
      retryAt: '2026-12-07T10:05:00.000Z',
    };
    expect(customerView(record)).toEqual({ number: '', status: 'pending' });
    expect(invoiceView(record, true)).toMatchObject({ reason: record.reason, creditNotes: [] });
    expect(text(html(record))).toBe(invoiceTexts.customer.pending);
  });

  it('values reaching the page are escaped', () => {
    const hostile = document({
      kind: 'credit-note',
      number: 'NC <b>A</b>/9',
      totalCents: 100,
      permalink: 'https://x.example/"><script>',
      refundId: 'r',
    });
    const markup = html({ invoice, creditNotes: [hostile], attempts: 0 });
    expect(markup).not.toContain('<b>');
    expect(markup).not.toContain('<script>');
  });
});
