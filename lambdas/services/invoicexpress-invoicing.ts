/**
 * The InvoiceXpress adapter of the invoicing port (docs/invoices.md): its API v2, JSON, on
 * `https://<account>.app.invoicexpress.com`, the API key as the `api_key` query parameter.
 *
 * - **Issue** `POST /invoice_receipts.json` (a draft: client, items with the net unit price, the IVA tax by
 *   name, the discount in percent), its `total` checked against the order's to the cent, then
 *   `PUT /invoice_receipts/{id}/change-state.json` `{ state: finalized }`, which gives the legal number.
 *   A draft whose total differs is deleted, never finalised.
 * - **Once** InvoiceXpress takes no idempotency key: before creating, the documents of the shop's
 *   reference are looked up (`GET /invoices.json?text=<reference>&type[]=…`): a final one is the answer, a
 *   draft left by an interrupted run is checked and finalised. The consumer's claim on the order keeps two
 *   runs from getting here at once (`invoices.ts`).
 * - **Credit note** `POST /credit_notes.json` with `owner_invoice_id`, finalised the same way.
 * - **Cancel** `change-state` `{ state: canceled, message }`; **PDF** `GET /api/pdf/{id}.json` (202 while it is
 *   made, then `output.pdfUrl`); **e-mail** `PUT /{type}/{id}/email-document.json`; **credentials**
 *   `GET /sequences.json`.
 *
 * 401 is the credentials, 422 and 404 the request (the provider's `errors` for the log), 429, 5xx and no
 * answer are an outage (the consumer tries again later).
 */
import { lisbonDate } from '#shared/dates.ts';
import { netUnitPrice, type InvoiceLine } from '#shared/invoices.ts';
import {
  InvoicingProviderError,
  type CreditNoteRequest,
  type InvoiceRequest,
  type InvoicingProvider,
  type IssuedDocument,
} from './invoicing-provider.ts';

export interface InvoiceXpressConfig {
  /** The account name (the subdomain of the account's address). */
  readonly account: string;
  readonly apiKey: string;
  /**
   * Another host (the twin's stand-in, `http://127.0.0.1:<port>`, which takes the account as the path's first part); absent =
   * InvoiceXpress itself.
   */
  readonly endpoint?: string;
  /** Milliseconds before a call is given up as an outage. */
  readonly timeoutMs?: number;
}

/** A document as InvoiceXpress answers it (the fields the adapter reads). */
interface IxDocument {
  readonly id: number;
  readonly status: string;
  readonly type?: string;
  readonly sequence_number: string;
  readonly inverted_sequence_number?: string;
  readonly reference?: string;
  readonly total: number | string;
  readonly permalink?: string;
}

type DocumentPath = 'invoice_receipts' | 'credit_notes';
const TYPE_OF: Readonly<Record<DocumentPath, string>> = { invoice_receipts: 'InvoiceReceipt', credit_notes: 'CreditNote' };
const KIND_OF: Readonly<Record<DocumentPath, IssuedDocument['kind']>> = {
  invoice_receipts: 'invoice-receipt',
  credit_notes: 'credit-note',
};
/** The legal number's prefix of each document type, as Portuguese documents print it. */
const PREFIX_OF: Readonly<Record<DocumentPath, string>> = { invoice_receipts: 'FR', credit_notes: 'NC' };
const PATH_OF: Readonly<Record<IssuedDocument['kind'], DocumentPath>> = {
  'invoice-receipt': 'invoice_receipts',
  'credit-note': 'credit_notes',
};

/** InvoiceXpress's dates: `dd/mm/yyyy`. */
export function ixDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The day of `moment` in Lisbon, `YYYY-MM-DD`. */
export function lisbonDay(moment: Date): string {
  const { year, month, day } = lisbonDate(moment);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The tax of a rate, by the name InvoiceXpress's Portuguese accounts give it ("IVA23"). */
export const ixTaxName = (vatPercent: number): string => `IVA${vatPercent}`;

/** The items of a document: the net unit price (IVA added by the provider), the discount in percent. */
export function ixItems(lines: readonly InvoiceLine[], vatPercent: number) {
  return lines.map((line) => ({
    name: line.name,
    description: line.description,
    unit_price: netUnitPrice(line.unitGrossCents, vatPercent),
    quantity: String(line.quantity),
    ...(line.discountPercent > 0 ? { discount: String(line.discountPercent) } : {}),
    tax: { name: ixTaxName(vatPercent) },
  }));
}

const cents = (total: number | string): number => Math.round(Number(total) * 100);

/**
 * One request to the InvoiceXpress API of the account (its key in the query, as the API asks), the
 * answer's JSON; its failures as `InvoicingProviderError` (credentials, unavailable, or the request's own).
 */
function ixCaller(config: InvoiceXpressConfig) {
  const account = encodeURIComponent(config.account);
  const base = config.endpoint ? `${config.endpoint.replace(/\/$/, '')}/${account}` : `https://${account}.app.invoicexpress.com`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T | undefined }> {
    const url = `${base}/${path}${path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(config.apiKey)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new InvoicingProviderError(`InvoiceXpress unreachable: ${(error as Error).message}`, 'unavailable');
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as T) : undefined;
    if (response.ok) return { status: response.status, json };
    const said =
      (json as { errors?: { error?: string }[] } | undefined)?.errors?.map((error) => error.error).join('; ') ||
      text.slice(0, 200) ||
      response.statusText;
    const message = `InvoiceXpress ${method} ${path.split('?')[0]}: ${response.status} ${said}`;
    if (response.status === 401 || response.status === 403) throw new InvoicingProviderError(message, 'credentials');
    if (response.status === 429)
      throw new InvoicingProviderError(message, 'unavailable', Number(response.headers.get('retry-after')) || undefined);
    if (response.status >= 500) throw new InvoicingProviderError(message, 'unavailable');
    throw new InvoicingProviderError(message, 'request');
  }
  return call;
}

/** The API calls the adapter is made of: one request (`ixCaller`), the lookup by reference, a change of state, issuing once. */
function ixClient(config: InvoiceXpressConfig) {
  const call = ixCaller(config);

  /** The shop's documents of `reference` and type, not deleted nor cancelled (drafts included). */
  async function byReference(path: DocumentPath, reference: string): Promise<IxDocument | undefined> {
    const { json } = await call<{ invoices?: IxDocument[] }>(
      'GET',
      `invoices.json?text=${encodeURIComponent(reference)}&type[]=${TYPE_OF[path]}&per_page=30`,
    );
    return json?.invoices?.find((doc) => doc.reference === reference && doc.status !== 'deleted' && doc.status !== 'canceled');
  }

  async function changeState(path: DocumentPath, id: number, state: string, message?: string): Promise<IxDocument> {
    const { json } = await call<Record<string, IxDocument>>('PUT', `${path}/${id}/change-state.json`, {
      [path.slice(0, -1)]: { state, ...(message ? { message } : {}) },
    });
    const doc = json?.[path.slice(0, -1)];
    if (!doc) throw new InvoicingProviderError(`InvoiceXpress ${path}/${id} change-state answered no document`, 'unavailable');
    return doc;
  }

  /** A draft of the right total finalised (a wrong one deleted, and refused); a final one as it is. */
  async function finalised(path: DocumentPath, doc: IxDocument, totalCents: number): Promise<IssuedDocument> {
    let final = doc;
    if (doc.status === 'draft') {
      if (cents(doc.total) !== totalCents) {
        await changeState(path, doc.id, 'deleted');
        throw new InvoicingProviderError(
          `InvoiceXpress draft ${doc.id} totals ${doc.total} €, the order ${(totalCents / 100).toFixed(2)} €: deleted, not issued`,
          'request',
        );
      }
      final = await changeState(path, doc.id, 'finalized');
    }
    if (cents(final.total) !== totalCents)
      throw new InvoicingProviderError(
        `InvoiceXpress document ${final.id} totals ${final.total} €, not ${(totalCents / 100).toFixed(2)} €`,
        'request',
      );
    return {
      kind: KIND_OF[path],
      documentId: String(final.id),
      number: `${PREFIX_OF[path]} ${final.inverted_sequence_number || final.sequence_number}`,
      totalCents,
      issuedAt: new Date().toISOString(),
      ...(final.permalink ? { permalink: final.permalink } : {}),
    };
  }

  async function issue(
    path: DocumentPath,
    reference: string,
    totalCents: number,
    document: Record<string, unknown>,
  ): Promise<IssuedDocument> {
    const existing = await byReference(path, reference);
    if (existing) return finalised(path, existing, totalCents);
    const key = path.slice(0, -1);
    const { json } = await call<Record<string, IxDocument>>('POST', `${path}.json`, { [key]: { ...document, reference } });
    const draft = json?.[key];
    if (!draft) throw new InvoicingProviderError(`InvoiceXpress ${path} answered no document`, 'unavailable');
    return finalised(path, draft, totalCents);
  }

  return { call, changeState, issue };
}

export function invoiceXpressProvider(config: InvoiceXpressConfig): InvoicingProvider {
  const { call, changeState, issue } = ixClient(config);
  return {
    name: 'invoicexpress',
    async issueInvoiceReceipt(request: InvoiceRequest) {
      const { customer } = request;
      return issue('invoice_receipts', request.reference, request.totalCents, {
        date: ixDate(request.date),
        due_date: ixDate(request.date),
        observations: `Encomenda ${request.orderNumber}, paga em ${ixDate(request.paidOn)}`,
        ...(request.series ? { sequence_id: request.series } : {}),
        client: {
          name: customer.name,
          // One client per NIF; the final consumer is one client for every sale without one.
          code: customer.nif ?? 'consumidor-final',
          ...(customer.nif
            ? {
                fiscal_id: customer.nif,
                email: customer.email,
                address: customer.address,
                city: customer.city,
                postal_code: customer.postalCode,
                country: 'Portugal',
              }
            : { country: 'Portugal' }),
        },
        items: ixItems(request.lines, request.vatPercent),
      });
    },
    async issueCreditNote(invoice: IssuedDocument, request: CreditNoteRequest) {
      const { json } = await call<Record<string, { client?: { name?: string; code?: string } }>>(
        'GET',
        `${PATH_OF[invoice.kind]}/${invoice.documentId}.json`,
      );
      const client = json?.[PATH_OF[invoice.kind].slice(0, -1)]?.client;
      if (!client?.name) throw new InvoicingProviderError(`InvoiceXpress invoice ${invoice.documentId} answered no client`, 'unavailable');
      return issue('credit_notes', request.reference, request.amountCents, {
        date: ixDate(request.date),
        due_date: ixDate(request.date),
        observations: `${request.reason}. Encomenda ${request.orderNumber}, fatura ${invoice.number}`,
        owner_invoice_id: Number(invoice.documentId),
        ...(request.series ? { sequence_id: request.series } : {}),
        client: { name: client.name, code: client.code },
        items: ixItems(request.lines, request.vatPercent),
      });
    },
    async cancel(document: IssuedDocument, reason: string) {
      await changeState(PATH_OF[document.kind], Number(document.documentId), 'canceled', reason);
    },
    async pdf(document: IssuedDocument) {
      const { status, json } = await call<{ output?: { pdfUrl?: string } }>('GET', `api/pdf/${document.documentId}.json`);
      return status === 202 ? undefined : json?.output?.pdfUrl;
    },
    async email(document: IssuedDocument, to) {
      await call('PUT', `${PATH_OF[document.kind]}/${document.documentId}/email-document.json`, {
        message: { client: { email: to.email, save: '0' }, subject: to.subject, body: to.body, logo: '0' },
      });
    },
    async checkCredentials() {
      await call('GET', 'sequences.json');
    },
  };
}
