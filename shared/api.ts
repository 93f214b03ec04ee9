/**
 * The HTTP API's answers, as types shared by the handlers (which produce them) and the web app (which
 * reads them). Money is integer euro cents; times are ISO 8601 strings (UTC) unless named `...Seconds`.
 * Errors are always `{ error: { code, message, fields? } }` (see `ApiErrorBody`).
 */
import type { AdminProduct, Collection, ListingProduct, Product } from './product.ts';
import type { OrderStatus } from './order-status.ts';
import type { PaymentInstructions, PaymentMethodId } from './payment-methods.ts';
import type { ProductPhoto } from './photos.ts';
import type { ShippingMethodId } from './shipping.ts';
import type { AdminEmailKind } from './order-emails.ts';
import type { TrackingCarrier } from './tracking.ts';
import type { StockMovement } from './stock.ts';
import type { OrderCaps, RetentionSettings, SettingChange, ShopSettings } from './settings.ts';
import type { SellerIdentity } from './shop-identity.ts';
import type { CustomerProviderPayment, ProviderPaymentRecord } from './automatic-payments.ts';
import type { FinancialStatus, LedgerEntry, LedgerMethod, ProofMethod } from './ledger.ts';
import type { GoLiveState } from './go-live.ts';
import type { InvoiceView } from './invoices.ts'; import type { AppliedDiscount } from './discount-codes.ts';

export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly fields?: Readonly<Record<string, string>>;
    /** A 409 over a value that changed meanwhile: the current value(s), e.g. `{ stock: 7 }` or `{ version: 4 }`. */
    readonly current?: Readonly<Record<string, number>>;
  };
}

// ── Public ──

/** GET /api/products */
export interface ProductsResponse { readonly products: readonly ListingProduct[] }
/** GET /api/products/{id} */
export interface ProductResponse { readonly product: Product }
/** GET /api/collections (also GET /api/admin/collections) */
export interface CollectionsResponse { readonly collections: readonly Collection[] }
/** POST /api/admin/collections → 201 */
export interface CollectionResponse { readonly collection: Collection }

/** POST /api/contact-messages → 201 */
export interface ContactMessageCreated { readonly id: string }
/** POST /api/stock-alerts → 201 */
export interface StockAlertCreated { readonly id: string }

export interface PaymentMethodInfo {
  readonly id: PaymentMethodId;
  readonly label: string;
  /** False only for MB WAY when this month's two numbers are used up. */
  readonly available: boolean;
  /** Absent when not available. */
  readonly instructions?: PaymentInstructions;
  /** Minutes a reservation paid this way holds its pieces while the customer pays (the shop's setting). */
  readonly holdMinutes: number;
}
/** GET /api/payment-methods */
export interface PaymentMethodsResponse {
  readonly methods: readonly PaymentMethodInfo[];
}

/** GET /api/shop-info: what the storefront's pages state from the shop's settings. */
export interface ShopInfoResponse {
  /** The seller's legal identification (footer, legal pages, withdrawal form, packing slips). */
  readonly seller: SellerIdentity;
  /** The retention periods in force (the privacy policy page states them). */
  readonly retention: RetentionSettings;
  /** Years orders are kept for accounting. */ readonly orderRetentionYears: number;
  /** What one order may hold (the product page's quantity and the cart follow it). */
  readonly orderCaps: OrderCaps;
  /** The go-live checklist is complete: false = "Loja em preparação", checkout closed (docs/design.md §33). */ readonly ready: boolean;
}

/** A presigned POST: the browser sends `fields` + the file (last) as multipart/form-data to `url`. */
export interface PresignedUpload {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
  /** Object key; for proofs, what the order references (`proofKey`). */
  readonly key: string;
  readonly maxBytes: number;
  readonly expiresAt: string;
}
/** POST /api/uploads/proof → 201 */
export interface ProofUploadResponse { readonly upload: PresignedUpload }
/** POST /api/admin/uploads/image → 201; after the upload, `uploadId` is what the form polls for its processing. */
export interface ImageUploadResponse { readonly upload: PresignedUpload & { readonly uploadId: string } }
/** GET /api/admin/uploads/image/{id} → 200: the processing of one uploaded photo. */
export type PhotoUploadStatus =
  | { readonly status: 'processing' }
  | { readonly status: 'ready'; readonly photo: Omit<ProductPhoto, 'alt'> }
  | { readonly status: 'failed'; readonly message: string };

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
  /** unitPriceCents × quantity (before a code's share). */ readonly lineTotalCents: number;
  /** A discount code's share of this line (of `discount.amountCents`; docs/discount-codes.md). */ readonly codeDiscountCents?: number;
}

export interface OrderTotals {
  /** Goods before discounts. */
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCents: number;
  /** Goods after discounts + shipping − the code's discount: what the customer pays. */ readonly totalCents: number;
  /** The discount code used and what it took off (docs/discount-codes.md). */ readonly discount?: AppliedDiscount;
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
  /** Notes: the owner's text (internal). Status changes: a short reason ("reserva expirada", "peças devolvidas ao stock"). E-mails that failed: why. */
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
  readonly lines: readonly OrderLine[];
  readonly email: string;
  readonly firstName: string;
  /** Status changes, oldest first. */
  readonly timeline: readonly TimelineEntry[];
  /** Paid through the payment provider (docs/design.md §34): the MB WAY request's or the reference's state. */
  readonly providerPayment?: CustomerProviderPayment;
  /** The order's money (docs/design.md §35): its financial status and what the customer may see of its ledger (no ids, fees, notes nor names). */
  readonly financialStatus: FinancialStatus;
  readonly ledger: readonly CustomerLedgerEntry[];
  /** Once shipped with one: the carrier's tracking code (the latest the shop sent). */
  readonly trackingCode?: string;
  /** With `trackingCode`: its carrier; `ctt` (or absent) links the CTT's page (`trackingUrl` of `shared/tracking.ts`), `outra` links nothing. */
  readonly carrier?: TrackingCarrier;
  /** Once invoicing is on and the order is paid (docs/invoices.md): the fatura-recibo's number and link, or that it is pending. */ readonly invoice?: Pick<InvoiceView, 'number' | 'status' | 'url'>;
}

/** A ledger entry as the customer sees it. */
export type CustomerLedgerEntry = Pick<LedgerEntry, 'kind' | 'method' | 'state' | 'amountCents' | 'currency' | 'at' | 'settledAt' | 'reason'>;

/**
 * POST /api/orders (header Idempotency-Key) → 201, or 200 with the same body for a repeated key.
 * `accessToken` lets this browser attach the proof and see the order; it is never shown again.
 */
export interface PlaceOrderResponse {
  readonly order: CustomerOrder & { readonly accessToken: string };
}

/** POST /api/orders/{id}/proof and GET /api/orders/{id}?token= */
export interface CustomerOrderResponse { readonly order: CustomerOrder }

/** POST /api/orders/lookup → 202: the same answer whether or not the order exists (the link goes by e-mail). */
export interface OrderLookupResponse { readonly message: string }

// ── Admin (Authorization: Bearer <Cognito ID or access token of a member of group admin; the back-office sends the ID token, which names the admin's e-mail>) ──

export interface OrderEmailRecord {
  /** `order-link`: the link to "A minha encomenda", asked for by the customer with number and e-mail; `order-reserved`: the reservation's (how and until when to pay); `order-refunded`: a provider payment that came late, given back. */
  readonly kind: 'order-reserved' | 'order-received' | 'order-cancelled' | 'order-link' | 'order-refunded' | AdminEmailKind;
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
  readonly nif?: string; readonly companyName?: string;
  /** Once invoicing is on and concerned the order (docs/invoices.md): its fatura-recibo, or why not yet; with the credit notes. */ readonly invoice?: InvoiceView;
  /** Paid through the payment provider (docs/design.md §34): the payment, its fee and net, its refunds. */
  readonly providerPayment?: ProviderPaymentRecord;
  /** The manual method the proof is for, when not the one chosen at checkout (a declined automatic MB WAY paid by transfer). */
  readonly proofMethod?: ProofMethod;
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
export type OrderSummary = Pick<Order, 'id' | 'orderNumber' | 'status' | 'createdAt' | 'country' | 'paymentMethod' | 'totalCents' | 'email' | 'firstName' | 'lastName'> & {
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
export interface OrderDetailResponse { readonly order: Order; readonly proofUrl?: string }
/** PATCH /api/admin/orders/{id} and POST /api/admin/orders/{id}/emails answer the updated order. */
export interface OrderResponse { readonly order: Order }

/** GET /api/admin/dashboard */
/** The dashboard's figures: all-time counts, except the revenue, which is of `month`. */
export interface DashboardResponse {
  /** How many orders are in each status now (all orders ever placed). */
  readonly ordersByStatus: Readonly<Record<OrderStatus, number>>;
  /** The month of `monthRevenueCents`: this month in Lisbon, `YYYY-MM`. */
  readonly month: string;
  /** Paid orders (status Enviar, Enviado or Concluido) created in `month`, Lisbon time. */
  readonly monthRevenueCents: number;
  /** Public pieces sold out: no unit left in any size (`isSoldOut` of `shared/stock.ts`). */
  readonly outOfStockProducts: number;
  /** Public pieces with at least one size sold out (0 units), whole or not: `hasSoldOutSize` of `shared/stock.ts`. */
  readonly soldOutSizeProducts: number;
  /** Public pieces with at least one size at 1 to `lowStockThreshold` units: `hasLowStockSize` of `shared/stock.ts`. */
  readonly lowStockProducts: number;
  /** The shop's setting in force: "stock baixo" is 1 to this many units. */
  readonly lowStockThreshold: number;
  readonly pendingStockAlerts: number;
  readonly unreadContactMessages: number;
  /**
   * Reservations awaiting payment (`Aguarda Pagamento`) and the units of stock they hold, from the
   * counters. One whose time ran out counts until the expiry job closes it (every 5 minutes), since
   * its pieces are held until then.
   */
  readonly openReservations: { readonly count: number; readonly units: number };
  /** Orders whose proof waits for the owner (`Confirmar Pagamento`) and the units they hold, from the counters. */
  readonly unconfirmedProofs: { readonly count: number; readonly units: number };
  /** Today, the last 7 days (today included) and this month, in Lisbon time. */
  readonly periods: readonly DashboardPeriod[];
  /** The go-live checklist, with SES's last answer about the sender (the banner until the shop may open). */ readonly goLive: GoLiveState;
}

/**
 * One period's figures, of the orders created in it: how many had their proof of payment arrive
 * (received), and the cents of those paid (status Enviar, Enviado or Concluido).
 */
export interface DashboardPeriod {
  readonly period: 'today' | 'week' | 'month';
  readonly receivedOrders: number;
  readonly revenueCents: number;
}

/** DELETE /api/admin/products/{id} → 200 */
export interface ProductDeletedResponse { readonly deleted: string }
/** GET /api/admin/products: with each product's `version`. */
export interface AdminProductsResponse {
  readonly products: readonly AdminProduct[];
  /** The shop's setting in force: the list's "stock baixo" filter is 1 to this many units. */
  readonly lowStockThreshold: number;
}
/** POST /api/admin/products (201) and GET /api/admin/products/{id}: the product with its `version`. */
export interface AdminProductResponse { readonly product: AdminProduct }
/**
 * PUT /api/admin/products/{id}: the product as saved, with its new `version` (stock untouched). A
 * stale `version` answers 409 `product_changed` with `current.version`.
 */
export interface ProductUpdatedResponse { readonly product: AdminProduct }
/**
 * POST /api/admin/products/{id}/stock: the product after the change, the movement recorded with it,
 * and how many back-in-stock e-mails a change from 0 sent. A stale `expected` answers 409
 * `stock_changed` with `current.stock`.
 */
/** `backInStock`: the change took the piece from 0 to above 0, so its pending back-in-stock requests are being e-mailed (through the outbox). */
export interface StockChangedResponse { readonly product: AdminProduct; readonly movement: StockMovement; readonly backInStock: boolean }
/** GET /api/admin/products/{id}/stock-movements: the latest movements, newest first. */
export interface StockMovementsResponse { readonly movements: readonly StockMovement[] }

export interface ContactMessage {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly subject: string;
  readonly message: string;
  readonly createdAt: string;
  readonly read: boolean;
}
/** GET /api/admin/contact-messages (newest first) */
export interface ContactMessagesPage { readonly messages: readonly ContactMessage[]; readonly nextCursor?: string }
/** GET /api/admin/contact-messages/{id} (marks it read) */
export interface ContactMessageResponse { readonly message: ContactMessage }

export interface StockAlert {
  readonly id: string;
  readonly email: string;
  readonly productId: string;
  /** The size waited for; absent for a product without sizes (and on requests from before sizes). */
  readonly variantId?: string;
  /** Its label ("45 cm"), when the piece is sold in sizes. */
  readonly size?: string;
  readonly productName: string;
  readonly createdAt: string;
  readonly status: 'unconfirmed' | 'pending' | 'notified';
  readonly notifiedAt?: string;
}
/** GET /api/admin/stock-alerts (newest first) */
export interface StockAlertsPage { readonly alerts: readonly StockAlert[]; readonly nextCursor?: string }

/** GET and PUT /api/admin/settings: the record in force, its version and its latest saves (newest first). */
export interface SettingsResponse {
  readonly settings: ShopSettings;
  /** The go-live checklist of these settings (docs/design.md §33). */ readonly goLive: GoLiveState;
  /** 0 while nothing was ever saved (the defaults show). */
  readonly version: number;
  readonly updatedAt?: string;
  readonly updatedBy?: string;
  readonly history: readonly { readonly at: string; readonly by: string; readonly version: number; readonly changes: readonly SettingChange[] }[];
}
