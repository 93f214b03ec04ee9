/**
 * The HTTP API's answers, as types shared by the handlers (which produce them) and the web app (which
 * reads them). Money is integer euro cents; times are ISO 8601 strings (UTC) unless named `...Seconds`.
 * Errors are always `{ error: { code, message, fields? } }` (see `ApiErrorBody`).
 */
import type { AdminProduct, Collection, ListingProduct, Product } from './product.ts';
import type { OrderStatus } from './order-status.ts';
import type { PaymentInstructions, PaymentMethodId } from './payment-methods.ts';
import type { ProductPhoto } from './photos.ts';
import type { StockMovement } from './stock.ts';
import type { OrderCaps, RetentionSettings, SettingChange, ShopSettings } from './settings.ts';
import type { SellerIdentity } from './shop-identity.ts';
import type { GoLiveState } from './go-live.ts';

export type * from './api-orders.ts';

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
export interface ProductsResponse {
  readonly products: readonly ListingProduct[];
}
/** GET /api/products/{id} */
export interface ProductResponse {
  readonly product: Product;
}
/** GET /api/collections (also GET /api/admin/collections) */
export interface CollectionsResponse {
  readonly collections: readonly Collection[];
}
/** POST /api/admin/collections → 201 */
export interface CollectionResponse {
  readonly collection: Collection;
}

/** POST /api/contact-messages → 201 */
export interface ContactMessageCreated {
  readonly id: string;
}
/** POST /api/stock-alerts → 201 */
export interface StockAlertCreated {
  readonly id: string;
}

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
  /** Only while the shop offers a gift wrap (docs/gifts.md): its price now (0 = free). */
  readonly giftWrapCents?: number;
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
export interface ProofUploadResponse {
  readonly upload: PresignedUpload;
}
/** POST /api/admin/uploads/image → 201; after the upload, `uploadId` is what the form polls for its processing. */
export interface ImageUploadResponse {
  readonly upload: PresignedUpload & { readonly uploadId: string };
}
/** GET /api/admin/uploads/image/{id} → 200: the processing of one uploaded photo. */
export type PhotoUploadStatus =
  | { readonly status: 'processing' }
  | { readonly status: 'ready'; readonly photo: Omit<ProductPhoto, 'alt'> }
  | { readonly status: 'failed'; readonly message: string };

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
export interface ProductDeletedResponse {
  readonly deleted: string;
}
/** GET /api/admin/products: with each product's `version`. */
export interface AdminProductsResponse {
  readonly products: readonly AdminProduct[];
  /** The shop's setting in force: the list's "stock baixo" filter is 1 to this many units. */
  readonly lowStockThreshold: number;
}
/** POST /api/admin/products (201) and GET /api/admin/products/{id}: the product with its `version`. */
export interface AdminProductResponse {
  readonly product: AdminProduct;
}
/**
 * PUT /api/admin/products/{id}: the product as saved, with its new `version` (stock untouched). A
 * stale `version` answers 409 `product_changed` with `current.version`.
 */
export interface ProductUpdatedResponse {
  readonly product: AdminProduct;
}
/**
 * POST /api/admin/products/{id}/stock: the product after the change, the movement recorded with it,
 * and how many back-in-stock e-mails a change from 0 sent. A stale `expected` answers 409
 * `stock_changed` with `current.stock`.
 */
/**
 * `backInStock`: the change took the piece from 0 to above 0, so its pending back-in-stock requests are being e-mailed (through the
 * outbox).
 */
export interface StockChangedResponse {
  readonly product: AdminProduct;
  readonly movement: StockMovement;
  readonly backInStock: boolean;
}
/** GET /api/admin/products/{id}/stock-movements: the latest movements, newest first. */
export interface StockMovementsResponse {
  readonly movements: readonly StockMovement[];
}

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
export interface ContactMessagesPage {
  readonly messages: readonly ContactMessage[];
  readonly nextCursor?: string;
}
/** GET /api/admin/contact-messages/{id} (marks it read) */
export interface ContactMessageResponse {
  readonly message: ContactMessage;
}

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
export interface StockAlertsPage {
  readonly alerts: readonly StockAlert[];
  readonly nextCursor?: string;
}

/** GET and PUT /api/admin/settings: the record in force, its version and its latest saves (newest first). */
export interface SettingsResponse {
  readonly settings: ShopSettings;
  /** The go-live checklist of these settings (docs/design.md §33). */ readonly goLive: GoLiveState;
  /** 0 while nothing was ever saved (the defaults show). */
  readonly version: number;
  readonly updatedAt?: string;
  readonly updatedBy?: string;
  readonly history: readonly {
    readonly at: string;
    readonly by: string;
    readonly version: number;
    readonly changes: readonly SettingChange[];
  }[];
}
