/**
 * The outbox consumer's use cases (docs/design.md §19): send each queued e-mail once, at no more than the
 * configured rate, and record the outcome where it matters; turn a product's return into the e-mails of
 * its pending back-in-stock requests; wake the items that wait for a retry or whose consumer died.
 *
 * Delivery is at least once: an item is claimed (pending → sending) before SES is called, so two
 * stream records of one item, or a redrive racing the stream, never both send it; only a consumer that
 * dies between SES's acceptance and the "sent" write leaves an item that is sent again after its lease.
 */
import { createHash } from 'node:crypto';
import type { OrderEmailRecord, StockAlert, TimelineEntry } from '#shared/api.ts';
import { adminListParams, adminPathsUnder, DEFAULT_ADMIN_PREFIX, paths } from '#shared/paths.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import type { ShopSettings } from '#shared/settings.ts';
import { sellerIdentity } from '#shared/shop-identity.ts';
import { nameWithSize } from '#shared/variants.ts';
import { MAIL_ENV, OUTBOX_ENV } from '../contracts/env.ts';
import { BACK_IN_STOCK_PAGE, type OutboxBackInStockItem, type OutboxItem, type OutboxMailItem } from '../contracts/outbox-items.ts';
import { BACKOFF, backoffDelay } from '../backoff.ts';
import { logger } from '../logger.ts';
import { BUSINESS_METRICS, countEvent } from '../metrics.ts';
import { setting } from '../repositories/environment.ts';
import { shopMailData } from '../contracts/mail-data.ts';
import {
  ADMIN_LINK_TEMPLATES,
  CONFIRM_LINK_TEMPLATES,
  ORDER_LINK_TEMPLATES,
  type MailData,
  type MailTemplateId,
} from '../contracts/mail-templates.ts';
import { UnfitMailData, mailFailure, sendTemplatedMail, shopAddress } from '../repositories/mail.ts';
import { orderEmailOutcomeUpdate } from '../repositories/orders.ts';
import {
  claimOutboxItem,
  continueBackInStock,
  dueOutboxItems,
  finishBackInStock,
  outboxFailedUpdate,
  outboxItemFromImage,
  outboxSentUpdate,
  OUTBOX_CLAIM_HELD,
  putMailIfNew,
  redriveOutboxItem,
  releaseOutboxItem,
  retryOutboxItemLater,
} from '../repositories/outbox-store.ts';
import { pendingStockAlertsPage, stockAlertNotifiedItems } from '../repositories/stock-alerts.ts';
import { writeTransactionRetrying, type TransactionItem } from '../repositories/transactions.ts';
import { orderPageUrl } from './order-access.ts';
import { stockAlertConfirmUrl } from './stock-alert-links.ts';
import { holdForDigest, ownerMailAllowed } from './owner-digest.ts';
import { withCurrentKeys } from './queued-mail-keys.ts';
import { SHOP } from './order-lifecycle.ts';
import { shopSettings } from './settings.ts';

/** Mail items written at once while a back-in-stock page is turned into mails. */
const FAN_OUT_PARALLEL = 8;
/** Due items the redrive job wakes per run, at most (it runs every minute). */
const REDRIVE_LIMIT = 1000;

let nextSendAt = 0;

/** Waits for this instance's next send slot: at most `MAIL_SEND_RATE` sends a second. */
async function paceSend(): Promise<void> {
  const rate = Number(setting(OUTBOX_ENV.sendRate));
  const now = Date.now();
  const at = Math.max(now, nextSendAt);
  nextSendAt = at + 1000 / (rate > 0 ? rate : 1);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

const tokenOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 36);

/**
 * One stream record's new image: a pending item that is not waiting for a retry is claimed and
 * handled. Throws only when DynamoDB fails (the event source retries the record; the claim keeps a
 * retry from sending twice).
 */
export async function handleOutboxImage(image: Record<string, unknown>, now = new Date()): Promise<void> {
  const seen = outboxItemFromImage(image);
  if (seen.status !== 'pending' || (seen.retryAt !== undefined && seen.retryAt > now.toISOString())) return;
  const item = await claimOutboxItem(seen.id, now);
  if (!item) return;
  if (item.type === 'back-in-stock') {
    // A page that broke half way is safe to do again (each mail item is written once): give the claim back.
    await queueBackInStockMails(item, now).catch(async (error: unknown) => {
      await releaseOutboxItem(item.id).catch(() => undefined);
      throw error;
    });
  } else await deliver(item);
}

/**
 * The data SES gets: the queued data and what is added only when sent. Every e-mail gains the shop's
 * values (`shop`: the seller's identification of the footer, from the settings in force now, so the
 * owner's change on "Definições" reaches the next e-mail); an order's e-mail also gains its
 * "A minha encomenda" link, rebuilt from the order id, and a request's confirmation its link. An item
 * queued before the data's keys became English is sent with the current keys (`withCurrentKeys`).
 */
async function dataToSend(item: OutboxMailItem, settings: ShopSettings): Promise<MailData[MailTemplateId]> {
  const template = item.mail.template;
  const data = withCurrentKeys(item.mail.data);
  const shop = shopMailData(sellerIdentity(settings.seller));
  if ((ADMIN_LINK_TEMPLATES as readonly MailTemplateId[]).includes(template))
    return { ...data, shop, link: openReservationsUrl() } as MailData[MailTemplateId];
  if ((CONFIRM_LINK_TEMPLATES as readonly MailTemplateId[]).includes(template)) {
    if (item.effect?.kind !== 'stock-alert-confirm')
      throw new UnfitMailData(`Mail ${template} of ${item.id} names no request for its link.`);
    return { ...data, shop, link: await stockAlertConfirmUrl(item.effect.alertId, item.effect.requestedAt) } as MailData[MailTemplateId];
  }
  if (!(ORDER_LINK_TEMPLATES as readonly MailTemplateId[]).includes(template)) return { ...data, shop } as MailData[MailTemplateId];
  if (item.effect?.kind !== 'order') throw new UnfitMailData(`Mail ${template} of ${item.id} names no order for its link.`);
  return { ...data, shop, link: await orderPageUrl(item.effect.orderId) } as MailData[MailTemplateId];
}

/** The back-office's orders list filtered to the open reservations, under the shop's URL and admin prefix in force. */
function openReservationsUrl(): string {
  const orders = adminPathsUnder(process.env[MAIL_ENV.adminPrefix] || DEFAULT_ADMIN_PREFIX).orders;
  return `${setting(MAIL_ENV.shopUrl)}${orders}?${new URLSearchParams({ [adminListParams.orders.status]: RESERVED_STATUS }).toString()}`;
}

async function deliver(item: OutboxMailItem): Promise<void> {
  const settings = await shopSettings();
  if (!(await ownerMailAllowed(item, settings.ownerMailsPerHour, new Date()))) return holdForDigest(item, new Date());
  const to = item.toShop ? settings.ownerEmail || shopAddress() : item.to!;
  await paceSend();
  let messageId: string | undefined;
  try {
    messageId = await sendTemplatedMail(
      to,
      item.mail.template,
      (await dataToSend(item, settings)) as never,
      item.effect?.kind === 'order' ? { order: item.effect.orderId } : {},
    );
  } catch (error) {
    const failure = mailFailure(error);
    const now = new Date();
    const failures = item.failures + 1;
    if (failure.transient && failures < BACKOFF.outboxMail.tries) {
      logger.warn('mail deferred', { outboxId: item.id, failures, reason: failure.reason });
      await retryOutboxItemLater(item.id, new Date(now.getTime() + backoffDelay(BACKOFF.outboxMail, failures)), failure.reason);
      return;
    }
    logger.error('mail failed for good', { outboxId: item.id, failures, reason: failure.reason });
    countEvent(BUSINESS_METRICS.mailsFailed);
    await recordOutcome(item, { status: 'failed', reason: failure.reason }, now);
    return;
  }
  await recordOutcome(item, { status: 'sent', messageId }, new Date());
}

type Outcome = { readonly status: 'sent'; readonly messageId: string | undefined } | { readonly status: 'failed'; readonly reason: string };

/** What an outcome changes besides the item: the order's history and timeline, or the request marked notified. */
function effectItems(item: OutboxMailItem, outcome: Outcome, now: Date): TransactionItem[] {
  const effect = item.effect;
  if (!effect || effect.kind === 'stock-alert-confirm') return [];
  if (effect.kind === 'stock-alert')
    return outcome.status === 'sent' ? stockAlertNotifiedItems(effect.alertId, effect.requestedAt, now) : [];
  const at = now.toISOString();
  const tracking = effect.trackingCode ? { trackingCode: effect.trackingCode, ...(effect.carrier ? { carrier: effect.carrier } : {}) } : {};
  const record: OrderEmailRecord =
    outcome.status === 'sent'
      ? { kind: effect.email, status: 'sent', at, ...tracking }
      : { kind: effect.email, status: 'failed', at, ...tracking, error: outcome.reason };
  const entry: TimelineEntry = {
    at,
    kind: 'email',
    by: SHOP,
    email: effect.email,
    outcome: outcome.status,
    ...(outcome.status === 'failed' ? { text: outcome.reason } : {}),
  };
  return [orderEmailOutcomeUpdate(effect.orderId, record, entry)];
}

/** Records the outcome on the item and, in the same transaction, its effects; without them when they no longer apply. */
async function recordOutcome(item: OutboxMailItem, outcome: Outcome, now: Date): Promise<void> {
  const own =
    outcome.status === 'sent' ? outboxSentUpdate(item.id, now, outcome.messageId) : outboxFailedUpdate(item.id, now, outcome.reason);
  const effects = effectItems(item, outcome, now);
  const result = await writeTransactionRetrying([own, ...effects], tokenOf(`${item.id}#${item.attempts}#${outcome.status}`));
  if (result.written) return;
  if (result.refused(OUTBOX_CLAIM_HELD)) {
    logger.warn('outbox item changed while it was sent', { outboxId: item.id });
    return;
  }
  if (result.refusals.length === 0) throw new Error(`outbox ${item.id}: outcome kept conflicting`);
  // The order is gone, or the request is no longer the pending one: the mail's own record still counts.
  const alone = await writeTransactionRetrying([own], tokenOf(`${item.id}#${item.attempts}#${outcome.status}#alone`));
  if (!alone.written && !alone.refused(OUTBOX_CLAIM_HELD)) throw new Error(`outbox ${item.id}: outcome kept conflicting`);
}

/**
 * One page of a returned product's confirmed requests becomes one mail item each, first asked first
 * served, until the restock's share is queued: `alertsPerUnit` (settings) × the units restocked; the
 * rest stay pending for the next restock. A request that already has a mail in the outbox, sent or on
 * its way, gets none and takes no share (a second return does not mail it twice). The item then
 * continues at the next page (a new stream record) or is done.
 */
async function queueBackInStockMails(item: OutboxBackInStockItem, now: Date): Promise<void> {
  const link = `${setting(MAIL_ENV.shopUrl)}${paths.product(item.productId)}`;
  let share = (item.units ?? 1) * (await shopSettings()).alertsPerUnit - item.queued;
  const page = share > 0 ? await pendingStockAlertsPage(item.productId, item.cursor, BACK_IN_STOCK_PAGE, item.variantId) : { alerts: [] };
  const alerts = [...page.alerts];
  let queued = 0;
  const queue = (alert: StockAlert) =>
    putMailIfNew(
      {
        id: `back-in-stock#${alert.id}#${alert.createdAt}`,
        to: alert.email,
        mail: { template: 'back-in-stock', data: { product: nameWithSize(item.productName, item.size), link } },
        effect: { kind: 'stock-alert', alertId: alert.id, requestedAt: alert.createdAt },
      },
      now,
    );
  // In the order asked, a few at once, never past the share.
  while (share > 0 && alerts.length > 0) {
    const written = (await Promise.all(alerts.splice(0, Math.min(share, FAN_OUT_PARALLEL)).map(queue))).filter(Boolean).length;
    queued += written;
    share -= written;
  }
  if (share > 0 && page.next) await continueBackInStock(item.id, page.next, queued, now);
  else await finishBackInStock(item.id, queued, now);
}

/**
 * The redrive job: wakes every item whose `dueAt` has come, i.e. a retry whose backoff is over, a
 * claim whose consumer died (lease over) or a new item the stream never delivered. The wake-up is a
 * new stream record. Answers how many were woken.
 */
export async function redriveDueMail(now = new Date()): Promise<number> {
  let woken = 0;
  const due: OutboxItem[] = await dueOutboxItems(now, REDRIVE_LIMIT);
  for (const item of due) if (await redriveOutboxItem(item, now)) woken++;
  return woken;
}
