/**
 * The invoice of an order and its credit notes, in the shop's own terms (docs/invoices.md): the lines
 * (each piece with its size, the product discount, shipping as a line of its own), the customer ("Consumidor
 * final" without a NIF), the IVA rate, and the invoice's state as the order views carry it (`invoice`:
 * DESIGN's fixed names). The invoicing adapters turn these into their provider's documents.
 *
 * Prices in the shop include IVA; every amount here is integer cents with IVA included. A provider that
 * takes prices before tax gets the net unit price with {@link NET_PRICE_DECIMALS} decimals
 * ({@link netUnitPrice}), so that its total, computed the way tax-exclusive providers do (net × quantity
 * less the discount, plus the tax, summed, rounded once), is the order's total to the cent.
 */
import { SHIPPING_METHODS, type ShippingMethodId } from './shipping.ts';
import { giftWrapCents, type OrderGift } from './gift.ts';

/** The IVA rate of the mainland's normal band (Código do IVA, art. 18.º), the settings' default. */
export const DEFAULT_VAT_PERCENT = 23;
/** The other rates the settings accept (the Azores' and Madeira's normal bands, the intermediate and reduced ones). */
export const VAT_PERCENTS = [23, 22, 16, 13, 6, 4] as const;

/** Decimals of a net unit price sent to a provider that takes prices before tax. */
export const NET_PRICE_DECIMALS = 6;

/** The name on an invoice issued without the customer's tax number. */
export const FINAL_CONSUMER = 'Consumidor final';

/** One line of an invoice or credit note: amounts in cents with IVA included. */
export interface InvoiceLine {
  readonly kind: 'piece' | 'shipping' | 'gift-wrap' | 'refund';
  /** The product's name (or "Portes de envio", "Embrulho de oferta", "Devolução"). */
  readonly name: string;
  /** What the customer recognises: the name, the size, the SKU. */
  readonly description: string;
  readonly quantity: number;
  /** One unit before the discount. */
  readonly unitGrossCents: number;
  /**
   * The discount on the unit, in percent, exact to {@link NET_PRICE_DECIMALS} decimals: the shop rounds
   * a discounted unit to the cent, so the percent is that of the unit as charged, not the product's figure.
   */
  readonly discountPercent: number;
  /** The line as charged: the discounted unit times the quantity. */
  readonly grossCents: number;
}

/** The customer an invoice is made out to: the NIF given at checkout (and the company), else the final consumer. */
export interface InvoiceCustomer {
  readonly name: string;
  readonly nif?: string;
  readonly email: string;
  readonly address?: string;
  readonly city?: string;
  readonly postalCode?: string;
}

/** The invoice's state on the order views (DESIGN's fixed names): `invoice: { number, status, url? }`. */
export const INVOICE_STATUSES = ['pending', 'issued', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the order views say of the invoice (`number` is '' until one is issued). */
export interface InvoiceView {
  readonly number: string;
  readonly status: InvoiceStatus;
  /** The provider's public link of the document (it opens its PDF), once issued. */
  readonly url?: string;
  /** The owner's view: why it is still pending or failed, in pt-PT. */
  readonly reason?: string;
  /** The credit notes of the refunds, oldest first: always on the owner's view, on the customer's once there is one. */
  readonly creditNotes?: readonly CreditNoteView[];
}

/** A credit note as the order views show it: its legal number, the amount given back, its PDF's link (the provider's public link). */
export interface CreditNoteView {
  readonly number: string;
  readonly amountCents: number;
  readonly url?: string;
}

/** What the invoice reads of an order line (`OrderLine` of `api.ts`, which names this module's types). */
export interface InvoicedLine {
  readonly name: string;
  /** The size's label, '' or absent for a piece without sizes. */
  readonly size?: string;
  readonly sku: string;
  readonly quantity: number;
  /** One unit before the discount. */
  readonly priceCents: number;
  /** One unit as charged. */
  readonly unitPriceCents: number;
  readonly lineTotalCents: number;
  /** A discount code's share of this line (docs/discount-codes.md). */
  readonly codeDiscountCents?: number;
}

/** The percent `part` is of `whole`, to {@link NET_PRICE_DECIMALS} decimals. */
function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Number(((part * 100) / whole).toFixed(NET_PRICE_DECIMALS));
}

/** The description of a piece: its name, its size when it has one, its SKU. */
export function pieceDescription(line: Pick<InvoicedLine, 'name' | 'size' | 'sku'>): string {
  return [line.name, line.size ? `tamanho ${line.size}` : '', line.sku ? `ref. ${line.sku}` : ''].filter(Boolean).join(' · ');
}

/**
 * The invoice's lines of an order: each piece (size in the description) with its quantity, unit price and
 * discount, then shipping as a line of its own when it was charged, then a gift wrap that was charged
 * (docs/gifts.md). Their gross amounts add up to the order's total. A discount code
 * (docs/discount-codes.md) is expressed as each line's discount: its share of the code
 * (`codeDiscountCents`) joins the product's discount in the line's percent and the description names the
 * code; a free-shipping code leaves no shipping line, as free shipping does.
 *
 * @example
 * invoiceLines({ lines: [{ name: 'Colar Lua', size: '45 cm', sku: 'CL-45', quantity: 2, priceCents: 1999, discountPercent: 15,
 * unitPriceCents: 1699, lineTotalCents: 3398 }], shippingCents: 399, shippingMethod: 'ctt' }) // [{ kind: 'piece', …, discountPercent:
 * 15.007504, grossCents: 3398 }, { kind: 'shipping', name: 'Portes de envio', …, grossCents: 399 }]
 */
export function invoiceLines(order: {
  readonly lines: readonly InvoicedLine[];
  readonly shippingCents: number;
  readonly shippingMethod: ShippingMethodId;
  readonly gift?: Pick<OrderGift, 'wrap' | 'wrapCents'>;
  readonly discount?: { readonly code: string; readonly type: string; readonly amountCents: number };
}): InvoiceLine[] {
  const pieces = order.lines.map((line): InvoiceLine => {
    const code = line.codeDiscountCents ?? 0;
    const grossCents = line.lineTotalCents - code;
    const listCents = line.priceCents * line.quantity;
    const description = pieceDescription(line);
    return {
      kind: 'piece',
      name: line.name,
      description: code > 0 && order.discount ? `${description} · código ${order.discount.code}` : description,
      quantity: line.quantity,
      unitGrossCents: line.priceCents,
      // Without a code's share, the unit's own percent (the unit is what was rounded); with one, the line's.
      discountPercent:
        code > 0 ? percentOf(listCents - grossCents, listCents) : percentOf(line.priceCents - line.unitPriceCents, line.priceCents),
      grossCents,
    };
  });
  const waived = order.discount?.type === 'freeShipping' ? order.discount.amountCents : 0;
  const shippingCents = order.shippingCents - waived;
  const shipping = SHIPPING_METHODS[order.shippingMethod]?.label ?? order.shippingMethod;
  const wrapCents = giftWrapCents(order.gift);
  return [
    ...pieces,
    ...(shippingCents > 0 ? [serviceLine('shipping', 'Portes de envio', `Envio por ${shipping}`, shippingCents)] : []),
    ...(wrapCents > 0 ? [serviceLine('gift-wrap', 'Embrulho de oferta', 'Embrulho de oferta', wrapCents)] : []),
  ];
}

/** A line of one unit without discount: shipping, a gift wrap. */
function serviceLine(kind: 'shipping' | 'gift-wrap', name: string, description: string, cents: number): InvoiceLine {
  return { kind, name, description, quantity: 1, unitGrossCents: cents, discountPercent: 0, grossCents: cents };
}

/** The lines' total in cents, IVA included. */
export function linesTotalCents(lines: readonly Pick<InvoiceLine, 'grossCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.grossCents, 0);
}

/**
 * The lines of a credit note for a refund of `amountCents` of an invoice: the invoice's own lines when the
 * refund gives back all of it at once, else one line "Devolução" of that amount (a partial refund, or the
 * rest after one).
 */
export function creditNoteLines(invoice: readonly InvoiceLine[], amountCents: number, orderNumber: number, reason: string): InvoiceLine[] {
  if (amountCents === linesTotalCents(invoice)) return [...invoice];
  return [
    {
      kind: 'refund',
      name: 'Devolução',
      description: `${reason} (encomenda ${orderNumber})`,
      quantity: 1,
      unitGrossCents: amountCents,
      discountPercent: 0,
      grossCents: amountCents,
    },
  ];
}

/**
 * A unit price in euros without IVA, as text with {@link NET_PRICE_DECIMALS} decimals (what a provider
 * that adds the tax itself is sent).
 *
 * @example
 * netUnitPrice(1999, 23); // '16.252033'
 */
export function netUnitPrice(grossCents: number, vatPercent: number): string {
  return (grossCents / 100 / (1 + vatPercent / 100)).toFixed(NET_PRICE_DECIMALS);
}

/** The customer of an order's invoice: the company (or the person) with the NIF given, else "Consumidor final". */
export function invoiceCustomer(order: {
  readonly nif?: string;
  readonly companyName?: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly address: string;
  readonly city: string;
  readonly postalCode: string;
}): InvoiceCustomer {
  if (!order.nif) return { name: FINAL_CONSUMER, email: order.email };
  const name = order.companyName || `${order.firstName} ${order.lastName}`.trim();
  return { name, nif: order.nif, email: order.email, address: order.address, city: order.city, postalCode: order.postalCode };
}

/** The providers the shop has an adapter for (docs/invoices.md). */
export const INVOICING_PROVIDERS = ['invoicexpress'] as const;
export type InvoicingProviderId = (typeof INVOICING_PROVIDERS)[number];

/**
 * "Faturação" in "Definições" (docs/invoices.md): off by default (the owner issues her invoices
 * herself); on, every paid order gets a fatura-recibo and every refund a credit note from the provider.
 */
export interface InvoicingSettings {
  readonly enabled: boolean;
  readonly provider: InvoicingProviderId;
  /** The provider's account name (InvoiceXpress: the subdomain of the account). */
  readonly account: string;
  /** The provider's document series (InvoiceXpress: the sequence id); '' = the account's default. */
  readonly series: string;
  /** The IVA rate of every line, in percent ({@link VAT_PERCENTS}). */
  readonly vatPercent: number;
  /** The provider e-mails the document to the customer; off, the shop's own mail carries the link. */
  readonly sendToCustomer: boolean;
  /** When invoicing was last switched on: payments settled before it get no document (the owner invoiced them). */
  readonly enabledAt?: string;
  /** The API key was saved and checked (when, its last 4 characters); the key itself is only in its secret. */
  readonly key?: { readonly savedAt: string; readonly hint: string };
}

export const DEFAULT_INVOICING: InvoicingSettings = {
  enabled: false,
  provider: 'invoicexpress',
  account: '',
  series: '',
  vatPercent: DEFAULT_VAT_PERCENT,
  sendToCustomer: true,
};

/** Whether the shop issues invoices now: switched on with an account and a saved key. */
export function invoicingOn(settings: InvoicingSettings): boolean {
  return settings.enabled && Boolean(settings.key) && settings.account !== '';
}

/** A document the provider issued, as the order keeps it (`invoicing` on the order). */
export interface RecordedDocument {
  readonly kind: 'invoice-receipt' | 'credit-note';
  readonly provider: InvoicingProviderId;
  readonly documentId: string;
  /** The legal number as printed ("FR A/12", "NC A/3"). */
  readonly number: string;
  readonly totalCents: number;
  readonly issuedAt: string;
  readonly permalink?: string;
  /** The IVA rate it was issued with (a credit note follows its invoice's, whatever the settings say later). */
  readonly vatPercent: number;
  /** Credit notes: the ledger's refund entry it is for. */
  readonly refundId?: string;
}

/** The order's invoicing as the invoices consumer keeps it (docs/invoices.md). */
export interface InvoicingRecord {
  readonly invoice?: RecordedDocument;
  readonly creditNotes: readonly RecordedDocument[];
  /** Tries since the last document (an outage's backoff grows with them). */
  readonly attempts: number;
  /** Why the work waits (pt-PT, for the owner): the provider's outage or refusal. */
  readonly reason?: string;
  /** An outage: not tried again before this time (the redrive job wakes it then). */
  readonly retryAt?: string;
  /** Refused (the request or the credentials): waits for the owner's "Tentar de novo". */
  readonly failed?: boolean;
  /** A run at work on it, until its lease ends. */
  readonly claim?: string;
  readonly claimedUntil?: string;
  readonly wokenAt?: string;
}

/**
 * The invoice on the order views (DESIGN's fixed names: `invoice: { number, status, url? }`), from the
 * order's record: `issued` with its number and link once the fatura-recibo exists (the provider's public
 * link of the document, which opens its PDF); `failed` when the provider refused it; `pending` otherwise
 * (being issued, or waiting for the provider). No record: no `invoice` (invoicing off, or an order it
 * never concerned). Each credit note issued is listed with its number, amount and link (both views); the
 * owner's view adds why work waits ({@link customerInvoiceView} is what the customer's keeps of it).
 */
export function invoiceView(record: InvoicingRecord | undefined, forOwner: boolean): InvoiceView | undefined {
  if (!record) return undefined;
  const invoice = record.invoice;
  const view: InvoiceView = invoice
    ? { number: invoice.number, status: 'issued', ...(invoice.permalink ? { url: invoice.permalink } : {}) }
    : { number: '', status: record.failed ? 'failed' : 'pending' };
  const creditNotes = record.creditNotes.map((note): CreditNoteView => ({
    number: note.number,
    amountCents: note.totalCents,
    ...(note.permalink ? { url: note.permalink } : {}),
  }));
  const owner: InvoiceView = { ...view, ...(record.reason ? { reason: record.reason } : {}), creditNotes };
  return forOwner ? owner : customerInvoiceView(owner);
}

/**
 * What the customer's order page keeps of the owner's view of the invoice: the number, state and link, and
 * the credit notes once there are any; never why the provider did not issue (the owner's business).
 */
export function customerInvoiceView(owner: InvoiceView): InvoiceView {
  const { number, status, url, creditNotes } = owner;
  return { number, status, ...(url ? { url } : {}), ...(creditNotes && creditNotes.length > 0 ? { creditNotes } : {}) };
}
