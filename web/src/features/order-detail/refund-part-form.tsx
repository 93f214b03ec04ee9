/**
 * "Devolver parte do pagamento" in the order's payment box (docs/money.md "Refunds"): part of a paid order
 * given back while it goes on (a piece returned, a gesture). Through the provider the shop asks it and the
 * refund shows under "Devoluções" once made; paid by hand the owner records what she gave back and how.
 * The request carries what the owner saw as left (`expectedLeftCents`): a second tab or click that
 * finds it changed gives back nothing, and the order is shown as it is now.
 */
import { useState } from 'react';
import type { Order } from '#shared/api.ts';
import { moneyOf } from '#shared/ledger.ts';
import { formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { refundableOf } from '#shared/refunds.ts';
import { orderRefundSchema } from '#shared/schemas/index.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { reloadOnConflict } from './reload-on-conflict.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { outcomeNotice, useFormSubmit } from '#web/lib/use-submit.ts';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { refundInput, refundLeftOf, RefundFields, type RefundDraft } from './close-refund-fields.tsx';

const t = texts.order;
const EMPTY: RefundDraft = { amount: '', method: '' };

/**
 * The part refund's submission: the draft checked here as the server checks it, then sent; `onDone` gets
 * what was done, in the owner's words, and the order. Refused because the order's money changed
 * meanwhile (409): `onOrder` gets it as it is now.
 */
function useRefundPartSubmit(
  order: Order,
  draft: RefundDraft,
  onDone: (said: string, order: Order) => void,
  onOrder: (order: Order) => void,
) {
  const api = useAdminApi();
  const refund = refundLeftOf(order);
  const asked = refundInput(refund, draft, true);
  return useFormSubmit({
    schema: orderRefundSchema,
    fieldOrder: ['refundCents', 'refundMethod'],
    values: { ...('input' in asked ? asked.input : {}), expectedLeftCents: refund?.leftCents ?? 0 },
    check: () => ('errors' in asked ? asked.errors : {}),
    send: (input) => api.refundPart(order.id, input),
    onSent: (answer, input) => {
      const amount = formatCents(input.refundCents);
      onDone(
        refund?.kind === 'manual'
          ? t.partRefundRecorded(amount, ledgerMethodLabel(input.refundMethod ?? refund.method))
          : t.partRefundAsked(amount),
        answer.order,
      );
    },
    // Refused because the order's money changed meanwhile (409): show it as it is now.
    onFailed: reloadOnConflict(api, order.id, onOrder),
    refusedFieldsAlert: () => undefined,
    failedMessage: (failure) => failureMessage(t.partRefundFailed, failure),
  });
}

export function RefundPartForm({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<RefundDraft>(EMPTY);
  // What the last refund sent did, in the owner's words (from what was sent: the answer is the order).
  const [said, setSaid] = useState('');
  const refund = refundLeftOf(order);
  const pending = refundableOf(moneyOf(order).ledger)?.pendingCents ?? 0;
  const form = useRefundPartSubmit(
    order,
    draft,
    (text, next) => {
      setSaid(text);
      onOrder(next);
      setDraft(EMPTY);
      setOpen(false);
    },
    onOrder,
  );
  const sent = outcomeNotice(form.outcome, () => said);

  if (pending > 0)
    return (
      <p className="adm-small" data-testid="refund-underway">
        {t.refundUnderway(formatCents(pending))}
      </p>
    );
  if (!refund) return <ActionFeedback notice={sent} />;
  return (
    <div className="adm-stack" data-testid="refund-part">
      <ActionFeedback notice={sent} />
      {!open ? (
        <p>
          <button type="button" className="button button--small button--secondary" onClick={() => setOpen(true)}>
            {t.partRefund}
          </button>
        </p>
      ) : (
        <form ref={form.formRef} onSubmit={form.onSubmit} className="adm-inline-form" noValidate aria-label={t.partRefund}>
          <h3 className="adm-small">{t.partRefund}</h3>
          <RefundFields
            refund={refund}
            draft={draft}
            errors={form.errors}
            busy={form.sending}
            part
            onDraft={(next) => {
              setDraft(next);
              form.setErrors({});
            }}
          />
          <button type="submit" className="button button--small" disabled={form.sending}>
            {form.sending ? t.partRefundSending : t.partRefundSend}
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={form.sending}
            onClick={() => {
              setOpen(false);
              setDraft(EMPTY);
              form.setErrors({});
            }}
          >
            {t.cancel}
          </button>
        </form>
      )}
    </div>
  );
}
