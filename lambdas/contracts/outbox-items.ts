/**
 * The mail outbox as its writers (the services, inside the transaction of the event that causes a
 * mail) and its consumer (`lambdas/consumers/outbox-mail.ts`, on the table's stream) see it.
 *
 * An item is one of:
 * - `mail`: one templated e-mail (template + data typed together), to a customer address or to the
 *   shop's own address (`toShop`), with what its outcome changes elsewhere (`effect`): the order's
 *   e-mail history and timeline, or the back-in-stock request marked notified;
 * - `back-in-stock`: a product came back (a real 0 → above-0 movement): the consumer turns it, one
 *   page of pending requests at a time, into one `mail` item per request, so the owner's save writes
 *   one item whatever the number of requests.
 *
 * Lifecycle: `pending` → (claimed) `sending` → `sent` | `failed`; a transient SES failure puts it back
 * to `pending` with `retryAt` (`BACKOFF.outboxMail` of `lambdas/backoff.ts`), and the redrive job
 * (`lambdas/consumers/outbox-redrive.ts`) wakes it when that time comes, or when a claimed item's
 * lease ran out.
 */
import type { OrderEmailRecord } from '#shared/api.ts';
import type { MailTemplateId, QueuedMailData } from './mail-templates.ts';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One e-mail: its template and the data it is queued with (an order's link is added when it is sent). */
export type OutboxMail = { readonly [Id in MailTemplateId]: { readonly template: Id; readonly data: QueuedMailData[Id] } }[MailTemplateId];

/** What a mail's outcome records elsewhere. */
export type OutboxEffect =
  | {
      readonly kind: 'order';
      readonly orderId: string;
      readonly email: OrderEmailRecord['kind'];
      readonly trackingCode?: string;
      readonly carrier?: OrderEmailRecord['carrier'];
    }
  /** `requestedAt`: the request's `createdAt`; it is marked notified only if it is still that pending request. */
  | { readonly kind: 'stock-alert'; readonly alertId: string; readonly requestedAt: string }
  /** The confirmation mail of a request: its link is rebuilt from the request's id and `createdAt`; the outcome changes nothing else. */
  | { readonly kind: 'stock-alert-confirm'; readonly alertId: string; readonly requestedAt: string };

/** Bookkeeping every outbox item has. */
interface OutboxBase {
  readonly id: string;
  readonly status: OutboxStatus;
  /** Claims so far (a claim is one try). */
  readonly attempts: number;
  /** Transient failures so far; the backoff grows with them and they are capped. */
  readonly failures: number;
  readonly createdAt: string;
  /** While pending or sending: `QUEUE_DUE`, the partition of the sparse `byDue` index. */
  readonly queue?: typeof QUEUE_DUE;
  /** When the redrive job looks at the item if it is still pending or sending then. */
  readonly dueAt: string;
  /** Backoff after a transient failure: the consumer leaves the item alone until then. */
  readonly retryAt?: string;
  /** Epoch seconds; DynamoDB's TTL deletes the item after it (set when the item is written). */
  readonly expiresAt: number;
  readonly lastError?: string;
}

export interface OutboxMailItem extends OutboxBase {
  readonly type: 'mail';
  /** The customer's address; absent when `toShop` (the consumer sends to the owner's address of the settings, else the shop's own). */
  readonly to?: string;
  readonly toShop?: true;
  readonly mail: OutboxMail;
  readonly effect?: OutboxEffect;
  readonly sentAt?: string;
  readonly messageId?: string;
  /** Why it failed for good. */
  readonly error?: string;
}

export interface OutboxBackInStockItem extends OutboxBase {
  readonly type: 'back-in-stock';
  readonly productId: string;
  readonly productName: string;
  /** The size that came back, for a piece sold in sizes (its requests and those naming no size are told). */
  readonly variantId?: string;
  readonly size?: string;
  /** Where the next page of pending requests starts (JSON of the query's LastEvaluatedKey). */
  readonly cursor?: string;
  /** Mail items written so far. */
  /** Units restocked by the movement: the restock mails at most `alertsPerUnit` (settings) × these (absent on older items: 1). */
  readonly units?: number;
  readonly queued: number;
}

export type OutboxItem = OutboxMailItem | OutboxBackInStockItem;

/** A mail as a service asks for it (the repository adds the bookkeeping). */
export interface NewOutboxMail {
  /** Deterministic per event, so a retried transaction or a repeated click writes one item. */
  readonly id: string;
  readonly to?: string;
  readonly toShop?: true;
  readonly mail: OutboxMail;
  readonly effect?: OutboxEffect;
}

/** Partition value of the `byDue` index: only items still to send carry it. */
export const QUEUE_DUE = 'due';

/** A claimed item whose consumer died is redriven after this (far above the consumer's timeout). */
export const OUTBOX_LEASE_SECONDS = 300;
/** A new item the stream did not get to (an outage of the event source) is redriven after this. */
export const OUTBOX_FIRST_DUE_SECONDS = 120;
/** Sent and failed items are kept this long (DynamoDB TTL), for the record. */
export const OUTBOX_KEEP_DAYS = 30;
/** Pending back-in-stock requests turned into mail items per consumer step. */
export const BACK_IN_STOCK_PAGE = 200;

/**
 * The event source mapping's filter (cloud) and the twin poller's: only items waiting to be sent
 * reach the consumer; the records of claims, sends and failures do not invoke it.
 */
export const OUTBOX_STREAM_FILTER = { dynamodb: { NewImage: { status: { S: ['pending'] } } } } as const;
