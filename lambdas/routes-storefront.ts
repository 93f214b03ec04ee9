/**
 * The route table's public rows of the catalogue and storefront (`lambdas/routes.ts`): cached reads,
 * the contact and back-in-stock forms, the sitemap, search, feeds and the pages' renderer.
 */
import type { Route } from './route-types.ts';
import { CATALOGUE_THROTTLE, WRITE_THROTTLE, TEN_MINUTES, ONE_DAY } from './route-throttles.ts';
import { COLLECTIONS_READ, ORDER_LINKS, PRODUCTS_READ, RATE_LIMITS_GRANT, SETTINGS_READ, SHOP_URL } from './route-grants.ts';
import { PAGES_PREFIX } from '#shared/pages.ts';

export const storefrontRoutes = [
  {
    method: 'GET',
    path: '/api/products',
    handler: 'products/list',
    access: 'public',
    cacheSeconds: 30,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/products/{id}',
    handler: 'products/get',
    access: 'public',
    cacheSeconds: 30,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/collections',
    handler: 'collections/list',
    access: 'public',
    cacheSeconds: 30,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'collections', access: 'read' }],
  },

  {
    method: 'POST',
    path: '/api/contact-messages',
    handler: 'contact-messages/create',
    access: 'public',
    throttle: WRITE_THROTTLE,
    challenge: true,
    limits: [
      { by: 'client', max: 5, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 3, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 10, windowSeconds: ONE_DAY },
    ],
    emailField: 'email',
    grants: [
      { table: 'contactMessages', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { table: 'orderSearch', access: 'write' },
      RATE_LIMITS_GRANT,
      ORDER_LINKS,
    ],
  },
  {
    method: 'POST',
    path: '/api/stock-alerts',
    handler: 'stock-alerts/create',
    access: 'public',
    throttle: WRITE_THROTTLE,
    challenge: true,
    limits: [
      { by: 'client', max: 20, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 10, windowSeconds: TEN_MINUTES },
      { by: 'email', max: 30, windowSeconds: ONE_DAY },
    ],
    emailField: 'email',
    // The request and its one confirmation mail in one transaction; the mail's token is the link key's HMAC.
    grants: [
      { table: 'products', access: 'read' },
      { table: 'stockAlerts', access: 'write' },
      { table: 'outbox', access: 'write' },
      ORDER_LINKS,
      RATE_LIMITS_GRANT,
    ],
  },
  // Double opt-in: the link's token (only its hash is stored) is the proof; no challenge, a per-client limit.
  {
    method: 'POST',
    path: '/api/stock-alerts/confirm',
    handler: 'stock-alerts/confirm',
    access: 'public',
    throttle: WRITE_THROTTLE,
    limits: [{ by: 'client', max: 30, windowSeconds: TEN_MINUTES }],
    grants: [{ table: 'stockAlerts', access: 'readWrite' }, { table: 'counters', access: 'write' }, RATE_LIMITS_GRANT],
  },
  {
    method: 'GET',
    path: '/api/sitemap.xml',
    handler: 'sitemap/get',
    access: 'public',
    cacheSeconds: 3600,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, { config: 'shopUrl' }],
  },
  // Search (docs/search-and-feeds.md): the catalogue read of GET /api/products, matched in memory; cached by `q`.
  {
    method: 'GET',
    path: '/api/search',
    handler: 'search/get',
    access: 'public',
    cacheSeconds: 60,
    cacheQuery: ['q'],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }],
  },
  // The product feeds, at `/feeds/*` through CloudFront's rewrite as the sitemap (docs/search-and-feeds.md).
  {
    method: 'GET',
    path: '/api/feeds/google.xml',
    handler: 'feeds/google',
    access: 'public',
    cacheSeconds: 3600,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, SHOP_URL],
  },
  {
    method: 'GET',
    path: '/api/feeds/meta.csv',
    handler: 'feeds/meta',
    access: 'public',
    cacheSeconds: 3600,
    cacheQuery: [],
    throttle: CATALOGUE_THROTTLE,
    grants: [{ table: 'products', access: 'read' }, SHOP_URL],
  },
  // CloudFront's fallback origin for a page the site bucket does not have yet (`services/pages.ts`).
  // It only renders, and writes a page the bucket lacks (`If-None-Match: *`): no read or delete of pages.
  {
    method: 'GET',
    path: '/api/pages/{key+}',
    handler: 'pages/get',
    access: 'public',
    throttle: CATALOGUE_THROTTLE,
    renderer: true,
    grants: [
      SETTINGS_READ,
      PRODUCTS_READ,
      COLLECTIONS_READ,
      SHOP_URL,
      { bucket: 'site', access: 'put', prefix: PAGES_PREFIX, signed: true },
    ],
  },
] as const satisfies readonly Route[];
