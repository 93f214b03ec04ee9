/**
 * What the orders stream's invoices consumer does (docs/invoices.md, docs/design.md §36), from the order
 * as it is now (never the record's image) and the settings' "Faturação":
 *
 * - **Invoice.** A paid order (its ledger has a `paid` payment settled since invoicing was switched on)
 *   without a fatura-recibo: one is issued, with the order's lines and total to the cent, the customer's
 *   NIF or "Consumidor final"; mailed to the customer by the provider when the settings say so, else (or
 *   when the provider's mail fails) by the shop's own mail (`invoice-document`), once per document.
 * - **Credit note.** Each refund the ledger records as given back, once the invoice exists: a credit note
 *   of its amount referencing the invoice (the invoice's own lines when it gives back all of it at once),
 *   mailed the same way.
 * - Nothing for an order never paid (cancelled before payment), nor while invoicing is off, nor for a
 *   payment that came after the reservation closed (given back whole: no sale took place).
 *
 * **Once.** A run claims the order's invoicing for a lease (`repositories/invoices.ts`): a second run,
 * a duplicate record or another consumer finds the claim and does nothing; the document is recorded
 * only by the claim that asked for it. The provider is asked by the document's reference
 * (`encomenda-<number>`), and the adapter answers an existing document rather than making a second, so
 * a run that died between the provider's answer and the record is repaired by the next one.
 *
 * **Never in the way.** The order's moves never wait for this: it runs after them, on the stream. The
 * provider down, slow or over its rate limit: the order says "Fatura pendente" with why, and the
 * redrive job (`consumers/invoice-redrive.ts`) wakes it after `BACKOFF.invoiceIssue`; refused (the
 * document or the key): "Fatura não emitida" with the provider's words, until the owner's "Tentar de novo".
 */
import { createHash, randomUUID } from 'node:crypto';
import type { TimelineEntry } from '#shared/api.ts';
import { formatTime } from '#shared/dates.ts';
import {
  creditNoteLines,
  invoiceCustomer,
  invoiceLines,
  invoicingOn,
  type InvoicingSettings,
  type RecordedDocument,
} from '#shared/invoices.ts';
import { orderLedger, type LedgerEntry } from '#shared/ledger.ts';
import { invoiceTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { CLOSED_STATUS, everPaid } from '#shared/order-status.ts';
import { BACKOFF, backoffDelay } from '../backoff.ts';
import { logger } from '../logger.ts';
import { claimInvoicing, dueInvoicing, recordDocument, recordSetback, wakeInvoicing } from '../repositories/invoices.ts';
import { getOrderItem, type OrderItem } from '../repositories/orders.ts';
import { invoicingProvider } from './invoicing-gateway.ts';
import { InvoicingProviderError, type InvoicingProvider, type IssuedDocument } from './invoicing-provider.ts';
import { lisbonDay } from './invoicexpress-invoicing.ts';
import { SHOP } from './order-lifecycle.ts';
import { invoiceMailItem } from './order-mail.ts';
import { shopSettings } from './settings.ts';

/** How long a run holds an order's invoicing: longer than a run (the consumers' 2-minute timeout), so a live run is never overtaken. */
export const INVOICE_LEASE_MS = 3 * 60_000;

/** The work an order has for the provider now. */
type Work = { readonly kind: 'invoice'; readonly paid: LedgerEntry } | { readonly kind: 'credit'; readonly refund: LedgerEntry };

export type InvoiceOutcome = 'issued' | 'credited' | 'pending' | 'failed' | 'nothing';

/** The document reference of the order's invoice and of a refund's credit note (what the provider is searched by). */
export const invoiceReference = (orderNumber: number): string => `encomenda-${orderNumber}`;
export const creditReference = (orderNumber: number, refundId: string): string =>
  `encomenda-${orderNumber}-r${createHash('sha256').update(refundId).digest('hex').slice(0, 10)}`;

/** What the order needs of the provider now, if anything: its invoice first, then each refund's credit note. */
export function dueWork(order: OrderItem, settings: InvoicingSettings): Work | undefined {
  if (!invoicingOn(settings)) return undefined;
  const ledger = orderLedger(order);
  const record = order.invoicing;
  if (!record?.invoice) {
    const paid = ledger.findLast((entry) => entry.kind === 'payment' && entry.state === 'paid');
    if (!paid) return undefined;
    // Paid after the reservation closed (the provider's late payment, given back whole): no sale took place,
    // so no fatura and no credit note; an order the shop ever held as paid is invoiced, whatever came after.
    if (order.status === CLOSED_STATUS && !everPaid(order.timeline)) return undefined;
    // Paid before invoicing was switched on (and never claimed since): the owner invoiced it herself.
    const settled = paid.settledAt ?? paid.at;
    if (!record && settings.enabledAt && settled < settings.enabledAt) return undefined;
    return { kind: 'invoice', paid };
  }
  const done = new Set(record.creditNotes.map((note) => note.refundId));
  const refund = ledger.find((entry) => entry.kind === 'refund' && entry.state === 'refunded' && !done.has(entry.id));
  return refund ? { kind: 'credit', refund } : undefined;
}

/** Asks the provider for the work's document (the same one however often it is asked). */
async function issue(
  provider: InvoicingProvider,
  order: OrderItem,
  work: Work,
  settings: InvoicingSettings,
  now: Date,
): Promise<RecordedDocument> {
  const lines = invoiceLines(order);
  if (work.kind === 'invoice') {
    // Dated the day it is issued: a series' documents must follow each other in time (a retry after midnight
    // dated the payment's day would come before documents already issued); the payment's day is in `paidOn`.
    const made = await provider.issueInvoiceReceipt({
      reference: invoiceReference(order.orderNumber),
      orderNumber: order.orderNumber,
      date: lisbonDay(now),
      paidOn: lisbonDay(new Date(work.paid.settledAt ?? work.paid.at)),
      customer: invoiceCustomer(order),
      lines,
      totalCents: order.totalCents,
      vatPercent: settings.vatPercent,
      ...(settings.series ? { series: settings.series } : {}),
    });
    return recorded(provider, made, settings.vatPercent);
  }
  const invoice = order.invoicing!.invoice!;
  const credited = order.invoicing!.creditNotes.reduce((sum, note) => sum + note.totalCents, 0);
  const { refund } = work;
  const reason =
    refund.amountCents < invoice.totalCents - credited
      ? invoiceTexts.creditReason.partial
      : invoiceTexts.creditReason[refund.reason === 'late' ? 'late' : 'cancel'];
  // The invoice's own lines only when this refund gives back all of it at once (nothing credited before).
  const noteLines = creditNoteLines(lines, refund.amountCents, order.orderNumber, reason);
  const made = await provider.issueCreditNote(
    {
      kind: 'invoice-receipt',
      documentId: invoice.documentId,
      number: invoice.number,
      totalCents: invoice.totalCents,
      issuedAt: invoice.issuedAt,
    },
    {
      reference: creditReference(order.orderNumber, refund.id),
      orderNumber: order.orderNumber,
      date: lisbonDay(now),
      lines: noteLines,
      amountCents: refund.amountCents,
      vatPercent: invoice.vatPercent,
      reason,
      ...(settings.series ? { series: settings.series } : {}),
    },
  );
  return { ...recorded(provider, made, invoice.vatPercent), refundId: refund.id };
}

function recorded(provider: InvoicingProvider, made: IssuedDocument, vatPercent: number): RecordedDocument {
  return {
    kind: made.kind,
    provider: provider.name as RecordedDocument['provider'],
    documentId: made.documentId,
    number: made.number,
    totalCents: made.totalCents,
    issuedAt: made.issuedAt,
    ...(made.permalink ? { permalink: made.permalink } : {}),
    vatPercent,
  };
}

const entryAt = (now: Date, text: string): TimelineEntry => ({ at: now.toISOString(), kind: 'note', by: SHOP, text });

/** Why the provider did not issue, for the owner, and when to try again (an outage) or not (a refusal). */
function setbackOf(error: InvoicingProviderError, attempts: number, now: Date): { reason: string; retryAt?: string } {
  if (error.kind === 'unavailable') {
    const wait = Math.max(backoffDelay(BACKOFF.invoiceIssue, attempts), (error.retryAfterSeconds ?? 0) * 1000);
    const retryAt = new Date(now.getTime() + wait);
    return { reason: invoiceTexts.unavailable(formatTime(retryAt)), retryAt: retryAt.toISOString() };
  }
  return { reason: error.kind === 'credentials' ? invoiceTexts.credentials : invoiceTexts.refused(error.message) };
}

/**
 * Whether the shop must mail the document itself: the settings' "enviar a fatura ao cliente" off, or the
 * provider's own mail failed (or it has none). On, the provider mails it first; either way the customer
 * gets each document once (the shop's mail is queued with the document's record: `recordDocument`).
 */
async function shopMustMail(
  provider: InvoicingProvider,
  order: OrderItem,
  document: RecordedDocument,
  settings: InvoicingSettings,
): Promise<boolean> {
  if (!order.email) return false;
  if (!settings.sendToCustomer) return true;
  const made: IssuedDocument = {
    kind: document.kind,
    documentId: document.documentId,
    number: document.number,
    totalCents: document.totalCents,
    issuedAt: document.issuedAt,
  };
  const words = document.kind === 'invoice-receipt' ? invoiceTexts.mail : invoiceTexts.creditMail;
  try {
    await provider.email(made, {
      email: order.email,
      subject: words.subject(order.orderNumber),
      body: words.body(order.firstName, order.orderNumber),
    });
    return false;
  } catch (error) {
    logger.warn('document not e-mailed by the provider: the shop mails it', {
      orderId: order.id,
      documentId: document.documentId,
      error: error as Error,
    });
    return true;
  }
}

/** One stream record of an order: its invoicing work done once, or why not recorded for the owner. */
export async function handleOrderInvoice(orderId: string, now = new Date()): Promise<InvoiceOutcome> {
  const order = await getOrderItem(orderId);
  if (!order) return 'nothing';
  const { invoicing: settings } = await shopSettings(now.getTime());
  const work = dueWork(order, settings);
  const record = order.invoicing;
  if (!work) return 'nothing';
  // Waiting for its backoff (the redrive job wakes it), refused (the owner's retry wakes it), or held by a live run.
  if (
    record?.failed ||
    (record?.retryAt && record.retryAt > now.toISOString()) ||
    (record?.claimedUntil && record.claimedUntil > now.toISOString())
  )
    return 'nothing';
  const provider = await invoicingProvider(settings);
  if (!provider) return 'nothing';
  const token = randomUUID();
  if (!(await claimInvoicing(order.id, record, token, new Date(now.getTime() + INVOICE_LEASE_MS).toISOString(), now.toISOString())))
    return 'nothing';
  try {
    const document = await issue(provider, order, work, settings, now);
    const entry = entryAt(
      now,
      document.kind === 'invoice-receipt'
        ? invoiceTexts.timeline.issued(document.number, formatCents(document.totalCents))
        : invoiceTexts.timeline.creditNote(document.number, formatCents(document.totalCents), record!.invoice!.number),
    );
    const mail = (await shopMustMail(provider, order, document, settings))
      ? [invoiceMailItem(order, document, now, record?.invoice?.number)]
      : [];
    if (!(await recordDocument(order.id, token, document, entry, mail))) return 'nothing';
    logger.info('invoicing document issued', {
      orderId,
      kind: document.kind,
      number: document.number,
      totalCents: document.totalCents,
      shopMail: mail.length > 0,
    });
    return document.kind === 'invoice-receipt' ? 'issued' : 'credited';
  } catch (error) {
    if (!(error instanceof InvoicingProviderError)) throw error;
    const attempts = (record?.attempts ?? 0) + 1;
    const setback = setbackOf(error, attempts, now);
    logger[setback.retryAt ? 'warn' : 'error']('invoicing document not issued', {
      orderId,
      kind: error.kind,
      attempts,
      reason: error.message,
    });
    // On the timeline once per stretch of trouble, not at every retry.
    const entry = attempts === 1 ? entryAt(now, invoiceTexts.timeline.pending(setback.reason)) : undefined;
    await recordSetback(order.id, token, { ...setback, attempts }, entry);
    return setback.retryAt ? 'pending' : 'failed';
  }
}

/** The redrive job: wakes the orders whose backoff ended or whose run died (a new stream record each). */
export async function redriveDueInvoices(now: Date, limit = 50): Promise<number> {
  const due = await dueInvoicing(now.toISOString(), limit);
  let woken = 0;
  for (const id of due) if (await wakeInvoicing(id, now.toISOString())) woken++;
  return woken;
}

/** The owner's "Tentar de novo": the order's invoicing is tried again now (false: nothing to try, or a run is at it). */
export async function retryInvoice(orderId: string, by: string, now = new Date()): Promise<boolean> {
  return wakeInvoicing(orderId, now.toISOString(), { at: now.toISOString(), kind: 'note', by, text: invoiceTexts.timeline.retried });
}
