/**
 * The invoicing port (docs/invoices.md, docs/design.md §36): what the shop asks of certified invoicing
 * software, which issues the documents the law requires (ATCUD, QR code, the series registered with the
 * Autoridade Tributária) that the shop itself cannot. The services speak only these types; an adapter per
 * provider (`invoicexpress-invoicing.ts` for InvoiceXpress) turns them into its API. Moloni and Vendus
 * map onto the same five calls (docs/invoices.md, "Other providers").
 *
 * Amounts are integer cents with IVA included; the adapter converts to the provider's units and checks
 * the provider's total against the shop's before a document is final.
 */
import type { InvoiceCustomer, InvoiceLine } from '#shared/invoices.ts';

/** The fatura-recibo of one paid order: made once however often it is asked (`reference`). */
export interface InvoiceRequest {
  /** The shop's reference of the document, unique per order: the provider is searched for it before issuing. */
  readonly reference: string;
  readonly orderNumber: number;
  /** The document's date: the day it is issued, `YYYY-MM-DD` in Lisbon (a series' documents follow each other in time). */
  readonly date: string;
  /** The day the payment was received, `YYYY-MM-DD` in Lisbon (printed in the observations). */
  readonly paidOn: string;
  readonly customer: InvoiceCustomer;
  readonly lines: readonly InvoiceLine[];
  /** The order's total: the document's total must be this, to the cent, or it is not issued. */
  readonly totalCents: number;
  /** The IVA rate of every line, in percent (the settings'). */
  readonly vatPercent: number;
  /** The provider's series (InvoiceXpress: the sequence id); absent = the account's default. */
  readonly series?: string;
}

/** A credit note for a refund of an issued invoice: made once per refund (`reference`). */
export interface CreditNoteRequest {
  readonly reference: string;
  readonly orderNumber: number;
  readonly date: string;
  readonly lines: readonly InvoiceLine[];
  readonly amountCents: number;
  readonly vatPercent: number;
  /** Why the money went back, printed on the note. */
  readonly reason: string;
  readonly series?: string;
}

/** A document the provider issued, as the shop keeps it on the order. */
export interface IssuedDocument {
  readonly kind: 'invoice-receipt' | 'credit-note';
  /** The provider's id of the document. */
  readonly documentId: string;
  /** Its legal number as printed ("FR A/12"): series and sequence number. */
  readonly number: string;
  readonly totalCents: number;
  /** When the provider finalised it (ISO). */
  readonly issuedAt: string;
  /** The provider's public link of the document, when it has one. */
  readonly permalink?: string;
}

/** A provider's refusal or outage: `message` is the provider's, for the log and the owner. */
export class InvoicingProviderError extends Error {
  constructor(
    message: string,
    /** `credentials`: the key or account is wrong; `request`: this document cannot be made as asked; `unavailable`: try again later. */
    readonly kind: 'credentials' | 'request' | 'unavailable',
    /** Over the provider's rate limit: seconds it asked to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'InvoicingProviderError';
  }
}

export interface InvoicingProvider {
  readonly name: string;
  /** Issues (and finalises) the invoice-receipt; asked again for the same reference, answers the same document. */
  issueInvoiceReceipt(request: InvoiceRequest): Promise<IssuedDocument>;
  /** Issues (and finalises) a credit note of `invoice`; asked again for the same reference, answers the same note. */
  issueCreditNote(invoice: IssuedDocument, request: CreditNoteRequest): Promise<IssuedDocument>;
  /** Cancels a document issued by mistake (the law keeps it, marked cancelled). */
  cancel(document: IssuedDocument, reason: string): Promise<void>;
  /** The address of the document's PDF, or undefined while the provider still makes it. */
  pdf(document: IssuedDocument): Promise<string | undefined>;
  /** Has the provider e-mail the document to `to` (its own mail, with the PDF). */
  email(document: IssuedDocument, to: { readonly email: string; readonly subject: string; readonly body: string }): Promise<void>;
  /** A harmless call that fails with `InvoicingProviderError('credentials')` when the key or account is wrong. */
  checkCredentials(): Promise<void>;
}
