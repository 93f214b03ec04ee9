/**
 * The order's status: the next real step as one action (a reservation paid outside the site, with a
 * note on how; "Marcar como paga" after the proof; "Marcar como enviada" with the page's tracking code),
 * after which the order stays open here with its next step ready; and any other status the lifecycle
 * allows, chosen from a list ("Guardar Estado" goes back to the list; closing a shipped order asks
 * whether its pieces go back to stock; closing an order paid through the provider refunds it, all of it
 * or the amount typed).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, validationTexts } from '#shared/messages/index.ts';
import { adminNextStatuses, CLOSED_STATUS, isBeforeShipping, ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import { fieldErrors, orderStatusChangeSchema } from '#shared/schemas/index.ts';
import { SelectField } from '#web/ui/field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { ordersListReturn } from '#web/lib/admin/admin-paths.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { StatusBadge, type FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { NextStep, stepOf, type ChangeStatus } from './status-steps.tsx';
import type { Tracking } from './tracking-field.tsx';
import { refundLeftOf, refundInput, RefundFields, type RefundDraft, type RefundErrors } from './close-refund-fields.tsx';

const t = texts.order;

/**
 * A change of the order's status: checked here as the server checks it, then sent; a refused tracking
 * code or refund is said at its field, a move meanwhile (409) shows the order as it is now, and after a
 * move the focus goes to what comes next in the panel (`panelRef`).
 */
function useStatusChange(order: Order, tracking: Tracking, onOrder: (order: Order, moved?: OrderStatus) => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  const api = useAdminApi();
  const navigate = useNavigate();
  const action = useAction();
  // After a step the clicked button is gone: once the moved order is shown, the focus goes to what
  // comes next (the next step, or the status).
  const focusAfterMove = useRef(false);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    (panelRef.current?.querySelector<HTMLElement>('[data-step]') ?? panelRef.current)?.focus();
  }, [order.status]);
  // The server's refusal of the close's refund, said beside its field.
  const [refundRefused, setRefundRefused] = useState<RefundErrors>({});

  /** A refused tracking code is said at its field alone, which takes the focus. */
  const trackingRefused = (message: string | undefined) => {
    if (!message) return false;
    tracking.setError(message);
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus());
    return true;
  };

  const change: ChangeStatus = (input, end, missing) => {
    const parsed = orderStatusChangeSchema.safeParse(input);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return action.show(
        trackingRefused(fields.trackingCode) ? undefined : (Object.values(fields)[0] ?? validationTexts.orderStatus.invalid),
      );
    }
    if (missing) return action.show(missing);
    setRefundRefused({});
    void action.run(
      async () => {
        const { order: moved } = await api.setOrderStatus(order.id, parsed.data);
        if (end === 'list') return navigate(ordersListReturn(), { state: { flash: adminTexts.statusUpdated } satisfies FlashState });
        // The code as the shop keeps it (no spaces, capitals), for the shipped e-mail.
        if (parsed.data.trackingCode) tracking.setCode(parsed.data.trackingCode);
        focusAfterMove.current = true;
        onOrder(moved, parsed.data.status);
        return end.stay;
      },
      (failure) => {
        const fields = serverFieldErrors(failure);
        if (trackingRefused(fields?.trackingCode)) return undefined;
        if (fields?.refundCents || fields?.refundMethod) {
          setRefundRefused({
            ...(fields.refundCents ? { refundCents: fields.refundCents } : {}),
            ...(fields.refundMethod ? { refundMethod: fields.refundMethod } : {}),
          });
          return undefined;
        }
        // Refused because the order moved meanwhile (409): show it as it is now.
        if (failure instanceof ApiError && failure.status === 409)
          api
            .order(order.id)
            .then((d) => onOrder(d.order))
            .catch(() => undefined);
        return failureMessage(adminTexts.statusSaveFailed, failure);
      },
    );
  };
  return { panelRef, action, change, refundRefused };
}

export function StatusPanel(props: {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly onOrder: (order: Order, moved?: OrderStatus) => void;
}) {
  const { order, tracking, onOrder } = props;
  const { panelRef, action, change, refundRefused } = useStatusChange(order, tracking, onOrder);
  const step = stepOf(order.status);
  // The list offers the other moves: the step's own is its button.
  const others = adminNextStatuses(order.status).filter((to) => to !== step);

  return (
    <Panel id="adm-status" title={t.statusSection} testId="status-panel">
      <div ref={panelRef} className="adm-status" tabIndex={-1}>
        <p>
          <StatusBadge status={order.status} />
        </p>
        {order.expiresAt && <p className="adm-small">{t.reservedUntil(formatDateTime(order.expiresAt))}</p>}
        <ActionFeedback notice={action.notice} />
        {step && <NextStep key={order.status} order={order} tracking={tracking} busy={action.busy} onChange={change} />}
        {others.length > 0 && step && <h3 className="adm-small">{t.otherStatus}</h3>}
        {others.length === 0 && !step ? (
          <p className="muted">{t.noNextStatus}</p>
        ) : (
          others.length > 0 && (
            <OtherStatusForm order={order} options={others} busy={action.busy} onChange={change} refused={refundRefused} />
          )
        )}
      </div>
    </Panel>
  );
}

/**
 * Any other status the lifecycle allows, from a list; closing a shipped order asks about the stock first;
 * closing a paid order asks what goes back (`close-refund-fields.tsx`), each refusal beside its field.
 */
function OtherStatusForm(props: {
  readonly order: Order;
  readonly options: readonly OrderStatus[];
  readonly busy: boolean;
  readonly onChange: ChangeStatus;
  readonly refused: RefundErrors;
}) {
  const { order, options, busy, onChange, refused } = props;
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [restock, setRestock] = useState<boolean>();
  const [draft, setDraft] = useState<RefundDraft>({ amount: '', method: '' });
  const [refundErrors, setRefundErrors] = useState<RefundErrors>({});
  const closingAfterShipping = status === CLOSED_STATUS && !isBeforeShipping(order.status);
  // Paid: closing gives it back through the provider (all of it, or the part typed), or records what the owner gave back by hand.
  const refund = status === CLOSED_STATUS ? refundLeftOf(order) : undefined;
  const errors = { ...refused, ...refundErrors };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const asked = refundInput(refund, draft);
    setRefundErrors('errors' in asked ? asked.errors : {});
    if ('errors' in asked) return;
    const input = { status, ...(closingAfterShipping && restock !== undefined ? { restock } : {}), ...asked.input };
    onChange(input, 'list', closingAfterShipping && restock === undefined ? validationTexts.restock.required : undefined);
  };

  return (
    <form onSubmit={save} className="adm-inline-form">
      <SelectField label={t.status} name="status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} disabled={busy}>
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
      {closingAfterShipping && <RestockChoice restock={restock} onRestock={setRestock} />}
      {refund && (
        <RefundFields
          refund={refund}
          draft={draft}
          errors={errors}
          busy={busy}
          onDraft={(next) => {
            setDraft(next);
            setRefundErrors({});
          }}
        />
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
