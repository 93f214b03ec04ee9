/**
 * What an order gives back (docs/design.md §34, §35, docs/money.md "Refunds"), read from its ledger
 * (`shared/refunds.ts`), on closing it or with "Devolver parte do pagamento":
 *
 * - paid through the provider: the amount asked (on a close, by default all that is left); the orders
 *   stream's payments consumer asks the provider for it;
 * - paid by hand (a proof the owner checked, or marked paid outside the site): the owner says how much
 *   she gave back (`refundCents`) and how (`refundMethod`, by default the method that paid); it is
 *   recorded in the ledger. On a close, absent: nothing was given back (a return kept, say).
 *
 * The amount is 1 cent to what is left (paid less given back or asked back already); an order with
 * nothing paid has nothing to give back, and one whose provider refund is still being made waits for it.
 * A refusal is a 400 beside `refundCents` (a 409 while a refund is being made), nothing changed.
 */
import type { Order } from '#shared/api.ts';
import { moneyOf, type LedgerEntry, type ManualRefundMethod } from '#shared/ledger.ts';
import { refundTexts } from '#shared/messages/index.ts';
import { CURRENCY, formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { refundableOf, type Refundable } from '#shared/refunds.ts';
import { Conflict, InvalidInput } from '../errors.ts';

/** What is given back: `refundCents` through the provider, or a refund made by hand to record; `text` for the timeline. */
export interface PlannedRefund {
  readonly refundCents?: number;
  readonly manualRefund?: LedgerEntry;
  readonly text: string;
}

function refused(message: string): InvalidInput {
  return new InvalidInput(message, { refundCents: message });
}

/** A provider refund still being made: the next waits for its answer (seconds), or the two would be one. */
function refundUnderway(refundable: Refundable): void {
  if (refundable.pendingCents === 0) return;
  const message = refundTexts.underway(formatCents(refundable.pendingCents));
  throw new Conflict(message, 'refund_underway', { refundCents: message });
}

/** `cents` given back from `order` by `method` (paid by hand), checked against what is left; by `by` at `now`. */
function planned(refundable: Refundable, cents: number, method: ManualRefundMethod | undefined, by: string, now: Date): PlannedRefund {
  const left = formatCents(Math.max(refundable.leftCents, 0));
  if (refundable.kind === 'provider') {
    if (method !== undefined) throw new InvalidInput(refundTexts.notManual, { refundMethod: refundTexts.notManual });
    refundUnderway(refundable);
    if (cents < 1 || cents > refundable.leftCents) throw refused(refundTexts.range(left));
    return { refundCents: cents, text: refundTexts.requested(formatCents(cents)) };
  }
  if (cents < 1 || cents > refundable.leftCents) throw refused(refundTexts.manualRange(left));
  const how = method ?? refundable.method;
  const at = now.toISOString();
  const manualRefund: LedgerEntry = {
    id: `refund:manual:${at}`,
    kind: 'refund',
    method: how,
    source: 'owner',
    state: 'refunded',
    amountCents: cents,
    currency: CURRENCY,
    at,
    settledAt: at,
    by,
    reason: 'manual',
  };
  return { manualRefund, text: refundTexts.manualRecorded(formatCents(cents), ledgerMethodLabel(how)) };
}

/** The refund of closing `order` as the owner asked it (`asked`, `method`), by `by` at `now`; `text` starts with "; " when there is one. */
export function refundOnClose(
  order: Order,
  asked: number | undefined,
  method: ManualRefundMethod | undefined,
  by: string,
  now: Date,
): PlannedRefund {
  const refundable = refundableOf(moneyOf(order).ledger);
  if (!refundable) {
    if (asked !== undefined || method !== undefined) throw refused(refundTexts.nothingPaid);
    return { text: '' };
  }
  // Through the provider, all that is left by default; by hand, nothing unless the owner says so.
  const cents = asked ?? (refundable.kind === 'provider' && refundable.leftCents > 0 ? refundable.leftCents : undefined);
  if (cents === undefined) {
    if (method !== undefined) throw refused(refundTexts.manualRange(formatCents(Math.max(refundable.leftCents, 0))));
    return { text: '' };
  }
  const refund = planned(refundable, cents, method, by, now);
  return { ...refund, text: `; ${refund.text}` };
}

/**
 * "Devolver parte do pagamento" (`lambdas/services/order-refunds.ts`): `cents` (required) by `method`,
 * checked as `refundOnClose` checks it, once what is left is what the owner saw (`expectedLeftCents`),
 * else 409 `refund_changed` (`changed`).
 */
export function refundOfPart(
  order: Order,
  cents: number,
  method: ManualRefundMethod | undefined,
  expectedLeftCents: number,
  by: string,
  now: Date,
  changed: (order: Order) => Error,
): PlannedRefund {
  const refundable = refundableOf(moneyOf(order).ledger);
  if (!refundable) throw refused(refundTexts.nothingPaid);
  if (refundable.kind === 'provider') refundUnderway(refundable);
  if (refundable.leftCents !== expectedLeftCents) throw changed(order);
  return planned(refundable, cents, method, by, now);
}
