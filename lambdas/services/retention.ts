/**
 * Retention (issue 17 part 6): personal data the shop no longer needs is deleted once it is older than
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
import type { RetentionSettings } from '../../shared/settings.ts';
import { CONTACT_LISTING, deleteContactMessageItems } from '../repositories/contact-messages.ts';
import { listingBefore } from '../repositories/paging.ts';
import { ORDER_LISTING, proofDeletedItem, proofRetentionCursor, setProofRetentionCursor } from '../repositories/orders.ts';
import { deleteStockAlertItems, STOCK_ALERT_LISTING } from '../repositories/stock-alerts.ts';
import { deleteObjects } from '../repositories/storage.ts';
import { writeTransactionRetrying, type TransactionItem } from '../repositories/transactions.ts';
import { shopSettings } from './settings.ts';

const DAY_MS = 86_400_000;

/** Items one run handles per kind at most (a run must end well within the job's 5 minutes); the next run goes on. */
export const RETENTION_BATCH = 500;

export interface RetentionRun {
  readonly contactMessages: number;
  readonly stockAlerts: number;
  readonly proofs: number;
}

/** The instant before which data of a period of `days` is past it. */
export function retentionCutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** Deletes what is past its period at `now`; answers how many of each it deleted. */
export async function purgeExpiredData(now = new Date(), periods?: RetentionSettings): Promise<RetentionRun> {
  const retention = periods ?? (await shopSettings(now.getTime())).retention;
  const [contactMessages, stockAlerts, proofs] = await Promise.all([
    deleteEach(await listingBefore('contactMessages', CONTACT_LISTING, { before: retentionCutoff(now, retention.contactMessagesDays) }, RETENTION_BATCH), deleteContactMessageItems),
    deleteEach(await listingBefore('stockAlerts', STOCK_ALERT_LISTING, { before: retentionCutoff(now, retention.stockAlertsDays) }, RETENTION_BATCH), deleteStockAlertItems),
    deleteOldProofs(now, retention.proofsDays),
  ]);
  return { contactMessages, stockAlerts, proofs };
}

/**
 * Deletes each item with its transaction; one whose condition failed (read or notified meanwhile) is
 * left for the next run, which sees its new state.
 */
async function deleteEach(items: readonly Record<string, unknown>[], itemsOf: (item: Record<string, unknown>) => TransactionItem[]): Promise<number> {
  let deleted = 0;
  for (const item of items) {
    const result = await writeTransactionRetrying(itemsOf(item), randomUUID());
    if (result.written) deleted += 1;
  }
  return deleted;
}

/**
 * Proofs of orders created before the cutoff, from where the last run stopped (orders stay, so the walk
 * keeps a cursor instead of reading every old order each day): the file first, then the order's record
 * of it; a failure in between leaves the order to the next run, which deletes nothing twice.
 */
async function deleteOldProofs(now: Date, days: number): Promise<number> {
  const before = retentionCutoff(now, days);
  const after = await proofRetentionCursor();
  if (after && after >= before) return 0; // the period grew: nothing new is old enough yet
  const orders = await listingBefore(
    'orders',
    ORDER_LISTING,
    { before, ...(after ? { after } : {}), filter: 'attribute_exists(proofKey) AND attribute_not_exists(proofDeletedAt)' },
    RETENTION_BATCH,
  );
  if (orders.length > 0) {
    await deleteObjects('proofs', orders.map((order) => String(order.proofKey)));
    const entry = { at: now.toISOString(), kind: 'note' as const, by: 'loja', text: `Comprovativo de pagamento apagado: passaram ${days} dias (prazo de conservação das Definições).` };
    for (const order of orders) await writeTransactionRetrying([proofDeletedItem(String(order.id), String(order.proofKey), entry, now)], randomUUID());
  }
  // A full batch may leave more in the range: go on from the last one handled (handled ones are
  // filtered out, so an order sharing its instant is not lost); otherwise the whole range is done.
  const through = orders.length === RETENTION_BATCH ? String(orders.at(-1)!.createdAt) : before;
  await setProofRetentionCursor(through);
  return orders.length;
}
