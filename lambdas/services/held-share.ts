/**
 * The owner's alarm on held stock (docs/design.md §27): when more than half of the shop's units (free
 * plus held) are held by unpaid reservations, the owner is mailed once, with a link to the open
 * reservations; not again until the share has dropped to half or below and risen again. The flag
 * (`repositories/abuse-flags.ts`) and the e-mail (outbox) are written in one transaction, so two
 * reservations at once mail once. Looked at after each reservation (a rise) and by the expiry job
 * and the owner's closes (a drop). Each look records the held units, which price the proofs of work.
 */
import { randomUUID } from 'node:crypto';
import { overHalfHeld } from '#shared/abuse.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { totalStock } from '#shared/variants.ts';
import { logger } from '../logger.ts';
import { FLAG_DOWN, lowerFlag, raiseFlagItem } from '../repositories/abuse-flags.ts';
import { COUNTER, getCounters } from '../repositories/counters.ts';
import { lastHeldUnits, raiseHeldUnits, recordFirstHeldUnits, recordHeldUnits } from '../repositories/held-units.ts';
import type { HeldUnits } from '#shared/proof-of-work.ts';
import { outboxMailPut } from '../repositories/outbox-store.ts';
import { listProducts } from '../repositories/products.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';

/** The flag's name. */
export const HELD_HALF_FLAG = 'held-half';

export type HeldShareOutcome = 'mailed' | 'lowered' | 'unchanged';

/** The held and free units now: the counters and the catalogue's stock, read consistently. */
async function unitsNow(): Promise<{ held: number; unchecked: number; free: number; reservations: number }> {
  const [counters, products] = await Promise.all([
    getCounters([COUNTER.reservedUnits, COUNTER.unconfirmedUnits, COUNTER.orders(RESERVED_STATUS)]),
    listProducts(),
  ]);
  return {
    held: Math.max(0, counters[COUNTER.reservedUnits] ?? 0),
    unchecked: Math.max(0, counters[COUNTER.unconfirmedUnits] ?? 0),
    reservations: Math.max(0, counters[COUNTER.orders(RESERVED_STATUS)] ?? 0),
    free: products.reduce((sum, product) => sum + totalStock(product.variants), 0),
  };
}

/** How a look at the held share runs. */
export interface HeldShareLook {
  /**
   * How it records the units held unpaid (reservations and unchecked proofs) and free, which price the
   * next proofs of work (`repositories/held-units.ts`): `exact` (the expiry job, the owner's closes), or
   * `raise` after a reservation, which never lowers the held count (checkouts under way have taken units
   * into it that no order counts yet: `admitHeldUnits` of `./challenges.ts`).
   */
  readonly record?: 'exact' | 'raise';
}

/**
 * Mails the owner when the held share rose over half (once), or lowers the flag when it is half or
 * below. Records the units held unpaid for the price of the next proofs of work (see {@link HeldShareLook}).
 */
export async function watchHeldShare(now = new Date(), { record = 'exact' }: HeldShareLook = {}): Promise<HeldShareOutcome> {
  const { held, unchecked, free, reservations } = await unitsNow();
  await (record === 'exact' ? recordHeldUnits : raiseHeldUnits)({ held: held + unchecked, free }, now);
  if (!overHalfHeld(held, free)) return (await lowerFlag(HELD_HALF_FLAG, now)) ? 'lowered' : 'unchanged';
  const total = held + free;
  const mail = outboxMailPut(
    {
      id: `owner#held-half#${now.toISOString()}#${randomUUID().slice(0, 8)}`,
      toShop: true,
      mail: { template: 'owner-held-stock', data: { held, total, percent: Math.floor((held * 100) / total), reservations } },
    },
    now,
  );
  const result = await writeTransactionRetrying([raiseFlagItem(HELD_HALF_FLAG, now), mail], randomUUID());
  if (result.written) return 'mailed';
  if (result.refused(FLAG_DOWN)) return 'unchanged';
  throw new Error('held share: the alert kept conflicting');
}

/**
 * The held and free units of a shop whose count was never recorded (a new shop's first checkouts, before
 * the expiry job's first count): counted and recorded, so the first burst is priced like any other
 * (`admitHeldUnits` of `./challenges.ts`). A record written meanwhile by another is read instead.
 */
export async function firstHeldCount(now = new Date()): Promise<HeldUnits> {
  const { held, unchecked, free } = await unitsNow();
  const counted = { held: held + unchecked, free };
  return (await recordFirstHeldUnits(counted, now)) ? counted : lastHeldUnits();
}

/** `watchHeldShare` where a failure must not undo what was done before it (a reservation placed, an order closed). */
export async function watchHeldShareQuietly(now = new Date(), look: HeldShareLook = {}): Promise<void> {
  try {
    await watchHeldShare(now, look);
  } catch (error) {
    logger.error('held share could not be checked', { error: error as Error });
  }
}
