/**
 * The route table's public rows of the checkout (`lambdas/routes.ts`): payment methods, the proof of
 * work's challenge, reservations and their proofs, the customer's order, discount codes, the provider's
 * notifications.
 */
import type { Route } from './route-types.ts';
import { CATALOGUE_THROTTLE, WRITE_THROTTLE, CHECKOUT_THROTTLE, TEN_MINUTES, ONE_DAY } from './route-throttles.ts';
import { CLOSE_ORDER_GRANTS, grantsOf, ORDER_LINKS, PROOF_CLAIM_GRANTS, RATE_LIMITS_GRANT, SETTINGS_READ } from './route-grants.ts';

export const checkoutRoutes = [
  // What the storefront's pages state from the settings (the privacy policy's retention periods, the order caps).
  {
    method: 'GET',
    path: '/api/shop-info',
    handler: 'shop-info/get',
    access: 'public',
    cacheSeconds: 300,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [SETTINGS_READ],
  },
  {
    method: 'GET',
    path: '/api/payment-methods',
    handler: 'payment-methods/list',
    access: 'public',
    grants: [{ table: 'mbwayCounters', access: 'read' }, SETTINGS_READ],
  },
  // A new challenge for the proof of work of the next public write (never cached: each serves once).
  // Priced by the units held (one item of the counters table, `services/challenges.ts`): the
  // catalogue's bucket, which many addresses at the edge's limit cannot spend.
  {
    method: 'GET',
    path: '/api/challenge',
    handler: 'challenge/get',
    access: 'public',
    throttle: CATALOGUE_THROTTLE,
    grants: [SETTINGS_READ, ORDER_LINKS, { table: 'counters', access: 'read' }],
  },
  {
    method: 'POST',
    path: '/api/uploads/proof',
    handler: 'uploads/proof',
    access: 'public',
    throttle: WRITE_THROTTLE,
    challenge: true,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [{ bucket: 'uploads', access: 'put' }, RATE_LIMITS_GRANT, ORDER_LINKS],
  },
  {
    method: 'POST',
    path: '/api/orders',
    handler: 'orders/create',
    access: 'public',
    throttle: CHECKOUT_THROTTLE,
    checksProofs: true,
    challenge: true,
    idempotent: true,
    // Per e-mail too: each reservation mails that address, so a bot must not make it an inbox bomb.
    limits: [
      { by: 'client', max: 20, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 20, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 40, windowSeconds: ONE_DAY },
    ],
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
    ]),
  },

  {
    method: 'POST',
    path: '/api/orders/{id}/proof',
    handler: 'orders/attach-proof',
    access: 'public',
    throttle: WRITE_THROTTLE,
    checksProofs: true,
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
    ]),
  },
  // The link to "A minha encomenda" mailed again (same answer whatever the input): per client and per e-mail,
  // so nobody can try order numbers in bulk nor fill a customer's inbox.
  {
    method: 'POST',
    path: '/api/orders/lookup',
    handler: 'orders/lookup',
    access: 'public',
    throttle: WRITE_THROTTLE,
    challenge: true,
    limits: [
      { by: 'client', max: 10, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 5, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 20, windowSeconds: ONE_DAY },
    ],
    emailField: 'email',
    grants: [RATE_LIMITS_GRANT, ORDER_LINKS, { table: 'orders', access: 'read' }, { table: 'outbox', access: 'write' }],
  },
  // The customer gives up their reservation (token in `x-order-token`): pieces and MB WAY slot back at once.
  {
    method: 'POST',
    path: '/api/orders/{id}/cancel',
    handler: 'orders/cancel',
    access: 'public',
    throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: /* @__PURE__ */ grantsOf(RATE_LIMITS_GRANT, CLOSE_ORDER_GRANTS, SETTINGS_READ, ORDER_LINKS),
  },
  // After a failed automatic payment, the manual method the customer chose (token in `x-order-token`): the order's
  // choice and deadline in one conditioned update, once per order, with its e-mail and cart's open-reservation item kept
  // until the new deadline and the reservation e-mail again with the method's instructions (docs/payment-switch.md).
  // No stock or counter moves.
  {
    method: 'POST',
    path: '/api/orders/{id}/payment-method',
    handler: 'orders/choose-method',
    access: 'public',
    throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [
      RATE_LIMITS_GRANT,
      ORDER_LINKS,
      { table: 'orders', access: 'readWrite' },
      { table: 'idempotency', access: 'write' },
      { table: 'outbox', access: 'write' },
      SETTINGS_READ,
    ],
  },
  // A cart priced with a discount code before reserving (docs/discount-codes.md): proof of work and a per-address
  // limit, so codes cannot be guessed in bulk (a real customer tries one or two).
  {
    method: 'POST',
    path: '/api/discount-codes/check',
    handler: 'discount-codes/check',
    access: 'public',
    throttle: WRITE_THROTTLE,
    challenge: true,
    limits: [
      { by: 'client', max: 8, windowSeconds: TEN_MINUTES },
      { by: 'client', max: 30, windowSeconds: ONE_DAY },
    ],
    grants: [
      { table: 'products', access: 'read' },
      { table: 'discountCodes', access: 'read' },
      { table: 'counters', access: 'read' },
      RATE_LIMITS_GRANT,
      ORDER_LINKS,
    ],
  },
  {
    method: 'GET',
    path: '/api/orders/{id}',
    handler: 'orders/get',
    access: 'public',
    grants: [{ table: 'orders', access: 'read' }, SETTINGS_READ, ORDER_LINKS],
  },
  // The payment provider's signed notifications (docs/design.md §34): no proof of work nor per-client
  // limit (the provider sends them, and retries), the signature on the raw body is the proof. A paid
  // reservation moves to `Enviar` (counters, its hold given back, the e-mails queued) with the event's
  // id in the same transaction; a closed one is marked for refund. No stock is touched: it stays taken.
  {
    method: 'POST',
    path: '/api/payments/stripe',
    handler: 'payments/stripe-webhook',
    access: 'public',
    throttle: WRITE_THROTTLE,
    grants: [
      { table: 'orders', access: 'readWrite' },
      { table: 'idempotency', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { paymentKeys: true },
    ],
  },
] as const satisfies readonly Route[];
