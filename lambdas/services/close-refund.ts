/**
 * What closing a paid order gives back (docs/design.md §34, §35), read from its ledger:
 *
 * - paid through the provider: `refundCents` (the owner's partial refund) or, by default, all that is
 *   left; the orders stream's payments consumer asks the provider for it;
 * - paid by hand (a proof the owner checked, or marked paid outside the site): the owner says how much
 *   she gave back (`refundCents`) and how (`refundMethod`, by default the method that paid); it is
 *   recorded in the ledger with the close. Absent: nothing was given back (a return kept, say).
 *
 * The amount is 1 cent to what is left (paid less given back already); an order with nothing paid has
 * nothing to give back. A refusal is a 400 beside `refundCents`, nothing changed.
 */
import type { Order } from '#shared/api.ts';
import { decisivePayment, moneyOf, paidCents, refundedCents, type LedgerEntry, type ManualRefundMethod } from '#shared/ledger.ts';
import { refundTexts } from '#shared/messages/index.ts';
import { CURRENCY, formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { InvalidInput } from '../errors.ts';

/** What the close gives back: `refundCents` through the provider, or a refund made by hand to record; `text` for the timeline. */
export interface CloseRefund {
  readonly refundCents?: number;
  readonly manualRefund?: LedgerEntry;
  readonly text: string;
}

function refused(message: string): InvalidInput {
  return new InvalidInput(message, { refundCents: message });
}

/** The refund of closing `order` as the owner asked it (`asked`, `method`), by `by` at `now`. */
export function refundOnClose(order: Order, asked: number | undefined, method: ManualRefundMethod | undefined, by: string, now: Date): CloseRefund {
  const { ledger } = moneyOf(order);
  // A payment the provider took goes back through it, bounded by what it took less what it gave back.
  const providerPaid = ledger.find((entry) => entry.kind === 'payment' && entry.source === 'provider' && entry.state === 'paid');
  if (providerPaid) {
    if (method !== undefined) throw new InvalidInput(refundTexts.notManual, { refundMethod: refundTexts.notManual });
    const provider = ledger.filter((entry) => entry.source === 'provider');
    const left = paidCents(provider) - refundedCents(provider);
    const cents = asked ?? (left > 0 ? left : undefined);
    if (cents === undefined) return { text: '' };
    if (cents < 1 || cents > left) throw refused(refundTexts.range(formatCents(Math.max(left, 0))));
    return { refundCents: cents, text: `; ${refundTexts.requested(formatCents(cents))}` };
  }
  const paid = decisivePayment(ledger);
  if (paid?.state !== 'paid') {
    if (asked !== undefined || method !== undefined) throw refused(refundTexts.nothingPaid);
    return { text: '' };
  }
  const left = paidCents(ledger) - refundedCents(ledger);
  if (asked === undefined) {
    if (method !== undefined) throw refused(refundTexts.manualRange(formatCents(Math.max(left, 0))));
    return { text: '' };
  }
  if (asked < 1 || asked > left) throw refused(refundTexts.manualRange(formatCents(Math.max(left, 0))));
  const how = method ?? (paid.method === 'multibanco' ? 'transferencia' : paid.method);
  const at = now.toISOString();
  const manualRefund: LedgerEntry = { id: `refund:manual:${at}`, kind: 'refund', method: how, source: 'owner', state: 'refunded', amountCents: asked, currency: CURRENCY, at, settledAt: at, by, reason: 'manual' };
  return { manualRefund, text: `; ${refundTexts.manualRecorded(formatCents(asked), ledgerMethodLabel(how))}` };
}
