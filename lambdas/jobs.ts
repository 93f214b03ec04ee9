/**
 * The functions that run on a schedule, not on a request: one row each, like the route table. The
 * CDK stack (`infra/cloud/jobs.ts`) makes one function per row with exactly its grants and a schedule; the
 * local twin runs the same handler on a timer with the same period.
 */
import { PHOTO_KEYS, PHOTO_PROCESSING_TIMES, type TableKey } from './contracts/data-model.ts';
import { OUTBOX_STREAM_FILTER } from './contracts/outbox-items.ts';
import { CLOSE_ORDER_GRANTS, HELD_SHARE_GRANTS, PAGE_PUBLISHING_GRANTS, SETTINGS_READ, type Grant } from './route-grants.ts';
import { PHOTO_PATH_PREFIX } from '#shared/photos.ts';

export interface Job {
  /** A stable name (also the CloudFormation id's base). */
  readonly name: string;
  /** Module under `lambdas/consumers/`, without extension; it exports `handler`. */
  readonly handler: string;
  /** How often it runs. */
  readonly everyMinutes: number;
  readonly grants: readonly Grant[];
}

export const jobs = [
  {
    // Reservations nobody paid in time give back their stock and MB WAY slot.
    name: 'ExpireReservations',
    handler: 'expire-reservations',
    everyMinutes: 5,
    // Then the held-share check: expiries are how the share drops back under half (its alert may mail again).
    grants: [...CLOSE_ORDER_GRANTS.filter((grant) => grant.table !== 'counters' && grant.table !== 'outbox'), ...HELD_SHARE_GRANTS],
  },
  {
    // Outbox items whose retry time came, or whose consumer died, are woken (a new stream record);
    // the owner's digest of a finished hour is queued (read and marked in the rate-limit table).
    name: 'OutboxRedrive',
    handler: 'outbox-redrive',
    everyMinutes: 1,
    grants: [
      { table: 'outbox', access: 'readWrite' },
      { table: 'rateLimits', access: 'readWrite' },
    ],
  },
  {
    // Personal data past the retention periods of the settings is deleted (`services/retention.ts`).
    name: 'PurgeExpiredData',
    handler: 'purge-expired-data',
    everyMinutes: 24 * 60,
    grants: [
      SETTINGS_READ,
      { table: 'contactMessages', access: 'readWrite', delete: true },
      { table: 'orderSearch', access: 'write', delete: true },
      { table: 'stockAlerts', access: 'readWrite', delete: true },
      { table: 'counters', access: 'write' },
      { table: 'orders', access: 'readWrite' },
      { bucket: 'proofs', access: 'delete' },
    ],
  },
  {
    // Orders whose invoice waits for the provider (an outage's backoff ended, a run died): woken for the
    // invoices consumer (`services/invoices.ts`, docs/invoices.md), through the sparse `byInvoiceDue` index.
    name: 'InvoiceRedrive',
    handler: 'invoice-redrive',
    everyMinutes: 1,
    grants: [{ table: 'orders', access: 'readWrite' }],
  },
] as const satisfies readonly Job[];

/**
 * The function S3 runs when a photo lands under `uploads/incoming/` of the images bucket (the twin runs
 * the same module on its local S3 server's event). Triggered by the upload itself rather than by a
 * confirm call: nothing depends on the browser making a second request, S3 retries a failed run, and
 * the API functions stay small (no sharp) and free of API Gateway's 30-second limit.
 */
export const photoProcessing = {
  name: 'ProcessPhoto',
  handler: 'process-photo',
  bucket: 'images',
  prefix: PHOTO_KEYS.incomingPrefix,
  // Each prefix it works in, and only those: it reads and deletes the raw upload, writes the derivatives,
  // the photo's manifest and the upload's result; it can neither delete nor overwrite anything else.
  grants: [
    { bucket: 'images', access: 'readDelete', prefix: PHOTO_KEYS.incomingPrefix },
    { bucket: 'images', access: 'put', prefix: PHOTO_PATH_PREFIX.slice(1) },
    { bucket: 'images', access: 'put', prefix: PHOTO_KEYS.manifestsPrefix },
    { bucket: 'images', access: 'put', prefix: PHOTO_KEYS.resultsPrefix },
  ],
  // Its time limits (`PHOTO_PROCESSING_TIMES`).
  maxEventAgeSeconds: PHOTO_PROCESSING_TIMES.maxEventAgeSeconds,
  timeoutSeconds: PHOTO_PROCESSING_TIMES.timeoutSeconds,
} as const satisfies Omit<Job, 'everyMinutes'> & {
  readonly bucket: 'images';
  readonly prefix: string;
  readonly maxEventAgeSeconds: number;
  readonly timeoutSeconds: number;
};

/**
 * The function an EventBridge rule on the account's default bus runs with each SES bounce, complaint
 * or reject event of the stage's configuration set (the twin's SES delivers the same events, through
 * the same rule pattern, for the mailbox simulator's addresses): it records the problem on the order
 * the mail belonged to.
 */
export const mailEvents = {
  name: 'MailEvents',
  handler: 'mail-events',
  grants: [{ table: 'orders', access: 'write' }],
} as const satisfies Omit<Job, 'everyMinutes'>;

/** `source` of the events SES puts on the account's default event bus. */
export const SES_EVENT_SOURCE = 'aws.ses';

/**
 * The EventBridge `detail-type` of each SES event type the configuration set sends to the default bus
 * (Amazon SES Developer Guide, "Monitoring SES events using Amazon EventBridge"; EventBridge Events
 * Reference, "Amazon Simple Email Service events"). The event's `detail` is the SES event record itself
 * (`eventType`, `mail`, `bounce`/`complaint`/`reject`).
 */
export const SES_EVENT_DETAIL_TYPES = { Bounce: 'Email Bounced', Complaint: 'Email Complaint Received', Reject: 'Email Rejected' } as const;

/** SES's automatic message tag, in every event's `mail.tags`: the configuration set the mail was sent with. */
export const CONFIGURATION_SET_TAG = 'ses:configuration-set';

/** An EventBridge event pattern on SES events: source, detail-types and the configuration set tag. */
export interface MailEventsPattern {
  readonly source: readonly string[];
  readonly 'detail-type': readonly string[];
  readonly detail: { readonly mail: { readonly tags: Readonly<Record<string, readonly string[]>> } };
}

/**
 * The pattern of the rule that runs `mailEvents` (the cloud's rule and the twin's): bounces, complaints
 * and rejects of this configuration set only. Every stage of an account shares the default bus, so
 * without the tag one stage's function would get the other stages' mail events.
 */
export function mailEventsPattern(configurationSetName: string): MailEventsPattern {
  return {
    source: [SES_EVENT_SOURCE],
    'detail-type': Object.values(SES_EVENT_DETAIL_TYPES),
    detail: { mail: { tags: { [CONFIGURATION_SET_TAG]: [configurationSetName] } } },
  };
}

/**
 * A function that consumes a table's stream: in the cloud an event source mapping (retries,
 * bisect on error, a dead-letter queue, partial batch failures), in the twin a poller of DynamoDB
 * Local's stream that hands the same module the same event shape (`infra/twin/stream-poller.ts`).
 */
/** A pattern on one attribute of the new image: a string among `S`, or a map whose attributes match (`M`). */
export type AttributePattern = { readonly S: readonly string[] } | { readonly M: Readonly<Record<string, AttributePattern>> };

/** An event filter on the new image's attributes (the event source mapping's, and the twin poller's). */
export interface StreamFilter {
  readonly dynamodb: { readonly NewImage: Readonly<Record<string, AttributePattern>> };
}

/**
 * Orders whose provider payment has work for the payments consumer (docs/design.md §34): `starting`
 * (to start), `succeeded` (a closed one may ask for a refund); the manual methods' orders never.
 */
export const PAYMENT_STREAM_FILTER = {
  dynamodb: { NewImage: { providerPayment: { M: { status: { S: ['starting', 'succeeded'] } } } } },
} as const satisfies StreamFilter;

/**
 * Orders the invoices consumer may have work in (docs/invoices.md): paid (to ship, shipped, delivered)
 * or closed (a refund's credit note); reservations and proofs waiting never.
 */
export const INVOICE_STREAM_FILTER = {
  dynamodb: { NewImage: { status: { S: ['Enviar', 'Enviado', 'Concluido', 'Encerrada'] } } },
} as const satisfies StreamFilter;

/** The settings record in force, not its history items (written in the same transaction). */
export const SETTINGS_STREAM_FILTER = { dynamodb: { NewImage: { sk: { S: ['current', 'sender'] } } } } as const satisfies StreamFilter;

export interface StreamConsumer {
  readonly name: string;
  /** Module under `lambdas/consumers/`, without extension; it exports `handler`. */
  readonly handler: string;
  /** The table whose stream it reads (its definition has `stream`). */
  readonly table: TableKey;
  /** Records per invocation, at most. */
  readonly batchSize: number;
  /** Tries of a failing record before it goes to the dead-letter queue. */
  readonly retryAttempts: number;
  readonly grants: readonly Grant[];
  /** The function renders pages: the built pre-renderer is bundled with it. */
  readonly renderer?: true;
  /** Only the records that match (an event filter of the event source mapping; the twin's poller alike). */
  readonly filter?: StreamFilter;
}

export const streamConsumers = [
  {
    // Sends every queued e-mail (and turns a product's return into its requests' e-mails), at the SES rate.
    name: 'OutboxMail',
    handler: 'outbox-mail',
    table: 'outbox',
    filter: OUTBOX_STREAM_FILTER,
    batchSize: 10,
    retryAttempts: 5,
    grants: [
      { table: 'outbox', access: 'readWrite' },
      // The outcome of an order's e-mail goes on the order (history and timeline).
      { table: 'orders', access: 'write' },
      // The pending requests of a returned product are read; each is marked notified with its mail.
      { table: 'stockAlerts', access: 'readWrite' },
      { table: 'counters', access: 'write' },
      { mail: true },
      // Every e-mail of an order carries its "A minha encomenda" link, rebuilt from the order id.
      { orderLinks: true },
      // The owner's notifications go to the address of the shop's settings.
      SETTINGS_READ,
      // The hour's allowance of owner notifications, and the digest of those over it.
      { table: 'rateLimits', access: 'write' },
    ],
  },
  {
    // Automatic payments (docs/design.md §34): a reservation's provider payment started (then its
    // reservation e-mail, which names the settings' payment words), a closed provider-paid order's refund
    // made. The provider's keys, the orders and the settings (read); the e-mails go through the outbox.
    name: 'OrderPayments',
    handler: 'order-payments',
    table: 'orders',
    filter: PAYMENT_STREAM_FILTER,
    batchSize: 10,
    retryAttempts: 5,
    grants: [{ table: 'orders', access: 'readWrite' }, { table: 'outbox', access: 'write' }, SETTINGS_READ, { paymentKeys: true }],
  },
  {
    // Invoices (docs/invoices.md): a paid order's fatura-recibo, a refund's credit note, issued once by
    // the invoicing provider with the owner's API key; the orders (the record on each), the settings,
    // and the outbox (the shop's own mail of a document the provider does not mail).
    name: 'OrderInvoices',
    handler: 'order-invoices',
    table: 'orders',
    filter: INVOICE_STREAM_FILTER,
    batchSize: 10,
    retryAttempts: 5,
    grants: [{ table: 'orders', access: 'readWrite' }, { table: 'outbox', access: 'write' }, SETTINGS_READ, { invoicingKey: true }],
  },
  {
    // A product saved, sold or deleted: its page and the listing are rendered again (`services/pages.ts`).
    name: 'PublishProductPages',
    handler: 'publish-product-pages',
    table: 'products',
    batchSize: 100,
    retryAttempts: 3,
    renderer: true,
    grants: PAGE_PUBLISHING_GRANTS,
  },
  {
    // A collection added, renamed or removed: every page (each one's menu lists the collections).
    name: 'PublishAllPages',
    handler: 'publish-all-pages',
    table: 'collections',
    batchSize: 100,
    retryAttempts: 3,
    renderer: true,
    grants: PAGE_PUBLISHING_GRANTS,
  },
  {
    // The settings saved: every page (each one's footer names the seller; the policies state the
    // retention periods, the product pages the order caps) and the withdrawal form's PDF.
    name: 'PublishSettingsPages',
    handler: 'publish-settings-pages',
    table: 'settings',
    filter: SETTINGS_STREAM_FILTER,
    batchSize: 100,
    retryAttempts: 3,
    renderer: true,
    grants: PAGE_PUBLISHING_GRANTS,
  },
] as const satisfies readonly StreamConsumer[];
