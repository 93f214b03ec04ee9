/**
 * The HTTP API's contract: one entry per route key (`'POST /api/orders'`), with the body and query the
 * route accepts and the answer it gives. The server's handlers (`httpRoute`, `ok`), the browser's API
 * clients and the test helpers take their types from here, so a handler that answers the wrong shape,
 * or a client that sends the wrong body, fails `npm run typecheck`. `lambdas/routes.ts` must have
 * exactly these keys (checked at compile time there).
 */
import type { GoLiveState } from './go-live.ts';
import type { SalesResponse } from './sales.ts';
import type { CodeCheckResponse, DiscountCodeResponse, DiscountCodesResponse } from './discount-codes.ts';
import type { DiscountCodeInput } from './schemas/discount-code.ts';
import type { CodeCheckInput } from './schemas/code-check.ts';
import type { SalesQuery } from './schemas/sales-query.ts';
import type { CustomerAnonymisedResponse, CustomerResponse } from './api-customers.ts';
import type {
  AdminProductResponse,
  AdminProductsResponse,
  CollectionResponse,
  CollectionsResponse,
  ContactMessageCreated,
  ContactMessageResponse,
  CustomerOrderResponse,
  OrderLookupResponse,
  ContactMessagesPage,
  DashboardResponse,
  ImageUploadResponse,
  PhotoUploadStatus,
  OrderDetailResponse,
  OrderResponse,
  OrdersPage,
  PaymentMethodsResponse,
  ShopInfoResponse,
  PlaceOrderResponse,
  ProductResponse,
  ProductsResponse,
  ProductUpdatedResponse,
  ProductDeletedResponse,
  ProofUploadResponse,
  SettingsResponse,
  StockAlert,
  StockAlertCreated,
  StockAlertsPage,
  StockChangedResponse,
  StockMovementsResponse,
} from './api.ts';
import type {
  AdminEmailRequest,
  AttachProofInput,
  ChoosePaymentMethodInput,
  OrderLookupInput,
  OrderNoteInput,
  OrderRefundInput,
  CollectionInput,
  ContactMessageInput,
  ImageUploadRequest,
  OrdersQuery,
  OrdersExportQuery,
  OrderStatusChange,
  PageQuery,
  PlaceOrderInput,
  ProductInput,
  ProductUpdateInput,
  ProofUploadRequest,
  StockAlertConfirmInput,
  StockAlertInput,
  StockChangeInput,
} from './schemas/index.ts';
import type { InvoicingKeyInput, PaymentKeysInput, SettingsUpdate } from './schemas/settings.ts';
import type { AutomaticPayments } from './automatic-payments.ts';
import type { SuspiciousBulk, SuspiciousClose } from './schemas/abuse.ts';
import type { AnonymiseQuery } from './schemas/anonymise-query.ts';
import type { ChallengeQuery } from './schemas/challenge-query.ts';
import type { SearchQuery } from './schemas/search-query.ts';
import type { BlocksResponse, SuspiciousBulkResponse, SuspiciousClosedResponse } from './abuse.ts';

/**
 * `GET /api/challenge?units=`: an ALTCHA v2 challenge as `altcha-lib` makes it, for `x-altcha` (docs/design.md §28);
 * under the signature, `data` says how many units of a checkout it covers and the max number it was made with.
 */
export interface ChallengeResponse {
  readonly parameters: {
    readonly algorithm: string;
    readonly nonce: string;
    readonly salt: string;
    readonly cost: number;
    readonly keyLength: number;
    readonly keyPrefix: string;
    readonly keySignature?: string;
    readonly expiresAt?: number;
    readonly data?: { readonly units?: number; readonly maxNumber?: number };
  };
  readonly signature?: string;
}

/** What one route takes and gives; `undefined` where it takes no body or query. */
/** POST /api/payments/stripe: what the provider is answered (it only reads the status). */
export interface PaymentEventResponse {
  readonly received: true;
}

interface Contract<Response, Body = undefined, Query = undefined> {
  readonly body: Body;
  readonly query: Query;
  readonly response: Response;
}

export interface ApiRoutes {
  // ── Public ──
  'GET /api/products': Contract<ProductsResponse>;
  'GET /api/products/{id}': Contract<ProductResponse>;
  'GET /api/collections': Contract<CollectionsResponse>;
  'POST /api/contact-messages': Contract<ContactMessageCreated, ContactMessageInput>;
  'POST /api/stock-alerts': Contract<StockAlertCreated, StockAlertInput>;
  /** → 200 with the piece (and size) whose request is confirmed. */
  'POST /api/stock-alerts/confirm': Contract<Pick<StockAlert, 'productName' | 'size'>, StockAlertConfirmInput>;
  /** XML text, not JSON. */
  'GET /api/sitemap.xml': Contract<string>;
  /** The pieces that answer `?q=` (`shared/search.ts`), best first, as listing cards. */
  'GET /api/search': Contract<ProductsResponse, undefined, SearchQuery>;
  /** Google Merchant Center's feed (RSS 2.0 with `g:` fields), XML text (`shared/feeds.ts`). */
  'GET /api/feeds/google.xml': Contract<string>;
  /** Meta's catalogue feed, CSV text (`shared/feeds.ts`). */
  'GET /api/feeds/meta.csv': Contract<string>;
  /**
   * A pre-rendered page the site bucket does not have yet (`key`: `pages/<path>.html`), as CloudFront's
   * fallback origin asks for it: HTML, 200 or 404.
   */
  'GET /api/pages/{key+}': Contract<string>;
  'GET /api/payment-methods': Contract<PaymentMethodsResponse>;
  'GET /api/shop-info': Contract<ShopInfoResponse>;
  /** A signed ALTCHA challenge (v2, `altcha-lib`) for the `x-altcha` header of the next public write; never cached. */
  'GET /api/challenge': Contract<ChallengeResponse, undefined, ChallengeQuery>;
  'POST /api/uploads/proof': Contract<ProofUploadResponse, ProofUploadRequest>;
  /** Header `Idempotency-Key`; 201, or 200 with the same answer for a repeated key. */
  'POST /api/orders': Contract<PlaceOrderResponse, PlaceOrderInput>;
  /**
   * The customer's proof of payment for their reservation (authorized by the order's access token: header `x-order-token`, or `accessToken`
   * in the body).
   */
  'POST /api/orders/{id}/proof': Contract<CustomerOrderResponse, AttachProofInput>;
  /**
   * After a failed automatic payment, the manual method the customer will pay with (token in `x-order-token`): once per
   * order, the reservation then holds for that method's time (docs/payment-switch.md); 409 otherwise.
   */
  'POST /api/orders/{id}/payment-method': Contract<CustomerOrderResponse, ChoosePaymentMethodInput>;
  /** The customer cancels their reservation while it awaits payment (token in `x-order-token`); the stock comes back at once. */
  'POST /api/orders/{id}/cancel': Contract<CustomerOrderResponse>;
  /** The customer's view of their order (its access token in the header `x-order-token`, never in the query). */
  'GET /api/orders/{id}': Contract<CustomerOrderResponse>;
  /** The order's link e-mailed to the order's address when number and e-mail match; 202 either way. */
  'POST /api/orders/lookup': Contract<OrderLookupResponse, OrderLookupInput>;
  /**
   * A cart priced with a discount code (docs/discount-codes.md); 409 `code_*` with the reason beside the field. Proof of work, limited per
   * address.
   */
  'POST /api/discount-codes/check': Contract<CodeCheckResponse, CodeCheckInput>;
  /**
   * The payment provider's signed notification (docs/design.md §34): its raw body, verified by its `Stripe-Signature`; 200 once applied,
   * repeated or not the shop's.
   */
  'POST /api/payments/stripe': Contract<PaymentEventResponse>;
  // ── Admin ──
  'GET /api/admin/dashboard': Contract<DashboardResponse>;
  'GET /api/admin/orders': Contract<OrdersPage, undefined, OrdersQuery>;
  /** CSV text (UTF-8 with BOM, `;`), not JSON: the orders or lines of a range of Lisbon days. */
  'GET /api/admin/orders/export': Contract<string, undefined, OrdersExportQuery>;
  'GET /api/admin/orders/{id}': Contract<OrderDetailResponse>;
  /** The paid money of the orders placed in a range of Lisbon days, from their ledgers, by day, week or month (docs/sales.md). */
  'GET /api/admin/sales': Contract<SalesResponse, undefined, SalesQuery>;
  /** The same figures as a CSV for Excel (docs/sales.md): periods, best pieces, codes, methods. */
  'GET /api/admin/sales/export': Contract<string, undefined, SalesQuery>;
  /** One customer's orders and contact messages; `{ref}` names one of their records, never the e-mail (`shared/customer-ref.ts`). */
  'GET /api/admin/customers/{ref}': Contract<CustomerResponse>;
  /**
   * GDPR erasure of one customer (`{ref}` as above): their orders stay without personal data; 409 while an order is open (`?closeOpen=true`
   * closes their unpaid reservations first).
   */
  'POST /api/admin/customers/{ref}/anonymise': Contract<CustomerAnonymisedResponse, undefined, AnonymiseQuery>;
  /** Cancels an unpaid or unconfirmed order (stock back) and blocks its e-mail, phone and client address from reserving. */
  'POST /api/admin/orders/{id}/suspicious': Contract<SuspiciousClosedResponse, SuspiciousClose>;
  /** The same for several orders; each order's outcome is reported (200 even when some are refused). */
  'POST /api/admin/orders/suspicious': Contract<SuspiciousBulkResponse, SuspiciousBulk>;
  /** The block list in force (expired blocks are purged on the way). */
  'GET /api/admin/blocks': Contract<BlocksResponse>;
  /** Ends a block early. */
  'DELETE /api/admin/blocks/{id}': Contract<BlocksResponse>;
  'PATCH /api/admin/orders/{id}': Contract<OrderResponse, OrderStatusChange>;
  'POST /api/admin/orders/{id}/emails': Contract<OrderResponse, AdminEmailRequest>;
  /** An internal note on the order's timeline → 201. */
  'POST /api/admin/orders/{id}/notes': Contract<OrderResponse, OrderNoteInput>;
  /**
   * "Devolver parte do pagamento" of a paid order (docs/money.md "Refunds"): through the provider, or
   * recorded as given back by hand; 400 beside `refundCents` out of range, 409 `refund_changed` when what
   * is left is not `expectedLeftCents`, 409 `refund_underway` while a provider refund is being made.
   */
  'POST /api/admin/orders/{id}/refunds': Contract<OrderResponse, OrderRefundInput>;
  /** "Tentar de novo" of a pending or refused invoice (docs/invoices.md); 409 `invoice_not_retryable` when none waits. */
  'POST /api/admin/orders/{id}/invoice': Contract<OrderResponse>;
  'GET /api/admin/products': Contract<AdminProductsResponse>;
  'POST /api/admin/products': Contract<AdminProductResponse, ProductInput>;
  'GET /api/admin/products/{id}': Contract<AdminProductResponse>;
  /** Every field but stock, conditioned on `version`; 409 `product_changed` when it is stale. */
  'PUT /api/admin/products/{id}': Contract<ProductUpdatedResponse, ProductUpdateInput>;
  /** Only a piece never ordered (409 `product_ordered` otherwise: archive it). */
  'DELETE /api/admin/products/{id}': Contract<ProductDeletedResponse>;
  /** "+/- N" or "set to N" (conditioned on `expected`; 409 `stock_changed` when stale), with its movement. */
  'POST /api/admin/products/{id}/stock': Contract<StockChangedResponse, StockChangeInput>;
  'GET /api/admin/products/{id}/stock-movements': Contract<StockMovementsResponse>;
  'POST /api/admin/uploads/image': Contract<ImageUploadResponse, ImageUploadRequest>;
  /** The processing of an uploaded photo, polled by the product form until it is ready or refused. */
  'GET /api/admin/uploads/image/{id}': Contract<PhotoUploadStatus>;
  'GET /api/admin/contact-messages': Contract<ContactMessagesPage, undefined, PageQuery>;
  'GET /api/admin/contact-messages/{id}': Contract<ContactMessageResponse>;
  'GET /api/admin/stock-alerts': Contract<StockAlertsPage, undefined, PageQuery>;
  'GET /api/admin/collections': Contract<CollectionsResponse>;
  'POST /api/admin/collections': Contract<CollectionResponse, CollectionInput>;
  /** Renames a collection and moves its pieces with it, in one transaction. */
  'PUT /api/admin/collections/{id}': Contract<CollectionResponse, CollectionInput>;
  /** Only an empty collection (409 `collection_not_empty` otherwise). */
  'DELETE /api/admin/collections/{id}': Contract<{ readonly deleted: string }>;
  /** "Códigos de desconto" (docs/discount-codes.md): newest first, each with its uses. */
  'GET /api/admin/discount-codes': Contract<DiscountCodesResponse>;
  /** A new code → 201; 409 `code_exists` when its name (case-insensitive) is taken; look-alike characters refused. */
  'POST /api/admin/discount-codes': Contract<DiscountCodeResponse, DiscountCodeInput>;
  'GET /api/admin/discount-codes/{code}': Contract<DiscountCodeResponse>;
  /** An edit, pausing included (`active`); the name cannot change. */
  'PUT /api/admin/discount-codes/{code}': Contract<DiscountCodeResponse, DiscountCodeInput>;
  /** Only a code no order holds (409 `code_in_use`: pause it instead). */
  'DELETE /api/admin/discount-codes/{code}': Contract<{ readonly deleted: string }>;
  'GET /api/admin/settings': Contract<SettingsResponse>;
  /** Over the version the screen loaded (409 `settings_changed` otherwise); the history records who and what. */
  'PUT /api/admin/settings': Contract<SettingsResponse, SettingsUpdate>;
  /**
   * Asks SES now whether the shop's sender is verified and keeps the answer (the go-live checklist,
   * docs/design.md §33): "Definições" asks when the item is still missing.
   */
  'POST /api/admin/settings/sender-check': Contract<{ readonly goLive: GoLiveState }>;
  /**
   * The payment provider's keys (docs/design.md §34): checked with the provider (400
   * `payment_keys_refused`, 503 when it does not answer; nothing kept), then written to their secret.
   * The answer is their record only (when, the last 4 characters): no route gives the keys back.
   */
  'PUT /api/admin/settings/payment-keys': Contract<{ readonly keys: NonNullable<AutomaticPayments['keys']> }, PaymentKeysInput>;
  /**
   * The invoicing provider's account and API key (docs/invoices.md): 400 `invoicing_key_refused`, 503 when it cannot be asked; the key
   * never comes back.
   */
  'PUT /api/admin/settings/invoicing-key': Contract<
    { readonly key: { readonly savedAt: string; readonly hint: string; readonly account: string } },
    InvoicingKeyInput
  >;
}

export type ApiRouteKey = keyof ApiRoutes;
export type ApiBody<K extends ApiRouteKey> = ApiRoutes[K]['body'];
export type ApiQuery<K extends ApiRouteKey> = ApiRoutes[K]['query'];
export type ApiResponse<K extends ApiRouteKey> = ApiRoutes[K]['response'];

/**
 * The `{name}` parameters of a route's path, e.g. `{ id: string }` for `/api/orders/{id}`; a greedy
 * `{name+}` (the rest of the path, slashes included) is `name` too, as API Gateway names it.
 */
export type PathParams<K extends string> = K extends `${string}{${infer Name}}${infer Rest}`
  ? { readonly [P in Name extends `${infer Greedy}+` ? Greedy : Name]: string } & PathParams<Rest>
  : unknown;

/** What a client sends for one route: path parameters, body and query only where the route has them. */
export type ApiCall<K extends ApiRouteKey> = (K extends `${string}{${string}`
  ? { readonly params: PathParams<K> }
  : { readonly params?: undefined }) &
  (ApiBody<K> extends undefined ? { readonly body?: undefined } : { readonly body: ApiBody<K> }) & {
    readonly query?: ApiQuery<K> extends undefined ? undefined : { readonly [P in keyof ApiQuery<K>]?: string | number | undefined };
  };

/**
 * The method and concrete URL path of a call: parameters filled in (URL-encoded), empty query values
 * left out.
 *
 * @example apiRequestLine('GET /api/orders/{id}', { params: { id: '123456' } }) // { method: 'GET', path: '/api/orders/123456' }
 */
export function apiRequestLine<K extends ApiRouteKey>(key: K, call: ApiCall<K>): { method: string; path: string } {
  const space = key.indexOf(' ');
  const params = (call.params ?? {}) as Readonly<Record<string, string>>;
  const path = key
    .slice(space + 1)
    .replace(/\{(\w+)(\+?)\}/g, (_, name: string, greedy: string) =>
      greedy ? (params[name] ?? '').split('/').map(encodeURIComponent).join('/') : encodeURIComponent(params[name] ?? ''),
    );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return { method: key.slice(0, space), path: text ? `${path}?${text}` : path };
}
