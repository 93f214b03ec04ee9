/**
 * The DynamoDB tables of the shop, declared once.
 *
 * The CDK stack (`infra/cloud/data.ts`) and the local twin (`infra/twin/bootstrap.ts`) both create their
 * tables from these definitions, and the Lambda handlers find each table's name in the environment
 * variable named here. Listing indexes use a constant partition attribute (`listing`) with a time sort
 * key, so "newest first" pages are queries, never scans; a small shop's write rate stays far below
 * one partition's limits.
 */
export type KeyType = 'S' | 'N';

export interface KeyDef {
  readonly name: string;
  readonly type: KeyType;
}

export interface IndexDef {
  readonly name: string;
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
}

export interface TableDef {
  /** Environment variable that carries the physical table name to the handlers. */
  readonly envVar: string;
  readonly partitionKey: KeyDef;
  readonly sortKey?: KeyDef;
  readonly indexes: readonly IndexDef[];
  /** Attribute holding an epoch-seconds expiry (DynamoDB TTL). */
  readonly ttlAttribute?: string;
  /** A DynamoDB stream of the table's changes, with each item's new image (read by a consumer). */
  readonly stream?: 'NEW_IMAGE';
}

/**
 * The stream view of every table with a stream: one constant, so each function's bundle (which carries
 * this table) names it once (the read routes are at their size budget, `test/lambdas/bundles.test.ts`).
 */
const NEW_IMAGE = 'NEW_IMAGE';

const listingByCreatedAt: IndexDef = {
  name: 'byListing',
  partitionKey: { name: 'listing', type: 'S' },
  sortKey: { name: 'createdAt', type: 'S' },
};

export const tables = {
  products: {
    envVar: 'TABLE_PRODUCTS',
    partitionKey: { name: 'id', type: 'S' },
    indexes: [listingByCreatedAt, { name: 'byCode', partitionKey: { name: 'code', type: 'S' } }],
    // Its pre-rendered pages are rendered again when a product changes (`consumers/publish-product-pages.ts`).
    stream: NEW_IMAGE,
  },
  collections: {
    envVar: 'TABLE_COLLECTIONS',
    partitionKey: { name: 'id', type: 'S' },
    indexes: [{ name: 'byListing', partitionKey: { name: 'listing', type: 'S' }, sortKey: { name: 'name', type: 'S' } }],
    // Every page's menu lists the collections: all pages are rendered again when one changes.
    stream: NEW_IMAGE,
  },
  orders: {
    envVar: 'TABLE_ORDERS',
    /** `id` is the unique 6-digit order number, so a conditional put guarantees uniqueness. */
    partitionKey: { name: 'id', type: 'S' },
    indexes: [
      listingByCreatedAt,
      { name: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      // Sparse: only orders whose invoicing waits (`repositories/invoices.ts`, docs/invoices.md), by when to look again.
      { name: 'byInvoiceDue', partitionKey: { name: 'invoiceQueue', type: 'S' }, sortKey: { name: 'invoiceDueAt', type: 'S' } },
    ],
    // Automatic payments are started and refunded from it (`consumers/order-payments.ts`, docs/design.md §34).
    stream: NEW_IMAGE,
  },
  orderSearch: {
    envVar: 'TABLE_ORDER_SEARCH',
    /**
     * The back-office's order search (`shared/order-search.ts`): one item per search term of an order
     * (a start of a word of the customer's name or e-mail, of the phone or of the order number), written
     * in the order's own transaction; `ref` is `<createdAt>#<order id>`, so a term's orders come newest
     * first. Under the customer's term (`=<e-mail>`) are also their contact messages (`ref`
     * `<createdAt>#m#<message id>`), written with the message: the customer view is one query.
     */
    partitionKey: { name: 'term', type: 'S' },
    sortKey: { name: 'ref', type: 'S' },
    indexes: [],
  },
  contactMessages: {
    envVar: 'TABLE_CONTACT_MESSAGES',
    partitionKey: { name: 'id', type: 'S' },
    indexes: [listingByCreatedAt],
  },
  stockAlerts: {
    envVar: 'TABLE_STOCK_ALERTS',
    partitionKey: { name: 'id', type: 'S' },
    /** Set only while a request is unconfirmed: TTL deletes it 7 days after it was asked. */
    ttlAttribute: 'expiresAt',
    indexes: [
      listingByCreatedAt,
      { name: 'byProduct', partitionKey: { name: 'productId', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
  },
  discountCodes: {
    envVar: 'TABLE_DISCOUNT_CODES',
    /**
     * The discount codes (docs/discount-codes.md): one item per code, `code` upper-case, listed newest
     * first by `byListing`. Their uses are counted in the counters table (`code#<CODE>`), in the stock's
     * transaction, where every close of an order already writes.
     */
    partitionKey: { name: 'code', type: 'S' },
    indexes: [listingByCreatedAt],
  },
  mbwayCounters: {
    envVar: 'TABLE_MBWAY_COUNTERS',
    /** `YYYY-MM` in Europe/Lisbon time. */
    partitionKey: { name: 'month', type: 'S' },
    indexes: [],
  },
  stockMovements: {
    envVar: 'TABLE_STOCK_MOVEMENTS',
    /** A product's movements, newest first: `movementId` is `<ISO time>#<random>`. */
    partitionKey: { name: 'productId', type: 'S' },
    sortKey: { name: 'movementId', type: 'S' },
    indexes: [],
  },
  counters: {
    envVar: 'TABLE_COUNTERS',
    /**
     * The dashboard's figures, kept with atomic ADDs in the same transactions that change what they
     * count (`lambdas/repositories/counters.ts`): `orders#<status>`, `contactMessages#unread`,
     * `stockAlerts#pending`, `revenue#<YYYY-MM>` (Lisbon month of creation, cents of paid orders).
     */
    partitionKey: { name: 'name', type: 'S' },
    indexes: [],
  },
  rateLimits: {
    envVar: 'TABLE_RATE_LIMITS',
    /**
     * Per-client request counters of the public write routes (`lambdas/repositories/rate-limits.ts`):
     * one item per route, client (address or e-mail) and fixed window, counted with an atomic ADD and
     * gone after the window (TTL). Also the used proofs of work (`lambdas/repositories/challenges.ts`,
     * `challenge#<signature>`), each kept until its challenge expires (TTL), so none serves twice.
     */
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
    ttlAttribute: 'expiresAt',
  },
  outbox: {
    envVar: 'TABLE_OUTBOX',
    /**
     * The mail outbox (docs/design.md §19): every e-mail is an item written in the same transaction as the
     * event that causes it; the stream's consumer (`lambdas/consumers/outbox-mail.ts`) sends it. Items
     * still to send carry `queue` (sparse `byDue` index, sorted by when the redrive job must look at
     * them); sent and failed items lose it and expire (TTL) after a while.
     */
    partitionKey: { name: 'id', type: 'S' },
    indexes: [{ name: 'byDue', partitionKey: { name: 'queue', type: 'S' }, sortKey: { name: 'dueAt', type: 'S' } }],
    ttlAttribute: 'expiresAt',
    stream: NEW_IMAGE,
  },
  settings: {
    envVar: 'TABLE_SETTINGS',
    /**
     * The shop's settings (`shared/settings.ts`, docs/design.md §23): the record in force (`pk` `settings`,
     * `sk` `current`, with its `version`) and one item per save (`sk` `history#<ISO time>#<random>`,
     * who, when, old → new), written in the same transaction, so the history is a query, newest first.
     */
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    indexes: [],
    // A save renders every page again (`PublishPagesOnSettings`): the footer names the seller.
    stream: NEW_IMAGE,
  },
  abuse: {
    envVar: 'TABLE_ABUSE',
    /**
     * The owner's watch on abuse. Under `key` `flag`, the alert flags (`blockId` `held-half`: the
     * owner was mailed that more than half the units are held unpaid, `lambdas/services/held-share.ts`).
     * The rest: buyers the owner blocked from reserving when closing a suspicious order
     * (`lambdas/repositories/blocks.ts`): under `key` `block`, one item per block (`blockId` the order's
     * id: the list of "Definições", soonest expiry last); under each of its keys (`email#…`, `phone#…`,
     * `client#…`) one item per block, what a reservation looks up. Every item goes at its expiry
     * (TTL; reads ignore an expired one, and the retention job purges them where TTL is late or absent).
     */
    partitionKey: { name: 'key', type: 'S' },
    sortKey: { name: 'blockId', type: 'S' },
    indexes: [],
    ttlAttribute: 'expiresAt',
  },
  idempotency: {
    envVar: 'TABLE_IDEMPOTENCY',
    partitionKey: { name: 'id', type: 'S' },
    indexes: [],
    ttlAttribute: 'expiresAt',
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof tables;

/** The S3 buckets, with the environment variable that carries each physical name. */
export const buckets = {
  /** Proofs attached to an order (kept, versioned). */
  proofs: { envVar: 'BUCKET_PROOFS' },
  images: { envVar: 'BUCKET_IMAGES' },
  /**
   * What browsers upload before an order claims it (pending proofs): not versioned, emptied after a
   * day, so an abandoned or refused upload is really gone.
   */
  uploads: { envVar: 'BUCKET_UPLOADS' },
  /** The built shop (served by CloudFront) and, under `pages/`, its pre-rendered pages (`shared/pages.ts`). */
  site: { envVar: 'BUCKET_SITE' },
} as const;

export type BucketKey = keyof typeof buckets;

/** Key prefix under which product images live in the images bucket; CloudFront serves `/images/*`. */
export const IMAGES_PREFIX = 'images/';

/**
 * Product photos in the images bucket: raw uploads land under `uploads/incoming/` (never served; the
 * photo-processing function is triggered there and deletes them), its answer for the admin's progress
 * under `uploads/results/`, each processed photo's description under `photos/`, its files under
 * `images/p/` (served, cached a year). Uploads and results expire after a day.
 */
export const PHOTO_KEYS = {
  incomingPrefix: 'uploads/incoming/',
  resultsPrefix: 'uploads/results/',
  manifestsPrefix: 'photos/',
} as const;

/**
 * The photo function's time limits (`lambdas/jobs.ts`'s `photoProcessing`, and the back-office's
 * status read, which must not bundle the jobs table): its timeout, and how long S3's event may wait
 * for it (throttled, or between its two retries) before Lambda drops it. After both, an upload still
 * without a result will never have one (`photo-status.ts`).
 */
export const PHOTO_PROCESSING_TIMES = { timeoutSeconds: 60, maxEventAgeSeconds: 15 * 60 } as const;
