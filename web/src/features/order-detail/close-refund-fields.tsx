/**
 * What the owner gives back, as she says it in a form (docs/money.md "Refunds"; the rule in
 * `shared/refunds.ts`, the server's in `lambdas/services/close-refund.ts`): on closing an order, and with
 * "Devolver parte do pagamento" (`refund-part-form.tsx`), read from the order's ledger:
 *
 * - paid through the provider: the amount the provider gives back (closing, empty: all that is left);
 * - paid by hand (a proof checked, marked paid outside the site): how much the owner already gave back
 *   and how (closing, empty: nothing was given back), at most what was paid less what went back already.
 *
 * Each refusal is said beside its field (the form's own check, or the server's `fields`).
 */
import type { Order } from '#shared/api.ts';
import { MANUAL_REFUND_METHODS, moneyOf, type ManualRefundMethod } from '#shared/ledger.ts';
import { formatCents, parseEuroInput } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { refundableOf, type Refundable } from '#shared/refunds.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

/** What `order` can still give back, when anything (something paid and not all of it given or asked back). */
export function refundLeftOf(order: Order): Refundable | undefined {
  const refundable = refundableOf(moneyOf(order).ledger);
  return refundable && refundable.leftCents > 0 ? refundable : undefined;
}

/** What the owner typed: the amount (euros as text) and, paid by hand, how it went back. */
export interface RefundDraft {
  readonly amount: string;
  readonly method: ManualRefundMethod | '';
}

/** Field errors of the refund, by the API's field names. */
export type RefundErrors = Partial<Record<'refundCents' | 'refundMethod', string>>;

/**
 * The refund typed: none typed is {} (closing through the provider: all of it; by hand: nothing given
 * back); else its cents, 1 to `max`, or what is wrong with it.
 */
export function refundAsked(text: string, max: number): { readonly cents: number } | { readonly message: string } | Record<string, never> {
  if (text.trim() === '') return {};
  const parsed = parseEuroInput(text);
  if (!parsed.ok || parsed.cents < 1 || parsed.cents > max) return { message: t.refundInvalid(formatCents(max)) };
  return { cents: parsed.cents };
}

/**
 * The refund's fields for the API (`refundCents`, `refundMethod`), or the field errors; `required`: an
 * empty amount is an error ("Devolver parte do pagamento").
 */
export function refundInput(
  refund: Refundable | undefined,
  draft: RefundDraft,
  required = false,
): { readonly input: { readonly refundCents?: number; readonly refundMethod?: ManualRefundMethod } } | { readonly errors: RefundErrors } {
  if (!refund) return { input: {} };
  const asked = refundAsked(draft.amount, refund.leftCents);
  if ('message' in asked) return { errors: { refundCents: asked.message } };
  if (!('cents' in asked)) return required ? { errors: { refundCents: t.refundInvalid(formatCents(refund.leftCents)) } } : { input: {} };
  if (refund.kind === 'provider') return { input: { refundCents: asked.cents } };
  return { input: { refundCents: asked.cents, refundMethod: draft.method || refund.method } };
}

/** The amount (and, paid by hand, how) of a refund; `part`: "Devolver parte do pagamento" (the order goes on), else the close's. */
export function RefundFields(props: {
  readonly refund: Refundable;
  readonly draft: RefundDraft;
  readonly errors: RefundErrors;
  readonly busy: boolean;
  readonly part?: boolean;
  readonly onDraft: (draft: RefundDraft) => void;
}) {
  const { refund, draft, errors, busy, part = false, onDraft } = props;
  const left = formatCents(refund.leftCents);
  const provider = refund.kind === 'provider';
  const hint = part
    ? provider
      ? t.partRefundHint(left)
      : t.partManualRefundHint(left)
    : provider
      ? t.refundHint(left)
      : t.manualRefundHint(left);
  return (
    <>
      <TextField
        label={provider ? t.refundAmount : t.manualRefundAmount}
        name="refundCents"
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        placeholder={provider && !part ? left.replace(' €', '') : ''}
        hint={hint}
        error={errors.refundCents}
        onChange={(e) => onDraft({ ...draft, amount: e.target.value })}
        disabled={busy}
      />
      {!provider && (
        <SelectField
          label={t.manualRefundMethod}
          name="refundMethod"
          value={draft.method || refund.method}
          error={errors.refundMethod}
          onChange={(e) => onDraft({ ...draft, method: e.target.value as ManualRefundMethod })}
          disabled={busy}
        >
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
