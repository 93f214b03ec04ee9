/**
 * The HTTP API's answers about orders (part of `shared/api.ts`, which re-exports them): the customer's
 * view of an order, the owner's, and the orders list. Money is integer euro cents; times ISO 8601 (UTC).
 */
import type { OrderStatus } from './order-status.ts';
import type { PaymentInstructions, PaymentMethodId } from './payment-methods.ts';
import type { ShippingMethodId } from './shipping.ts';
import type { AdminEmailKind } from './order-emails.ts';
import type { TrackingCarrier } from './tracking.ts';
import type { CustomerProviderPayment, ProviderPaymentRecord } from './automatic-payments.ts';
import type { FinancialStatus, LedgerEntry, LedgerMethod, ProofMethod } from './ledger.ts';
import type { InvoiceView } from './invoices.ts';
import type { OrderGift } from './gift.ts';
import type { AppliedDiscount } from './discount-codes.ts';

export interface OrderLine {
  readonly productId: string;
  /** The size ordered (`shared/variants.ts`); absent on lines ordered before sizes existed (the product's one size). */
  readonly variantId?: string;
  /** Its label ("45 cm", "14"), or '' / absent for a product without sizes. */
  readonly size?: string;
  readonly name: string;
  readonly code: string;
  /** The SKU of the size ordered. */
  readonly sku: string;
  readonly quantity: number;
  /** Price before discount, per unit. */
  readonly priceCents: number;
  readonly discountPercent: number;
  /** What one unit costs the customer (after discount). */
  readonly unitPriceCents: number;
  /** unitPriceCents × quantity: the line after the product's discount (before a code's share). */
  readonly lineTotalCents: number;
  /** The cents a discount code took off this line (its share of `discount.amountCents`; docs/discount-codes.md). */
  readonly codeDiscountCents?: number;
}

export interface OrderTotals {
  /** Goods before discounts. */
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCents: number;
  /** Goods after discounts + shipping − the code's discount + a gift wrap (docs/gifts.md): what the customer pays. */
  readonly totalCents: number;
  /** An order "para oferta" (docs/gifts.md): the card's message, and the wrap with its price at reservation. */
  readonly gift?: OrderGift;
  /** The discount code the order used and what it took off (DESIGN's fixed names; docs/discount-codes.md). */
  readonly discount?: AppliedDiscount;
}

/** One event in an order's life, shown to the owner (all) and to the customer (status changes). */
export interface TimelineEntry {
  readonly at: string;
  /** `payment`: the payment provider's part (docs/design.md §34): a payment started or refused, a refund. */
  readonly kind: 'reserved' | 'status' | 'note' | 'email' | 'payment';
  /** Status changes: from where to where. */
  readonly from?: OrderStatus;
  readonly to?: OrderStatus;
  /** Who: 'cliente', 'loja' (the shop itself, e.g. an expired reservation) or the admin's e-mail. */
  readonly by: string;
  /**
   * Notes: the owner's text (internal). Status changes: a short reason ("reserva expirada", "peças devolvidas ao stock"). E-mails that
   * failed: why.
   */
  readonly text?: string;
  /** E-mails (owner only): which one, and whether SES accepted it or it failed for good. */
  readonly email?: OrderEmailRecord['kind'];
  readonly outcome?: OrderEmailRecord['status'];
}

/** What the customer sees of their order (with its access token): never the owner's notes or the proof. */
export interface CustomerOrder extends OrderTotals {
  readonly id: string;
  readonly orderNumber: number;
  readonly status: OrderStatus;
  readonly createdAt: string;
  /** Reservations awaiting payment: when they close by themselves if no proof arrives. */
  readonly expiresAt?: string;
  readonly paymentMethod: PaymentMethodId;
  readonly shippingMethod: ShippingMethodId;
  /** How to pay; the order number is the payment reference. */
  readonly instructions: PaymentInstructions;
  /** After a failed automatic payment: the manual method the customer chose to pay with (docs/payment-switch.md). */
  readonly manualMethod?: ProofMethod;
  readonly lines: readonly OrderLine[];
  readonly email: string;
  readonly firstName: string;
  /** Status changes, oldest first. */
  readonly timeline: readonly TimelineEntry[];
  /** Paid through the payment provider (docs/design.md §34): the MB WAY request's or the reference's state. */
  readonly providerPayment?: CustomerProviderPayment;
  /**
   * The order's money (docs/design.md §35): its financial status and what the customer may see of its ledger (no ids, fees, notes nor
   * names).
   */
  readonly financialStatus: FinancialStatus;
  readonly ledger: readonly CustomerLedgerEntry[];
  /** Once shipped with one: the carrier's tracking code (the latest the shop sent). */
  readonly trackingCode?: string;
  /**
   * With `trackingCode`: its carrier; `ctt` (or absent) links the CTT's page (`trackingUrl` of `shared/tracking.ts`), `outra` links
   * nothing.
   */
  readonly carrier?: TrackingCarrier;
  /**
   * Once invoicing is on and the order is paid (docs/invoices.md): the fatura-recibo's number and link, or that it is pending; the
   * credit notes of its refunds once issued (`customerInvoiceView`).
   */
  readonly invoice?: Pick<InvoiceView, 'number' | 'status' | 'url' | 'creditNotes'>;
}

/** A ledger entry as the customer sees it. */
export type CustomerLedgerEntry = Pick<
  LedgerEntry,
  'kind' | 'method' | 'state' | 'amountCents' | 'currency' | 'at' | 'settledAt' | 'reason'
>;

/**
 * POST /api/orders (header Idempotency-Key) → 201, or 200 with the same body for a repeated key.
 * `accessToken` lets this browser attach the proof and see the order; it is never shown again.
 */
export interface PlaceOrderResponse {
  readonly order: CustomerOrder & { readonly accessToken: string };
}

/** POST /api/orders/{id}/proof and GET /api/orders/{id}?token= */
export interface CustomerOrderResponse {
  readonly order: CustomerOrder;
}

/** POST /api/orders/lookup → 202: the same answer whether or not the order exists (the link goes by e-mail). */
export interface OrderLookupResponse {
  readonly message: string;
}

// ── Admin (Authorization: Bearer <Cognito ID or access token of a member of group admin; the back-office sends the ID token, which names
// the admin's e-mail>) ──

export interface OrderEmailRecord {
  /**
   * `order-link`: the link to "A minha encomenda", asked for by the customer with number and e-mail; `order-reserved`: the reservation's
   * (how and until when to pay); `order-refunded`: a provider payment that came late, given back; `invoice-document`: the shop's own mail
   * of a fatura-recibo or credit note (docs/invoices.md).
   */
  readonly kind:
    'order-reserved' | 'order-received' | 'order-cancelled' | 'order-link' | 'order-refunded' | 'invoice-document' | AdminEmailKind;
  /** `bounced`, `complained`: SES accepted it, then the address bounced for good or the customer marked it as spam. */
  readonly status: 'sent' | 'failed' | 'bounced' | 'complained';
  readonly at: string;
  readonly trackingCode?: string;
  /** With `trackingCode`: its carrier (absent on records from before carriers: the CTT). */
  readonly carrier?: TrackingCarrier;
  /** Why it failed (shown to the admin). */
  readonly error?: string;
}

export interface Order extends OrderTotals {
  /** The order number as a string (the table key). */
  readonly id: string;
  readonly orderNumber: number;
  readonly status: OrderStatus;
  readonly createdAt: string;
  /** When the order was placed, in epoch seconds (`createdAt` is the same moment as ISO text). */
  readonly timestamp: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly country: 'Portugal';
  readonly address: string;
  readonly city: string;
  readonly postalCode: string;
  readonly phone: string;
  readonly shippingMethod: ShippingMethodId;
  readonly paymentMethod: PaymentMethodId;
  /** MB WAY orders: which of the month's numbers (1 or 2) the customer was told to pay to. */
  readonly mbwayNumber?: 1 | 2;
  readonly lines: readonly OrderLine[];
  /** Absent while the reservation awaits its proof (and on a reservation paid outside the site). */
  readonly proofKey?: string;
  /**
   * When the owner marked the reservation paid outside the site (`Aguarda Pagamento → Enviar` with a
   * note, which the timeline keeps): the customer paid but sent no proof through the site.
   */
  readonly paidOutsideAt?: string;
  /** When the proof was deleted at the end of its retention period (the order keeps the rest). */
  readonly proofDeletedAt?: string;
  /**
   * When the customer's personal data was anonymised on their request (GDPR erasure): the personal
   * fields hold `ANONYMISED_FIELDS` (`shared/personal-data.ts`), the rest is the accounting record.
   */
  readonly anonymisedAt?: string;
  /** Reservations awaiting payment: when they close by themselves. */
  readonly expiresAt?: string;
  /** The invoice's customer given at checkout (docs/invoices.md): the NIF and the company's name; '' once anonymised. */
  readonly nif?: string;
  readonly companyName?: string;
  /** Once invoicing is on and concerned the order (docs/invoices.md): its fatura-recibo, or why not yet; with the credit notes. */
  readonly invoice?: InvoiceView;
  /** Paid through the payment provider (docs/design.md §34): the payment, its fee and net, its refunds. */
  readonly providerPayment?: ProviderPaymentRecord;
  /**
   * The manual method the proof is for, when not the one chosen at checkout (a declined automatic MB WAY
   * paid by transfer); or the manual method the customer chose after a failed automatic payment.
   */
  readonly proofMethod?: ProofMethod;
  /** When the customer chose a manual method after a failed automatic payment (once per order, docs/payment-switch.md). */
  readonly proofMethodAt?: string;
  /** The ledger's entries stored as such (manual refunds, provider events the order could not take): `ledger` includes them. */
  readonly ledgerRecords?: readonly LedgerEntry[];
  /**
   * The order's money (docs/design.md §35, docs/money.md): every payment attempt and refund, oldest
   * first, and the one financial status derived from it. Every answer of the admin API carries both.
   */
  readonly ledger?: readonly LedgerEntry[];
  readonly financialStatus?: FinancialStatus;
  readonly emails: readonly OrderEmailRecord[];
  readonly timeline: readonly TimelineEntry[];
  /**
   * The latest e-mail of the order that bounced for good or that the customer marked as spam (SES's
   * events): the shop's mail no longer reaches this customer (SES suppresses the address), so the
   * owner should reach them another way.
   */
  readonly mailProblem?: MailProblem;
}

/** A customer address the shop's mail no longer reaches. */
export interface MailProblem {
  readonly kind: 'bounced' | 'complained';
  readonly at: string;
  readonly address: string;
  /** What the receiving server said (a hard bounce's diagnostic), when it said something. */
  readonly detail?: string;
}

/** A row of the orders list. */
export type OrderSummary = Pick<
  Order,
  'id' | 'orderNumber' | 'status' | 'createdAt' | 'country' | 'paymentMethod' | 'totalCents' | 'email' | 'firstName' | 'lastName' | 'gift'
> & {
  readonly financialStatus: FinancialStatus;
  /** The method the ledger names (`method` of `paymentView`): that paid, or being checked, or tried last. */
  readonly ledgerMethod: LedgerMethod;
};

/** GET /api/admin/orders?status=&q=&cursor=&limit= (newest first; `nextCursor` absent on the last page) */
export interface OrdersPage {
  readonly orders: readonly OrderSummary[];
  readonly nextCursor?: string;
  /** Without a search: how many orders the list holds in all (the dashboard's counters), all pages together. */
  readonly total?: number;
}
/**
 * GET /api/admin/orders/{id}: `proofUrl` is a presigned GET valid for a few minutes. Each line's `sku`
 * is what the packing slip prints: the size's SKU, or the product's code when it has none (`lineSku`
 * of `shared/variants.ts`); so in every admin answer of an order.
 */
export interface OrderDetailResponse {
  readonly order: Order;
  readonly proofUrl?: string;
}
/** PATCH /api/admin/orders/{id} and POST /api/admin/orders/{id}/emails answer the updated order. */
export interface OrderResponse {
  readonly order: Order;
}
