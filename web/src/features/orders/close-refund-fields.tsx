/**
 * What closing a paid order gives back, as the owner says it in the close form (docs/money.md, the
 * server's rule in `lambdas/services/close-refund.ts`), read from the order's ledger:
 *
 * - paid through the provider: the amount the provider gives back (empty: all that is left);
 * - paid by hand (a proof checked, marked paid outside the site): how much the owner already gave back
 *   and how (empty: nothing was given back), at most what was paid less what went back already.
 *
 * Each refusal is said beside its field (the form's own check, or the server's `fields`).
 */
import type { Order } from '#shared/api.ts';
import { decisivePayment, MANUAL_REFUND_METHODS, moneyOf, paidCents, refundedCents, type ManualRefundMethod } from '#shared/ledger.ts';
import { formatCents, parseEuroInput } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

/** How closing `order` can give money back: through the provider, or recorded as given back by hand; undefined when nothing was paid. */
export type CloseRefundKind = { readonly kind: 'provider'; readonly left: number } | { readonly kind: 'manual'; readonly left: number; readonly method: ManualRefundMethod };

export function closeRefundOf(order: Order): CloseRefundKind | undefined {
  const { ledger } = moneyOf(order);
  const provider = ledger.filter((entry) => entry.source === 'provider');
  if (provider.some((entry) => entry.kind === 'payment' && entry.state === 'paid')) {
    const left = paidCents(provider) - refundedCents(provider);
    return left > 0 ? { kind: 'provider', left } : undefined;
  }
  const paid = decisivePayment(ledger);
  const left = paidCents(ledger) - refundedCents(ledger);
  if (paid?.state !== 'paid' || left <= 0) return undefined;
  // A Multibanco payment goes back by transfer; any other by the method that paid.
  return { kind: 'manual', left, method: paid.method === 'multibanco' ? 'transferencia' : paid.method };
}

/** What the owner typed: the amount (euros as text) and, paid by hand, how it went back. */
export interface RefundDraft {
  readonly amount: string;
  readonly method: ManualRefundMethod | '';
}

/** Field errors of the refund, by the API's field names. */
export type RefundErrors = Partial<Record<'refundCents' | 'refundMethod', string>>;

/** The refund typed when closing: none typed is {} (provider: all of it; by hand: nothing given back); else its cents, 1 to `max`, or what is wrong with it. */
export function refundAsked(text: string, max: number): { readonly cents: number } | { readonly message: string } | Record<string, never> {
  if (text.trim() === '') return {};
  const parsed = parseEuroInput(text);
  if (!parsed.ok || parsed.cents < 1 || parsed.cents > max) return { message: t.refundInvalid(formatCents(max)) };
  return { cents: parsed.cents };
}

/** The close's refund fields for the API (`refundCents`, `refundMethod`), or the field errors. */
export function refundInput(refund: CloseRefundKind | undefined, draft: RefundDraft): { readonly input: Record<string, unknown> } | { readonly errors: RefundErrors } {
  if (!refund) return { input: {} };
  const asked = refundAsked(draft.amount, refund.left);
  if ('message' in asked) return { errors: { refundCents: asked.message } };
  if (!('cents' in asked)) return { input: {} };
  if (refund.kind === 'provider') return { input: { refundCents: asked.cents } };
  return { input: { refundCents: asked.cents, refundMethod: draft.method || refund.method } };
}

export function RefundFields(props: { readonly refund: CloseRefundKind; readonly draft: RefundDraft; readonly errors: RefundErrors; readonly busy: boolean; readonly onDraft: (draft: RefundDraft) => void }) {
  const { refund, draft, errors, busy, onDraft } = props;
  const left = formatCents(refund.left);
  const provider = refund.kind === 'provider';
  return (
    <>
      <TextField
        label={provider ? t.refundAmount : t.manualRefundAmount}
        name="refundCents"
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        placeholder={provider ? left.replace(' €', '') : ''}
        hint={provider ? t.refundHint(left) : t.manualRefundHint(left)}
        error={errors.refundCents}
        onChange={(e) => onDraft({ ...draft, amount: e.target.value })}
        disabled={busy}
      />
      {!provider && (
        <SelectField label={t.manualRefundMethod} name="refundMethod" value={draft.method || refund.method} error={errors.refundMethod} onChange={(e) => onDraft({ ...draft, method: e.target.value as ManualRefundMethod })} disabled={busy}>
          {MANUAL_REFUND_METHODS.map((method) => (
            <option key={method} value={method}>
              {ledgerMethodLabel(method)}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}
