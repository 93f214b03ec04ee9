/**
 * What an order can still give back, read from its ledger (docs/money.md, "Refunds"): the one rule the
 * close's refund, "Devolver parte do pagamento" and the owner's forms share.
 *
 * - Paid through the provider: the money goes back through it, by the method that paid; what is left
 *   is what it took less what it gave back and what it was asked for and has not answered yet.
 * - Paid by hand (a proof the owner checked, marked paid outside the site): the owner gives it back
 *   herself and records how; what is left is what was paid less what was recorded as given back.
 * - Nothing paid: nothing to give back (undefined).
 */
import { decisivePayment, paidCents, refundedCents, refundPendingCents, type LedgerLine, type ManualRefundMethod } from './ledger.ts';
import type { ProviderMethod } from './automatic-payments.ts';

export type Refundable =
  | { readonly kind: 'provider'; readonly method: ProviderMethod; readonly leftCents: number; readonly pendingCents: number }
  | { readonly kind: 'manual'; readonly method: ManualRefundMethod; readonly leftCents: number; readonly pendingCents: 0 };

/**
 * What `ledger` can still give back, and how; undefined when nothing was paid. `leftCents` may be 0
 * (all given back, or all of the rest asked of the provider: `pendingCents`).
 *
 * @example refundableOf([{ kind: 'payment', method: 'transferencia', state: 'paid', amountCents: 3480, at: '…', source: 'proof' }])
 * // { kind: 'manual', method: 'transferencia', leftCents: 3480, pendingCents: 0 }
 */
export function refundableOf(ledger: readonly LedgerLine[]): Refundable | undefined {
  const provider = ledger.filter((entry) => entry.source === 'provider');
  const providerPaid = provider.find((entry) => entry.kind === 'payment' && entry.state === 'paid');
  if (providerPaid) {
    const pendingCents = refundPendingCents(provider);
    return {
      kind: 'provider',
      method: providerPaid.method as ProviderMethod,
      leftCents: paidCents(provider) - refundedCents(provider) - pendingCents,
      pendingCents,
    };
  }
  const paid = decisivePayment(ledger);
  if (paid?.state !== 'paid') return undefined;
  // A Multibanco payment goes back by transfer; any other by the method that paid.
  const method = paid.method === 'multibanco' ? 'transferencia' : (paid.method as ManualRefundMethod);
  return { kind: 'manual', method, leftCents: paidCents(ledger) - refundedCents(ledger), pendingCents: 0 };
}
