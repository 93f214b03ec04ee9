/**
 * Retention (docs/personal-data.md): personal data the shop no longer needs is deleted once it is older than
 * the periods of the shop's settings (`RetentionSettings`, edited on "Definições", stated on the privacy
 * policy page). Run once a day by the `PurgeExpiredData` job; each run reads only the key range of items
 * past their period (the listing indexes, oldest first), never a whole table.
 *
 * A job rather than DynamoDB TTL: the periods are settings (a TTL fixed at write time would ignore a
 * change), and a deletion must take an unread message or a pending request off the dashboard's counters
 * in the same transaction, which TTL cannot do.
 *
 * - Contact messages: deleted with their place in the customer's history.
 * - Back-in-stock requests: deleted, pending or notified.
 * - Proofs of payment: the file is deleted; the order stays (accounting, `ORDER_RETENTION_YEARS`) and
 *   records when its proof went (`proofDeletedAt`, a timeline entry).
 */
import { randomUUID } from 'node:crypto';
import type { RetentionSettings } from '#shared/settings.ts';
import { CONTACT_LISTING, deleteContactMessageItems } from '../repositories/contact-messages.ts';
import { listingBefore } from '../repositories/paging.ts';
import { ORDER_LISTING } from '../repositories/orders.ts';
import { proofDeletedItem, proofRetentionCursor, setProofRetentionCursor } from '../repositories/order-proofs.ts';
import { deleteStockAlertItems, STOCK_ALERT_LISTING } from '../repositories/stock-alerts.ts';
import { deleteObjects } from '../repositories/storage.ts';
import { writeTransactionRetrying, type TransactionItem } from '../repositories/transactions.ts';
import { shopSettings } from './settings.ts';

const DAY_MS = 86_400_000;

/** Items one batch handles per kind; a run goes on with more batches while it has time. */
export const RETENTION_BATCH = 500;

/** How long a run keeps starting new batches (the job's function has 5 minutes). */
export const RETENTION_RUN_MS = 3 * 60_000;

export interface RetentionRun {
  readonly contactMessages: number;
  readonly stockAlerts: number;
  readonly proofs: number;
}

/** The instant before which data of a period of `days` is past it. */
export function retentionCutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * Deletes what is past its period at `now`, batch after batch while a batch comes back full and the
 * run has time (`until`, a clock instant): a flood of contact messages is caught up, not left for ever.
 * Answers how many of each it deleted.
 */
export async function purgeExpiredData(
  now = new Date(),
  periods?: RetentionSettings,
  until = Date.now() + RETENTION_RUN_MS,
): Promise<RetentionRun> {
  const retention = periods ?? (await shopSettings(now.getTime())).retention;
  const [contactMessages, stockAlerts, proofs] = await Promise.all([
    inBatches(until, async () =>
      deleteEach(
        await listingBefore(
          'contactMessages',
          CONTACT_LISTING,
          { before: retentionCutoff(now, retention.contactMessagesDays) },
          RETENTION_BATCH,
        ),
        deleteContactMessageItems,
      ),
    ),
    inBatches(until, async () =>
      deleteEach(
        await listingBefore(
          'stockAlerts',
          STOCK_ALERT_LISTING,
          { before: retentionCutoff(now, retention.stockAlertsDays) },
          RETENTION_BATCH,
        ),
        deleteStockAlertItems,
      ),
    ),
    inBatches(until, () => deleteOldProofs(now, retention.proofsDays)),
  ]);
  return { contactMessages, stockAlerts, proofs };
}

/** Runs `batch` again while it reports a full batch done and the clock is before `until`; the sum of what it did. */
async function inBatches(until: number, batch: () => Promise<{ readonly done: number; readonly more: boolean }>): Promise<number> {
  let total = 0;
  for (;;) {
    const { done, more } = await batch();
    total += done;
    if (!more || Date.now() >= until) return total;
  }
}

/**
 * Deletes each item with its transaction; one whose condition failed (read or notified meanwhile) is
 * left for the next run, which sees its new state.
 */
async function deleteEach(
  items: readonly Record<string, unknown>[],
  itemsOf: (item: Record<string, unknown>) => TransactionItem[],
): Promise<{ done: number; more: boolean }> {
  let done = 0;
  for (const item of items) {
    const result = await writeTransactionRetrying(itemsOf(item), randomUUID());
    if (result.written) done += 1;
  }
  // A full batch may leave more; one whose deletions all failed (changed meanwhile) waits for the next run.
  return { done, more: items.length === RETENTION_BATCH && done > 0 };
}

/**
 * Proofs of orders created before the cutoff, from where the last run stopped (orders stay, so the walk
 * keeps a cursor instead of reading every old order each day): the file first, then the order's record
 * of it; a failure in between leaves the order to the next run, which deletes nothing twice.
 */
async function deleteOldProofs(now: Date, days: number): Promise<{ done: number; more: boolean }> {
  const before = retentionCutoff(now, days);
  const after = await proofRetentionCursor();
  if (after && after >= before) return { done: 0, more: false }; // the period grew: nothing new is old enough yet
  const orders = await listingBefore(
    'orders',
    ORDER_LISTING,
    { before, ...(after ? { after } : {}), filter: 'attribute_exists(proofKey) AND attribute_not_exists(proofDeletedAt)' },
    RETENTION_BATCH,
  );
  // S3 reports a key it could not delete in its answer: that order keeps its proof for the next run.
  const failed = new Set(
    orders.length > 0
      ? await deleteObjects(
          'proofs',
          orders.map((order) => String(order.proofKey)),
        )
      : [],
  );
  const entry = {
    at: now.toISOString(),
    kind: 'note' as const,
    by: 'loja',
    text: `Comprovativo de pagamento apagado: passaram ${days} dias (prazo de conservação das Definições).`,
  };
  let done = 0;
  let through: string | undefined;
  for (const order of orders) {
    const recorded =
      !failed.has(String(order.proofKey)) &&
      (await writeTransactionRetrying([proofDeletedItem(String(order.id), String(order.proofKey), entry, now)], randomUUID())).written;
    // The walk never goes past an order it could not finish (the next run starts from there again).
    if (!recorded) break;
    done += 1;
    through = String(order.createdAt);
  }
  const complete = done === orders.length;
  // A full batch may leave more in the range: go on from the last one handled (handled ones are filtered
  // out, so an order sharing its instant is not lost); a complete short batch finishes the whole range.
  const next = complete && orders.length < RETENTION_BATCH ? before : through;
  if (next) await setProofRetentionCursor(next);
  return { done, more: complete && orders.length === RETENTION_BATCH };
}
