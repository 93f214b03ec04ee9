/**
 * The order's status: the next real step as one action (a reservation paid outside the site, with a
 * note on how; "Marcar como paga" after the proof; "Marcar como enviada" with the page's tracking code),
 * after which the order stays open here with its next step ready; and any other status the lifecycle
 * allows, chosen from a list ("Guardar Estado" goes back to the list; closing a shipped order asks
 * whether its pieces go back to stock; closing an order paid through the provider refunds it, all of it
 * or the amount typed). Each is a form sent through `useFormSubmit` (`status-moves.ts`).
 */
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminNextStatuses, CLOSED_STATUS, isBeforeShipping, ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import { SelectField } from '#web/ui/field.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { StatusBadge } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { NextStep, stepOf } from './status-steps.tsx';
import type { Tracking } from './tracking-field.tsx';
import { refundLeftOf, RefundFields } from './close-refund-fields.tsx';
import { useStatusMoves, type StatusMoves } from './status-moves.ts';

const t = texts.order;

export function StatusPanel(props: {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly onOrder: (order: Order, moved?: OrderStatus) => void;
}) {
  const { order, tracking, onOrder } = props;
  const moves = useStatusMoves(order, tracking, onOrder);
  const step = stepOf(order.status);
  // The list offers the other moves: the step's own is its button.
  const others = adminNextStatuses(order.status).filter((to) => to !== step);

  return (
    <Panel id="adm-status" title={t.statusSection} testId="status-panel">
      <div ref={moves.panelRef} className="adm-status" tabIndex={-1}>
        <p>
          <StatusBadge status={order.status} />
        </p>
        {order.expiresAt && <p className="adm-small">{t.reservedUntil(formatDateTime(order.expiresAt))}</p>}
        <ActionFeedback notice={moves.notice} />
        {step && <NextStep key={order.status} order={order} tracking={tracking} moves={moves} />}
        {others.length > 0 && step && <h3 className="adm-small">{t.otherStatus}</h3>}
        {others.length === 0 && !step ? (
          <p className="muted">{t.noNextStatus}</p>
        ) : (
          others.length > 0 && <OtherStatusForm order={order} options={others} moves={moves} />
        )}
      </div>
    </Panel>
  );
}

/**
 * Any other status the lifecycle allows, from a list; closing a shipped order asks about the stock first;
 * closing a paid order asks what goes back (`close-refund-fields.tsx`), each refusal beside its field.
 */
function OtherStatusForm(props: { readonly order: Order; readonly options: readonly OrderStatus[]; readonly moves: StatusMoves }) {
  const { order, options, moves } = props;
  const { other } = moves.forms;
  const { busy, choice } = moves;
  const { status, restock, draft } = choice;
  const closingAfterShipping = status === CLOSED_STATUS && !isBeforeShipping(order.status);
  // Paid: closing gives it back through the provider (all of it, or the part typed), or records what the owner gave back by hand.
  const refund = status === CLOSED_STATUS ? refundLeftOf(order) : undefined;
  const choose = (next: Partial<typeof choice>) => {
    moves.setChoice({ ...choice, ...next });
    other.setErrors({});
  };

  return (
    <form ref={other.formRef} onSubmit={other.onSubmit} className="adm-inline-form" noValidate>
      <SelectField
        label={t.status}
        name="status"
        value={status}
        onChange={(e) => choose({ status: e.target.value as OrderStatus })}
        disabled={busy}
      >
        <option value="" disabled>
          {ORDER_STATUS_INFO[order.status].label}
        </option>
        {options.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_INFO[value].label}
          </option>
        ))}
      </SelectField>
      {status === CLOSED_STATUS && isBeforeShipping(order.status) && (
        <p className="adm-small">{order.providerPayment ? t.cancelHintProvider : t.cancelHint}</p>
      )}
      {closingAfterShipping && <RestockChoice restock={restock} onRestock={(next) => choose({ restock: next })} />}
      {refund && (
        <RefundFields refund={refund} draft={draft} errors={other.errors} busy={busy} onDraft={(next) => choose({ draft: next })} />
      )}
      <button type="submit" className="button" disabled={busy || status === ''}>
        {busy ? t.savingStatus : t.saveStatus}
      </button>
    </form>
  );
}

function RestockChoice({ restock, onRestock }: { readonly restock: boolean | undefined; readonly onRestock: (restock: boolean) => void }) {
  return (
    <fieldset className="adm-choices">
      <legend>{t.restockQuestion}</legend>
      <label className="adm-check">
        <input type="radio" name="restock" checked={restock === true} onChange={() => onRestock(true)} /> {t.restockYes}
      </label>
      <label className="adm-check">
        <input type="radio" name="restock" checked={restock === false} onChange={() => onRestock(false)} /> {t.restockNo}
      </label>
    </fieldset>
  );
}
