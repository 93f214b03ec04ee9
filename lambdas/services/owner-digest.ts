/**
 * The owner's mailbox stays readable (docs/design.md §30): at most `ownerMailsPerHour` notifications
 * (settings) reach the owner in a clock hour; the rest are counted into that hour's digest, which the
 * redrive job queues as one e-mail once the hour is over ("12 novas mensagens de contacto…"). Every
 * message and order is still stored and shown in the back-office: only the mails are grouped.
 */
import { createHash } from 'node:crypto';
import { formatDate, formatTime } from '#shared/dates.ts';
import type { OutboxMailItem } from '../contracts/outbox-items.ts';
import { OWNER_MONEY_TEMPLATES } from '../contracts/mail-templates.ts';
import { logger } from '../logger.ts';
import { countRequest } from '../repositories/rate-limits.ts';
import { HOUR_SECONDS, hourStart, ownerDigest, ownerDigestCountItem, ownerDigestQueuedItem } from '../repositories/owner-digests.ts';
import { outboxMailPut, outboxSentUpdate, OUTBOX_CLAIM_HELD } from '../repositories/outbox-store.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';

/** A transaction's idempotency token (DynamoDB takes at most 36 characters). */
const tokenOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 36);

/** The digest mail itself is never held (it is one a hour at most). */
const DIGEST_TEMPLATE = 'owner-digest';
/** Hours back the redrive job looks for a digest still to queue (it runs every minute; a few missed runs are caught up). */
const HOURS_BACK = 3;

/**
 * Whether one more of the owner's notifications may be sent now: counts it in the hour's allowance.
 * The customers' mails and the digest itself are never counted. The owner hears about money first: a
 * notification about money (`OWNER_MONEY_TEMPLATES`) always goes at once, and counts, so that it is
 * contact messages and alerts that go to the digest when the hour is busy.
 */
export async function ownerMailAllowed(item: OutboxMailItem, limit: number, now: Date): Promise<boolean> {
  if (!item.toShop || item.mail.template === DIGEST_TEMPLATE) return true;
  const counted = await countRequest('owner-mail', hourStart(now), HOUR_SECONDS);
  return counted <= limit || (OWNER_MONEY_TEMPLATES as readonly string[]).includes(item.mail.template);
}

/**
 * Records a claimed notification as gone into the hour's digest (its `messageId` says which), and
 * counts it there, in one transaction: a retry of the consumer counts it once.
 */
export async function holdForDigest(item: OutboxMailItem, now: Date): Promise<void> {
  const hour = hourStart(now);
  const result = await writeTransactionRetrying(
    [outboxSentUpdate(item.id, now, `digest#${hour}`), ownerDigestCountItem(hour, item.mail.template)],
    tokenOf(`digest#${item.id}#${item.attempts}`),
  );
  if (!result.written && !result.refused(OUTBOX_CLAIM_HELD)) throw new Error(`outbox ${item.id}: digest kept conflicting`);
  logger.info('owner notification held for the digest', { outboxId: item.id, hour });
}

/** The numbers of a digest, as its mail shows them. */
function digestData(hour: number, counts: Readonly<Record<string, number>>) {
  const start = new Date(hour * 1000);
  const end = new Date((hour + HOUR_SECONDS) * 1000);
  const messages = counts['owner-contact-message'] ?? 0;
  const proofs = counts['owner-new-order'] ?? 0;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const some = (count: number) => (count > 0 ? count : undefined);
  return {
    day: formatDate(start),
    start: formatTime(start),
    end: formatTime(end),
    total,
    messages: some(messages),
    proofs: some(proofs),
    others: some(total - messages - proofs),
  };
}

/**
 * The redrive job's part: every finished hour (of the last few) whose digest holds notifications and
 * is not queued yet gets its one digest mail, queued in the same transaction that marks it queued.
 * Answers how many digests were queued.
 */
export async function queueOwnerDigests(now = new Date()): Promise<number> {
  let queued = 0;
  const current = hourStart(now);
  for (let back = 1; back <= HOURS_BACK; back++) {
    const hour = current - back * HOUR_SECONDS;
    const digest = await ownerDigest(hour);
    if (!digest || digest.queued) continue;
    const data = digestData(hour, digest.counts);
    if (data.total === 0) continue;
    const mail = outboxMailPut({ id: `owner#digest#${hour}`, toShop: true, mail: { template: DIGEST_TEMPLATE, data } }, now);
    const result = await writeTransactionRetrying([ownerDigestQueuedItem(hour), mail], tokenOf(`owner-digest#${hour}`));
    if (result.written) queued++;
  }
  return queued;
}
