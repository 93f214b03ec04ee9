/**
 * The documents of the twin's InvoiceXpress stand-in (`invoicing-local.ts`, docs/invoices.md): what the
 * API keeps and computes, with InvoiceXpress's shapes and rules, so the shop's adapter meets the
 * provider's behaviour offline:
 *
 * - a new document is a `draft` (sequence number `draft`); `finalized` gives it the next number of its
 *   type in its series (`1/A`, inverted `A/1`), an ATCUD and status `final`; a draft can be `deleted`, a
 *   final document `canceled` (with a message), nothing else;
 * - totals are computed as a tax-exclusive provider does: each item's net unit price × quantity less its
 *   discount (percent), its tax by name (`IVA23` …), summed, each total rounded once to the cent;
 * - a credit note names a final invoice-receipt (`owner_invoice_id`) and never credits more than is left;
 * - refusals are 422 with `{ errors: [{ error }] }`, as the API answers them.
 */
import { randomBytes } from 'node:crypto';

/** A refusal of the API: the HTTP status and InvoiceXpress's error text. */
export class IxFault extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type IxType = 'InvoiceReceipt' | 'CreditNote';
export type IxStatus = 'draft' | 'final' | 'canceled' | 'deleted';

export interface IxItem {
  readonly name: string;
  readonly description: string;
  readonly unit_price: string;
  readonly quantity: string;
  readonly discount: string;
  readonly tax: { readonly name: string; readonly value: number };
  readonly subtotal: string;
  readonly tax_amount: string;
  readonly total: string;
}

export interface IxDocument {
  readonly id: number;
  readonly type: IxType;
  status: IxStatus;
  sequence_number: string;
  inverted_sequence_number: string;
  atcud: string;
  readonly sequence_id: string;
  readonly date: string;
  readonly due_date: string;
  readonly reference: string;
  readonly observations: string;
  readonly client: {
    readonly id: number;
    readonly name: string;
    readonly code: string;
    readonly fiscal_id: string;
    readonly email: string;
    readonly country: string;
  };
  readonly items: readonly IxItem[];
  readonly sum: string;
  readonly discount: string;
  readonly before_taxes: string;
  readonly taxes: string;
  readonly total: string;
  readonly currency: 'Euro';
  readonly owner_invoice_id?: number;
  readonly permalink: string;
  cancel_message?: string;
  /** The addresses the document was e-mailed to (the viewer shows them). */
  readonly emails: string[];
  readonly createdAt: string;
  finalizedAt?: string;
}

/** The taxes of a Portuguese account, by name (InvoiceXpress's defaults). */
export const IX_TAXES: Readonly<Record<string, number>> = { IVA23: 23, IVA22: 22, IVA16: 16, IVA13: 13, IVA6: 6, IVA4: 4, IVA0: 0 };
/** The twin account's one series. */
export const IX_SERIES = { id: '1', serie: 'A' } as const;

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const money = (euros: number) => euros.toFixed(2);
const DOCUMENT_PATHS: Readonly<Record<string, IxType>> = { invoice_receipts: 'InvoiceReceipt', credit_notes: 'CreditNote' };

/** The document type of an API path segment (`invoice_receipts`), or undefined. */
export const ixTypeOf = (path: string): IxType | undefined => DOCUMENT_PATHS[path];

function fault(message: string): never {
  throw new IxFault(422, message);
}

interface RawItem {
  readonly name?: unknown;
  readonly description?: unknown;
  readonly unit_price?: unknown;
  readonly quantity?: unknown;
  readonly discount?: unknown;
  readonly tax?: { readonly name?: unknown };
}

/** One item as the API keeps it, with its computed amounts (unrounded sums kept apart). */
function item(raw: RawItem): { item: IxItem; net: number; tax: number; gross: number; discount: number } {
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) fault("Items name can't be blank");
  const unit = Number(raw.unit_price);
  const quantity = Number(raw.quantity);
  const discount = raw.discount === undefined ? 0 : Number(raw.discount);
  if (!Number.isFinite(unit) || unit < 0) fault('Items unit price is not a number');
  if (!Number.isFinite(quantity) || quantity <= 0) fault('Items quantity must be greater than 0');
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) fault('Items discount must be between 0 and 100');
  const taxName = typeof raw.tax?.name === 'string' ? raw.tax.name : '';
  const rate = IX_TAXES[taxName];
  if (rate === undefined) fault(`Tax ${taxName || '(none)'} not found`);
  const gross = unit * quantity;
  const off = (gross * discount) / 100;
  const net = gross - off;
  const tax = (net * rate) / 100;
  const kept: IxItem = {
    name,
    description: typeof raw.description === 'string' ? raw.description : '',
    unit_price: String(raw.unit_price),
    quantity: String(quantity),
    discount: String(discount),
    tax: { name: taxName, value: rate },
    subtotal: money(net),
    tax_amount: money(tax),
    total: money(net + tax),
  };
  return { item: kept, net, tax, gross, discount: off };
}

/** What the book keeps, as the twin stores it between runs (`invoicing-local.ts`'s `stateFile`). */
export interface IxBookState {
  readonly documents: readonly IxDocument[];
  readonly nextId: number;
  readonly clients: readonly (readonly [string, number])[];
  readonly numbers: readonly (readonly [IxType, number])[];
}

export class IxBook {
  readonly documents: IxDocument[] = [];
  private nextId = 10_000;
  private readonly clients = new Map<string, number>();
  private readonly numbers = new Map<IxType, number>();

  /** `state`: the book as a previous run left it (its documents, and each type's last number, go on). */
  constructor(
    private readonly baseUrl: () => string,
    state?: IxBookState,
  ) {
    if (!state) return;
    this.documents.push(...state.documents.map((doc) => ({ ...doc })));
    this.nextId = state.nextId;
    for (const [code, id] of state.clients) this.clients.set(code, id);
    for (const [type, number] of state.numbers) this.numbers.set(type, number);
  }

  /** The book as the twin stores it. */
  state(): IxBookState {
    return { documents: this.documents, nextId: this.nextId, clients: [...this.clients], numbers: [...this.numbers] };
  }

  get(type: IxType, id: number): IxDocument {
    const doc = this.documents.find((d) => d.id === id && d.type === type);
    if (!doc) throw new IxFault(404, 'Not found');
    return doc;
  }

  byId(id: number): IxDocument | undefined {
    return this.documents.find((d) => d.id === id);
  }

  /** The document whose public link (or PDF) ends in `key` ({@link permalinkKey}). */
  byPermalinkKey(key: string): IxDocument | undefined {
    return this.documents.find((d) => permalinkKey(d) === key);
  }

  /** `POST /{type}.json`: a new draft. */
  create(type: IxType, body: Record<string, unknown>, now: Date): IxDocument {
    const date = typeof body.date === 'string' ? body.date : '';
    if (!DATE.test(date)) fault('Date is invalid');
    const client = (body.client ?? {}) as Record<string, unknown>;
    const clientName = typeof client.name === 'string' ? client.name.trim() : '';
    if (!clientName) fault("Client name can't be blank");
    const rawItems = Array.isArray(body.items) ? (body.items as RawItem[]) : [];
    if (rawItems.length === 0) fault("Items can't be blank");
    const items = rawItems.map(item);
    const owner = type === 'CreditNote' ? this.creditable(body.owner_invoice_id, items) : undefined;
    const code = typeof client.code === 'string' && client.code ? client.code : clientName;
    if (!this.clients.has(code)) this.clients.set(code, this.clients.size + 1);
    const sum = items.reduce((total, i) => total + i.gross, 0);
    const discount = items.reduce((total, i) => total + i.discount, 0);
    const net = items.reduce((total, i) => total + i.net, 0);
    const taxes = items.reduce((total, i) => total + i.tax, 0);
    const id = this.nextId++;
    const doc: IxDocument = {
      id,
      type,
      status: 'draft',
      sequence_number: 'draft',
      inverted_sequence_number: 'draft',
      atcud: '',
      sequence_id: typeof body.sequence_id === 'string' && body.sequence_id ? body.sequence_id : IX_SERIES.id,
      date,
      due_date: typeof body.due_date === 'string' ? body.due_date : date,
      reference: typeof body.reference === 'string' ? body.reference : '',
      observations: typeof body.observations === 'string' ? body.observations : '',
      client: {
        id: this.clients.get(code)!,
        name: clientName,
        code,
        fiscal_id: typeof client.fiscal_id === 'string' ? client.fiscal_id : '',
        email: typeof client.email === 'string' ? client.email : '',
        country: typeof client.country === 'string' ? client.country : 'Portugal',
      },
      items: items.map((i) => i.item),
      sum: money(sum),
      discount: money(discount),
      before_taxes: money(net),
      taxes: money(taxes),
      // Rounded once, from the unrounded sum: what the customer paid, to the cent.
      total: money(net + taxes),
      currency: 'Euro',
      ...(owner ? { owner_invoice_id: owner.id } : {}),
      // Opaque, as InvoiceXpress's are (46 hex characters): a customer's link never leads to another's document.
      permalink: `${this.baseUrl()}/documentos/${randomBytes(23).toString('hex')}`,
      emails: [],
      createdAt: now.toISOString(),
    };
    if (doc.sequence_id !== IX_SERIES.id) fault('Sequence not found');
    this.documents.push(doc);
    return doc;
  }

  /** The final invoice-receipt a credit note credits, when what it credits is left on it. */
  private creditable(ownerId: unknown, items: readonly { net: number; tax: number }[]): IxDocument {
    const owner = this.byId(Number(ownerId));
    if (!owner || owner.type !== 'InvoiceReceipt' || owner.status !== 'final') fault('Owner invoice must be a finalized invoice receipt');
    const credited = this.documents
      .filter((d) => d.type === 'CreditNote' && d.owner_invoice_id === owner.id && d.status === 'final')
      .reduce((total, d) => total + Number(d.total), 0);
    const asked = items.reduce((total, i) => total + i.net + i.tax, 0);
    if (Math.round(asked * 100) > Math.round((Number(owner.total) - credited) * 100))
      fault('Credit note total exceeds the amount left on the owner invoice');
    return owner;
  }

  /** `PUT /{type}/{id}/change-state.json`. */
  changeState(doc: IxDocument, state: unknown, message: unknown, now: Date): IxDocument {
    if (state === 'finalized' && doc.status === 'draft') {
      const number = (this.numbers.get(doc.type) ?? 0) + 1;
      this.numbers.set(doc.type, number);
      doc.status = 'final';
      doc.sequence_number = `${number}/${IX_SERIES.serie}`;
      doc.inverted_sequence_number = `${IX_SERIES.serie}/${number}`;
      doc.atcud = `ATCUD:TWIN${doc.type === 'InvoiceReceipt' ? 'FR' : 'NC'}-${number}`;
      doc.finalizedAt = now.toISOString();
      return doc;
    }
    if (state === 'deleted' && doc.status === 'draft') {
      doc.status = 'deleted';
      return doc;
    }
    if (state === 'canceled' && doc.status === 'final') {
      if (typeof message !== 'string' || !message.trim()) fault("Message can't be blank");
      doc.status = 'canceled';
      doc.cancel_message = message;
      return doc;
    }
    return fault(`Invalid state transition from ${doc.status} to ${String(state)}`);
  }

  /** `GET /invoices.json?text=&type[]=`: newest first. */
  search(text: string, types: readonly string[]): IxDocument[] {
    const needle = text.toLowerCase();
    return this.documents
      .filter(
        (d) =>
          (types.length === 0 || types.includes(d.type)) &&
          (!needle ||
            d.reference.toLowerCase().includes(needle) ||
            d.observations.toLowerCase().includes(needle) ||
            d.client.name.toLowerCase().includes(needle)),
      )
      .reverse();
  }
}

/**
 * What ends a document's public link: an opaque token (a document kept by an earlier run may end in its
 * number). Its PDF is served under the same key (`/pdf/{key}.pdf`), never under a number one could count.
 */
export function permalinkKey(doc: Pick<IxDocument, 'permalink'>): string {
  return doc.permalink.slice(doc.permalink.lastIndexOf('/') + 1);
}
