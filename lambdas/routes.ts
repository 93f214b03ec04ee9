/**
 * The one route table of the HTTP API.
 *
 * Each row drives both the CDK HTTP API (`infra/cloud/api.ts`: one function per row, JWT authorizer on admin
 * rows, IAM grants from `grants`) and the local gateway (`infra/twin/gateway.ts`). Adding a route means
 * adding one row and its handler module `lambdas/handlers/<handler>.ts`, which exports `handler`.
 */
import type { ApiRouteKey } from '#shared/api-routes.ts';
import {
  CLOSE_ORDER_GRANTS,
  COLLECTIONS_READ,
  grantsOf,
  ORDER_LINKS,
  PRODUCTS_READ,
  PROOF_CLAIM_GRANTS,
  RATE_LIMITS_GRANT,
  SETTINGS_READ,
  SHOP_URL,
  SUSPICIOUS_CLOSE_GRANTS,
  type Grant,
} from './route-grants.ts';
import { PAGES_PREFIX } from '#shared/pages.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'admin';

/**
 * A per-client limit of a public route: at most `max` requests in each fixed window of
 * `windowSeconds`, counted per client address (`by: 'client'`: the address CloudFront passes on in
 * `CloudFront-Viewer-Address`, an IPv6 address by its /64 network) or per e-mail address of the body
 * (`by: 'email'`: lower-cased, without a `+tag`). Over it: 429 with `Retry-After`.
 *
 * The figures allow a real customer everything they need with room to spare (several people behind
 * one mobile operator's shared address included) and stop a bot within seconds.
 */
export interface RateLimit {
  readonly by: 'client' | 'email';
  readonly max: number;
  readonly windowSeconds: number;
}

export interface Route {
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}`. */
  readonly path: `/api/${string}`;
  /** Module under `lambdas/handlers/`, without extension. */
  readonly handler: string;
  readonly access: Access;
  /** What the function may touch; the CDK stack grants exactly this and sets the matching env vars. */
  readonly grants: readonly Grant[];
  /** Seconds a shared cache (CloudFront) may keep a successful answer; absent = not cacheable. */
  readonly cacheSeconds?: number;
  /** Query string parameters the handler reads: the only ones CloudFront's cache key includes. */
  readonly cacheQuery?: readonly string[];
  /** Per-client limits (public write routes); a row with limits needs the `rateLimits` write grant. */
  readonly limits?: readonly RateLimit[];
  /**
   * The route is a public write that needs a solved proof of work in `x-altcha` (docs/design.md §28,
   * `http/challenge-guard.ts`); such a row needs the `orderLinks` grant (its key) and the `rateLimits`
   * write grant (where used proofs are kept).
   */
  readonly challenge?: true;
  /** Keeps an idempotency record: the only rows where a proof of work may come again (same key, same body). */
  readonly idempotent?: true;
  /** Where the body carries the customer's e-mail, for `by: 'email'` limits. */
  readonly emailField?: 'email' | 'shipping.email';
  /**
   * The stage's throttle for this route (API Gateway, all clients together): a safety net against a
   * flood from many addresses at once; the per-client `limits` are what stop one client.
   */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** The function renders pages: the built pre-renderer (`web/dist-ssr`) is bundled with it (`PAGES_ENV`). */
  readonly renderer?: true;
  /**
   * The function checks proofs of payment with sharp (docs/design.md §29): sharp's arm64 build ships in
   * its `node_modules` (as the photo function's), with more memory (so more CPU) to decode a picture.
   */
  readonly checksProofs?: true;
}

const TEN_MINUTES = 600;
const ONE_DAY = 86_400;

/** The stage throttle of the catalogue (cached at the edge, cheap): generous. */
export const CATALOGUE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;
/** The stage throttle of public writes (every client together). */
export const WRITE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** The stage throttle of everything else on the public API (the admin stage's: `infra/common/concurrency.ts`). */
export const DEFAULT_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
/** Executions the stack reserves for the checkout (`infra/common/concurrency.ts`); its stage throttle is sized from it. */
export const CHECKOUT_CONCURRENCY = 20;
/**
 * A checkout's p99 in Lambda, in seconds: the proof of payment's check (≤ 0,6 s on the bench machine
 * under load), the reads and the transaction (~0,2 s), with room for a conflict's retries.
 */
export const CHECKOUT_P99_SECONDS = 2;
/**
 * The stage throttle of the checkout: never more checkouts at once than its reserved executions. A full
 * bucket starts `burstLimit` at once and `rateLimit` more start each second while they run, so at most
 * burstLimit + rateLimit × p99 run together: 10 + 5 × 2 = 20 = {@link CHECKOUT_CONCURRENCY}. A request
 * beyond gets API Gateway's own 429 at once, before any function runs (a function throttled by Lambda
 * would be a 500, an answer the shop cannot tell from a crash); the shop asks again with the same key.
 */
export const CHECKOUT_THROTTLE = /* @__PURE__ */ checkoutThrottleFor(CHECKOUT_CONCURRENCY);

/** The checkout's stage throttle for `executions` it can run at once: burst + rate × p99 = executions. */
export function checkoutThrottleFor(executions: number): { readonly rateLimit: number; readonly burstLimit: number } {
  const burstLimit = Math.max(1, Math.floor(executions / 2));
  return { rateLimit: (executions - burstLimit) / CHECKOUT_P99_SECONDS, burstLimit };
}

export const routes = [
  // ── Public: catalogue and storefront ──
  { method: 'GET', path: '/api/products', handler: 'products/list', access: 'public', cacheSeconds: 30, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }] },
  { method: 'GET', path: '/api/products/{id}', handler: 'products/get', access: 'public', cacheSeconds: 30, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }] },
  { method: 'GET', path: '/api/collections', handler: 'collections/list', access: 'public', cacheSeconds: 30, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'collections', access: 'read' }] },

  { method: 'POST', path: '/api/contact-messages', handler: 'contact-messages/create', access: 'public', throttle: WRITE_THROTTLE, challenge: true,
    limits: [{ by: 'client', max: 5, windowSeconds: TEN_MINUTES }, { by: 'email', max: 3, windowSeconds: TEN_MINUTES }, { by: 'email', max: 10, windowSeconds: ONE_DAY }],
    emailField: 'email',
    grants: [{ table: 'contactMessages', access: 'write' }, { table: 'counters', access: 'write' }, { table: 'outbox', access: 'write' }, { table: 'orderSearch', access: 'write' }, RATE_LIMITS_GRANT, ORDER_LINKS] },
  { method: 'POST', path: '/api/stock-alerts', handler: 'stock-alerts/create', access: 'public', throttle: WRITE_THROTTLE, challenge: true,
    limits: [{ by: 'client', max: 20, windowSeconds: TEN_MINUTES }, { by: 'email', max: 10, windowSeconds: TEN_MINUTES }, { by: 'email', max: 30, windowSeconds: ONE_DAY }],
    emailField: 'email',
    // The request and its one confirmation mail in one transaction; the mail's token is the link key's HMAC.
    grants: [{ table: 'products', access: 'read' }, { table: 'stockAlerts', access: 'write' }, { table: 'outbox', access: 'write' }, ORDER_LINKS, RATE_LIMITS_GRANT] },
  // Double opt-in: the link's token (only its hash is stored) is the proof; no challenge, a per-client limit.
  { method: 'POST', path: '/api/stock-alerts/confirm', handler: 'stock-alerts/confirm', access: 'public', throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [{ table: 'stockAlerts', access: 'readWrite' }, { table: 'counters', access: 'write' }, RATE_LIMITS_GRANT] },
  { method: 'GET', path: '/api/sitemap.xml', handler: 'sitemap/get', access: 'public', cacheSeconds: 3600, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, { config: 'shopUrl' }] },
  // Search (docs/search-and-feeds.md): the catalogue read of GET /api/products, matched in memory; cached by `q`.
  { method: 'GET', path: '/api/search', handler: 'search/get', access: 'public', cacheSeconds: 60, cacheQuery: ['q'], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }] },
  // The product feeds, at `/feeds/*` through CloudFront's rewrite as the sitemap (docs/search-and-feeds.md).
  { method: 'GET', path: '/api/feeds/google.xml', handler: 'feeds/google', access: 'public', cacheSeconds: 3600, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, SHOP_URL] },
  { method: 'GET', path: '/api/feeds/meta.csv', handler: 'feeds/meta', access: 'public', cacheSeconds: 3600, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, SHOP_URL] },
  // CloudFront's fallback origin for a page the site bucket does not have yet (`services/pages.ts`).
  // It only renders, and writes a page the bucket lacks (`If-None-Match: *`): no read or delete of pages.
  { method: 'GET', path: '/api/pages/{key+}', handler: 'pages/get', access: 'public', throttle: CATALOGUE_THROTTLE, renderer: true,
    grants: [SETTINGS_READ, PRODUCTS_READ, COLLECTIONS_READ, SHOP_URL, { bucket: 'site', access: 'put', prefix: PAGES_PREFIX, signed: true }] },

  // ── Public: checkout ──
  // What the storefront's pages state from the settings (the privacy policy's retention periods, the order caps).
  { method: 'GET', path: '/api/shop-info', handler: 'shop-info/get', access: 'public', cacheSeconds: 300, cacheQuery: [], throttle: CATALOGUE_THROTTLE,
    grants: [SETTINGS_READ] },
  { method: 'GET', path: '/api/payment-methods', handler: 'payment-methods/list', access: 'public',
    grants: [{ table: 'mbwayCounters', access: 'read' }, SETTINGS_READ] },
  // A new challenge for the proof of work of the next public write (never cached: each serves once).
  // Priced by the units held (one item of the counters table, `services/challenges.ts`): the
  // catalogue's bucket, which many addresses at the edge's limit cannot spend.
  { method: 'GET', path: '/api/challenge', handler: 'challenge/get', access: 'public', throttle: CATALOGUE_THROTTLE,
    grants: [SETTINGS_READ, ORDER_LINKS, { table: 'counters', access: 'read' }] },
  { method: 'POST', path: '/api/uploads/proof', handler: 'uploads/proof', access: 'public', throttle: WRITE_THROTTLE, challenge: true,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [{ bucket: 'uploads', access: 'put' }, RATE_LIMITS_GRANT, ORDER_LINKS] },
  { method: 'POST', path: '/api/orders', handler: 'orders/create', access: 'public', throttle: CHECKOUT_THROTTLE, checksProofs: true, challenge: true, idempotent: true,
    // Per e-mail too: each reservation mails that address, so a bot must not make it an inbox bomb.
    limits: [{ by: 'client', max: 20, windowSeconds: TEN_MINUTES }, { by: 'email', max: 20, windowSeconds: TEN_MINUTES }, { by: 'email', max: 40, windowSeconds: ONE_DAY }],
    emailField: 'shipping.email',
    grants: /* @__PURE__ */ grantsOf(PROOF_CLAIM_GRANTS, [
      RATE_LIMITS_GRANT,
      { table: 'products', access: 'readWrite' },
      { table: 'orders', access: 'readWrite' },
      { table: 'mbwayCounters', access: 'readWrite' },
      { table: 'stockMovements', access: 'write' },
      // Deleted again when the reservation fails, so the same key can be tried again (`services/orders.ts`).
      { table: 'idempotency', access: 'readWrite', delete: true },
      // Read too: the held-share check after a reservation (`services/held-share.ts`).
      { table: 'counters', access: 'readWrite' },
      { table: 'outbox', access: 'write' },
      // Read too: a hold-cap refusal says what the customer can do with her own orders (`services/hold-refusal.ts`).
      { table: 'orderSearch', access: 'readWrite' },
      // The block list (a blocked buyer is refused) and the held-share alert's flag.
      { table: 'abuse', access: 'readWrite' },
      // The discount code's definition (its use is counted in `counters`, docs/discount-codes.md).
      { table: 'discountCodes', access: 'read' },
      SETTINGS_READ,
      // The access token it answers is the order's link key's HMAC of the order id.
      ORDER_LINKS,
    ]) },

  { method: 'POST', path: '/api/orders/{id}/proof', handler: 'orders/attach-proof', access: 'public', throttle: WRITE_THROTTLE, checksProofs: true,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: /* @__PURE__ */ grantsOf(PROOF_CLAIM_GRANTS, [
      RATE_LIMITS_GRANT,
      // The order's link is checked against the keys accepted now.
      ORDER_LINKS,
      { table: 'orders', access: 'readWrite' },
      // An MB WAY reservation's live slot becomes a paid one with its proof.
      { table: 'mbwayCounters', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { table: 'orderSearch', access: 'write' },
      SETTINGS_READ,
    ]) },
  // The link to "A minha encomenda" mailed again (same answer whatever the input): per client and per e-mail,
  // so nobody can try order numbers in bulk nor fill a customer's inbox.
  { method: 'POST', path: '/api/orders/lookup', handler: 'orders/lookup', access: 'public', throttle: WRITE_THROTTLE, challenge: true,
    limits: [{ by: 'client', max: 10, windowSeconds: TEN_MINUTES }, { by: 'email', max: 5, windowSeconds: TEN_MINUTES }, { by: 'email', max: 20, windowSeconds: ONE_DAY }],
    emailField: 'email',
    grants: [RATE_LIMITS_GRANT, ORDER_LINKS, { table: 'orders', access: 'read' }, { table: 'outbox', access: 'write' }] },
  // The customer gives up their reservation (token in `x-order-token`): pieces and MB WAY slot back at once.
  { method: 'POST', path: '/api/orders/{id}/cancel', handler: 'orders/cancel', access: 'public', throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: /* @__PURE__ */ grantsOf(RATE_LIMITS_GRANT, CLOSE_ORDER_GRANTS, SETTINGS_READ, ORDER_LINKS) },
  // After a failed automatic payment, the manual method the customer chose (token in `x-order-token`): the order's
  // choice and deadline in one conditioned update, once per order, with its e-mail and cart's open-reservation item kept
  // until the new deadline and the reservation e-mail again with the method's instructions (docs/payment-switch.md).
  // No stock or counter moves.
  { method: 'POST', path: '/api/orders/{id}/payment-method', handler: 'orders/choose-method', access: 'public', throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [RATE_LIMITS_GRANT, ORDER_LINKS, { table: 'orders', access: 'readWrite' }, { table: 'idempotency', access: 'write' }, { table: 'outbox', access: 'write' }, SETTINGS_READ] },
  // A cart priced with a discount code before reserving (docs/discount-codes.md): proof of work and a per-address
  // limit, so codes cannot be guessed in bulk (a real customer tries one or two).
  { method: 'POST', path: '/api/discount-codes/check', handler: 'discount-codes/check', access: 'public', throttle: WRITE_THROTTLE, challenge: true,
    limits: [{ by: 'client', max: 8, windowSeconds: TEN_MINUTES }, { by: 'client', max: 30, windowSeconds: ONE_DAY }],
    grants: [{ table: 'products', access: 'read' }, { table: 'discountCodes', access: 'read' }, { table: 'counters', access: 'read' }, RATE_LIMITS_GRANT, ORDER_LINKS] },
  { method: 'GET', path: '/api/orders/{id}', handler: 'orders/get', access: 'public',
    grants: [{ table: 'orders', access: 'read' }, SETTINGS_READ, ORDER_LINKS] },
  // The payment provider's signed notifications (docs/design.md §34): no proof of work nor per-client
  // limit (the provider sends them, and retries), the signature on the raw body is the proof. A paid
  // reservation moves to `Enviar` (counters, its hold given back, the e-mails queued) with the event's
  // id in the same transaction; a closed one is marked for refund. No stock is touched: it stays taken.
  { method: 'POST', path: '/api/payments/stripe', handler: 'payments/stripe-webhook', access: 'public', throttle: WRITE_THROTTLE,
    grants: [
      { table: 'orders', access: 'readWrite' },
      { table: 'idempotency', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { paymentKeys: true },
    ] },

  // ── Admin ──
  // The counters (one BatchGet) and the catalogue for the sold-out pieces: no orders, messages or requests are read.
  { method: 'GET', path: '/api/admin/dashboard', handler: 'admin/dashboard/get', access: 'admin',
    grants: [{ table: 'counters', access: 'read' }, { table: 'products', access: 'read' }, SETTINGS_READ] },
  { method: 'GET', path: '/api/admin/orders', handler: 'admin/orders/list', access: 'admin',
    // The counters give the list's total (all pages) without reading the orders.
    grants: [{ table: 'orders', access: 'read' }, { table: 'orderSearch', access: 'read' }, { table: 'counters', access: 'read' }] },
  { method: 'GET', path: '/api/admin/orders/{id}', handler: 'admin/orders/get', access: 'admin',
    grants: [{ table: 'orders', access: 'read' }, { bucket: 'proofs', access: 'read', signed: true }] },
  // The listing index read by its date key: the orders of the chosen days only.
  { method: 'GET', path: '/api/admin/orders/export', handler: 'admin/orders/export', access: 'admin',
    grants: [{ table: 'orders', access: 'read' }] },
  // The owner's sales view (docs/sales.md): the listing index read by its date key, the range's orders only.
  { method: 'GET', path: '/api/admin/sales', handler: 'admin/sales/get', access: 'admin',
    grants: [{ table: 'orders', access: 'read' }] },
  // The same view as a CSV ("Descarregar CSV"): the same orders read the same way.
  { method: 'GET', path: '/api/admin/sales/export', handler: 'admin/sales/export', access: 'admin',
    grants: [{ table: 'orders', access: 'read' }] },
  // One query of the customer's term, then their orders and messages (the reference's own record read first: an
  // order, a message or a back-in-stock request): nothing else is read.
  { method: 'GET', path: '/api/admin/customers/{ref}', handler: 'admin/customers/get', access: 'admin',
    grants: [{ table: 'orderSearch', access: 'read' }, { table: 'orders', access: 'read' }, { table: 'contactMessages', access: 'read' }, { table: 'stockAlerts', access: 'read' }] },
  // GDPR erasure: the customer's term finds their orders (kept without personal data, their proofs and search
  // terms deleted) and messages (deleted); their back-in-stock requests are found by id from the catalogue's
  // ids; the unread and pending counts move in the same transactions as the deletions.
  { method: 'POST', path: '/api/admin/customers/{ref}/anonymise', handler: 'admin/customers/anonymise', access: 'admin',
    grants: [
      { table: 'orderSearch', access: 'readWrite', delete: true },
      { table: 'orders', access: 'readWrite' },
      { table: 'contactMessages', access: 'readWrite', delete: true },
      { table: 'stockAlerts', access: 'readWrite', delete: true },
      // Closing the customer's unpaid reservations first (`?closeOpen=true`): stock, movements and MB WAY slots back.
      { table: 'products', access: 'readWrite' },
      { table: 'stockMovements', access: 'write' },
      { table: 'mbwayCounters', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { bucket: 'proofs', access: 'delete' },
    ] },
  { method: 'PATCH', path: '/api/admin/orders/{id}', handler: 'admin/orders/update-status', access: 'admin',
    grants: CLOSE_ORDER_GRANTS },
  // "Fechar como suspeita": the close (as cancelling), the block (abuse table) and the held-share check after it.
  { method: 'POST', path: '/api/admin/orders/{id}/suspicious', handler: 'admin/orders/close-suspicious', access: 'admin',
    grants: SUSPICIOUS_CLOSE_GRANTS },
  { method: 'POST', path: '/api/admin/orders/suspicious', handler: 'admin/orders/close-suspicious-bulk', access: 'admin',
    grants: SUSPICIOUS_CLOSE_GRANTS },
  // The block list of "Definições": one partition of the abuse table; expired blocks are deleted when listed.
  { method: 'GET', path: '/api/admin/blocks', handler: 'admin/blocks/list', access: 'admin',
    grants: [{ table: 'abuse', access: 'readWrite', delete: true }] },
  { method: 'DELETE', path: '/api/admin/blocks/{id}', handler: 'admin/blocks/delete', access: 'admin',
    grants: [{ table: 'abuse', access: 'readWrite', delete: true }] },
  { method: 'POST', path: '/api/admin/orders/{id}/notes', handler: 'admin/orders/add-note', access: 'admin',
    grants: [{ table: 'orders', access: 'readWrite' }] },
  // "Devolver parte do pagamento" (docs/money.md "Refunds"): the provider refund asked on the order (the payments
  // consumer makes it and mails the customer), or the refund made by hand recorded with its mail, in one conditioned write.
  { method: 'POST', path: '/api/admin/orders/{id}/refunds', handler: 'admin/orders/refund', access: 'admin',
    grants: [{ table: 'orders', access: 'readWrite' }, { table: 'outbox', access: 'write' }] },
  // "Tentar de novo" of a pending invoice (docs/invoices.md): the order's invoicing woken for the invoices consumer.
  { method: 'POST', path: '/api/admin/orders/{id}/invoice', handler: 'admin/orders/retry-invoice', access: 'admin',
    grants: [{ table: 'orders', access: 'readWrite' }] },
  { method: 'POST', path: '/api/admin/orders/{id}/emails', handler: 'admin/orders/send-email', access: 'admin',
    grants: [{ table: 'orders', access: 'read' }, { table: 'outbox', access: 'write' }, SETTINGS_READ] },
  { method: 'GET', path: '/api/admin/products', handler: 'admin/products/list', access: 'admin',
    grants: [{ table: 'products', access: 'read' }, SETTINGS_READ] },
  { method: 'POST', path: '/api/admin/products', handler: 'admin/products/create', access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite' },
      { table: 'collections', access: 'read' },
      { table: 'stockMovements', access: 'write' },
      { bucket: 'images', access: 'read' },
    ] },
  { method: 'GET', path: '/api/admin/products/{id}', handler: 'admin/products/get', access: 'admin',
    grants: [{ table: 'products', access: 'read' }] },
  { method: 'PUT', path: '/api/admin/products/{id}', handler: 'admin/products/update', access: 'admin',
    grants: [{ table: 'products', access: 'readWrite' }, { table: 'collections', access: 'read' }, { bucket: 'images', access: 'readDelete' }] },
  // Only a piece no order ever took (else: archive it); its photo files go with it.
  { method: 'DELETE', path: '/api/admin/products/{id}', handler: 'admin/products/delete', access: 'admin',
    grants: [{ table: 'products', access: 'readWrite', delete: true }, { table: 'stockMovements', access: 'read' }, { bucket: 'images', access: 'readDelete' }] },
  { method: 'POST', path: '/api/admin/products/{id}/stock', handler: 'admin/products/change-stock', access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite' },
      { table: 'stockMovements', access: 'write' },
      { table: 'outbox', access: 'write' },
    ] },
  { method: 'GET', path: '/api/admin/products/{id}/stock-movements', handler: 'admin/products/stock-movements', access: 'admin',
    grants: [{ table: 'products', access: 'read' }, { table: 'stockMovements', access: 'read' }] },
  { method: 'POST', path: '/api/admin/uploads/image', handler: 'admin/uploads/image', access: 'admin',
    grants: [{ bucket: 'images', access: 'put' }] },
  { method: 'GET', path: '/api/admin/uploads/image/{id}', handler: 'admin/uploads/image-status', access: 'admin',
    grants: [{ bucket: 'images', access: 'read', signed: true }] },
  { method: 'GET', path: '/api/admin/contact-messages', handler: 'admin/contact-messages/list', access: 'admin',
    grants: [{ table: 'contactMessages', access: 'read' }] },
  { method: 'GET', path: '/api/admin/contact-messages/{id}', handler: 'admin/contact-messages/get', access: 'admin',
    grants: [{ table: 'contactMessages', access: 'readWrite' }, { table: 'counters', access: 'write' }] },
  { method: 'GET', path: '/api/admin/stock-alerts', handler: 'admin/stock-alerts/list', access: 'admin',
    grants: [{ table: 'stockAlerts', access: 'read' }] },
  { method: 'GET', path: '/api/admin/collections', handler: 'admin/collections/list', access: 'admin',
    grants: [{ table: 'collections', access: 'read' }] },
  { method: 'POST', path: '/api/admin/collections', handler: 'admin/collections/create', access: 'admin',
    grants: [{ table: 'collections', access: 'write' }] },
  // A rename moves every piece of the collection in the same transaction.
  { method: 'PUT', path: '/api/admin/collections/{id}', handler: 'admin/collections/rename', access: 'admin',
    grants: [{ table: 'collections', access: 'readWrite', delete: true }, { table: 'products', access: 'readWrite' }] },
  { method: 'DELETE', path: '/api/admin/collections/{id}', handler: 'admin/collections/delete', access: 'admin',
    grants: [{ table: 'collections', access: 'readWrite', delete: true }, { table: 'products', access: 'read' }] },
  // "Códigos de desconto" (docs/discount-codes.md): the codes, and their uses from the counters table.
  { method: 'GET', path: '/api/admin/discount-codes', handler: 'admin/discount-codes/list', access: 'admin',
    grants: [{ table: 'discountCodes', access: 'read' }, { table: 'counters', access: 'read' }] },
  { method: 'POST', path: '/api/admin/discount-codes', handler: 'admin/discount-codes/create', access: 'admin',
    grants: [{ table: 'discountCodes', access: 'write' }] },
  { method: 'GET', path: '/api/admin/discount-codes/{code}', handler: 'admin/discount-codes/get', access: 'admin',
    grants: [{ table: 'discountCodes', access: 'read' }, { table: 'counters', access: 'read' }] },
  { method: 'PUT', path: '/api/admin/discount-codes/{code}', handler: 'admin/discount-codes/update', access: 'admin',
    grants: [{ table: 'discountCodes', access: 'readWrite' }, { table: 'counters', access: 'read' }] },
  // Only a code no order holds: its deletion is conditioned on its uses' counter.
  { method: 'DELETE', path: '/api/admin/discount-codes/{code}', handler: 'admin/discount-codes/delete', access: 'admin',
    grants: [{ table: 'discountCodes', access: 'readWrite', delete: true }, { table: 'counters', access: 'read' }] },
  // The shop's settings ("Definições"): the record and its history, one table.
  { method: 'GET', path: '/api/admin/settings', handler: 'admin/settings/get', access: 'admin',
    grants: [SETTINGS_READ] },
  // A save and "Definições"' check ask SES whether the sender is verified and the account out of the sandbox (the go-live checklist) and keep
  // the answer beside the settings, where the storefront's pages and checkout read it (docs/design.md §33).
  { method: 'PUT', path: '/api/admin/settings', handler: 'admin/settings/update', access: 'admin',
    grants: [{ table: 'settings', access: 'readWrite' }, { senderIdentity: true }, { sesAccount: true }] },
  // The payment provider's keys: checked with the provider, written to their secret (read back by none
  // of the screens), and their record (when, last characters) kept beside the settings (docs/design.md §34).
  { method: 'PUT', path: '/api/admin/settings/payment-keys', handler: 'admin/settings/payment-keys', access: 'admin',
    grants: [{ table: 'settings', access: 'write' }, { paymentKeys: true, write: true }] },
  // "Faturação": the invoicing provider's account and API key, checked with the provider, written to their secret
  // (never returned), their record (when, last characters, account) kept beside the settings (docs/invoices.md).
  { method: 'PUT', path: '/api/admin/settings/invoicing-key', handler: 'admin/settings/invoicing-key', access: 'admin',
    grants: [{ table: 'settings', access: 'write' }, { invoicingKey: true, write: true }] },
  { method: 'POST', path: '/api/admin/settings/sender-check', handler: 'admin/settings/sender-check', access: 'admin',
    grants: [{ table: 'settings', access: 'readWrite' }, { senderIdentity: true }, { sesAccount: true }] },
] as const satisfies readonly Route[];

/** A stable, CloudFormation-safe identifier for a route, e.g. `GetApiProductsId`. */
export function routeId(route: Pick<Route, 'method' | 'path'>): string {
  const words = `${route.method.toLowerCase()} ${route.path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Every row has a contract in `shared/api-routes.ts` and every contract a row (a compile-time check). */
type KeyOfRow<R> = R extends { readonly method: infer M extends string; readonly path: infer P extends string } ? `${M} ${P}` : never;
type TableRouteKey = KeyOfRow<(typeof routes)[number]>;
const sameKeys: [Exclude<TableRouteKey, ApiRouteKey>, Exclude<ApiRouteKey, TableRouteKey>] extends [never, never] ? true : never = true;
void sameKeys;
