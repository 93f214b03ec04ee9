/**
 * The order's status: the next real step as one action ("Marcar como paga", "Marcar como enviada" with
 * an optional CTT code), and any other status the lifecycle allows, chosen from a list (closing a
 * shipped order asks whether its pieces go back to stock). A saved status goes back to the list.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, validationTexts } from '#shared/messages.ts';
import { adminNextStatuses, CLOSED_STATUS, isBeforeShipping, ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import { fieldErrors, orderStatusChangeSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorMessage } from '#web/lib/api.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { ordersListReturn } from '../../admin-paths.ts';
import { useAdminApi } from '../../auth/session.tsx';
import { ActionFeedback, Panel, useAction } from '../../components/action-panel.tsx';
import { StatusBadge, type FlashState } from '../../components/ui.tsx';
import { texts } from '../../texts.ts';

const t = texts.order;

/**
 * Sends a status change read from what the owner chose; `invalid`: what to say when the schema refuses
 * it; `missing`: what else is still to answer (nothing is sent).
 */
type ChangeStatus = (input: unknown, invalid: (error: Parameters<typeof fieldErrors>[0]) => string, missing?: string) => void;

/** The CTT code typed in either form (the step's or the list's): one value. */
interface Tracking {
  readonly code: string;
  set(code: string): void;
}

export function StatusPanel({ order }: { readonly order: Order }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const action = useAction();
  const [trackingCode, setTrackingCode] = useState('');
  const tracking: Tracking = { code: trackingCode, set: setTrackingCode };
  const next = adminNextStatuses(order.status);
  const hasStep = order.status === 'Confirmar Pagamento' || order.status === 'Enviar';

  const change: ChangeStatus = (input, invalid, missing) => {
    const parsed = orderStatusChangeSchema.safeParse(input);
    if (!parsed.success) return action.show(invalid(parsed.error));
    if (missing) return action.show(missing);
    void action.run(
      async () => {
        await api.setOrderStatus(order.id, parsed.data);
        navigate(ordersListReturn(), { state: { flash: adminTexts.statusUpdated } satisfies FlashState });
      },
      (failure) => `${adminTexts.statusSaveFailed} ${errorMessage(failure)}`,
    );
  };

  return (
    <Panel id="adm-status" title={t.statusSection}>
      <p>
        <StatusBadge status={order.status} />
      </p>
      {order.expiresAt && <p className="adm-small">{t.reservedUntil(formatDateTime(order.expiresAt))}</p>}
      {hasStep && <NextStep order={order} tracking={tracking} busy={action.busy} onChange={change} />}
      {next.length > 0 && hasStep && <h3 className="adm-small">{t.otherStatus}</h3>}
      {next.length === 0 ? <p className="muted">{t.noNextStatus}</p> : <OtherStatusForm order={order} tracking={tracking} busy={action.busy} onChange={change} />}
      <ActionFeedback notice={action.notice} />
    </Panel>
  );
}

/** The code only when it says something, and only for "Enviado". */
const withTracking = (to: OrderStatus | '', code: string) => (to === 'Enviado' && code.trim() ? { trackingCode: code } : {});

/** One action per real step: "Marcar como paga" and "Marcar como enviada" (with an optional CTT code). */
function NextStep(props: { readonly order: Order; readonly tracking: Tracking; readonly busy: boolean; readonly onChange: ChangeStatus }) {
  const { order, tracking, busy, onChange } = props;
  const step = (to: 'Enviar' | 'Enviado') =>
    onChange({ status: to, ...withTracking(to, tracking.code) }, (error) => Object.values(fieldErrors(error))[0] ?? validationTexts.orderStatus.invalid);
  if (order.status === 'Confirmar Pagamento') {
    return (
      <div className="adm-step" data-testid="step-confirm-payment">
        <h3 className="adm-small">{t.nextStep}</h3>
        <p className="adm-small">{t.confirmHint}</p>
        <button type="button" className="button" disabled={busy} onClick={() => step('Enviar')}>
          {busy ? t.confirmingPayment : t.stepConfirmPayment}
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    step('Enviado');
  };
  return (
    <form className="adm-step adm-inline-form" data-testid="step-mark-shipped" onSubmit={submit}>
      <h3 className="adm-small">{t.nextStep}</h3>
      <TrackingField name="stepTrackingCode" tracking={tracking} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.markingShipped : t.markShipped}
      </button>
    </form>
  );
}

function TrackingField({ name, tracking }: { readonly name: string; readonly tracking: Tracking }) {
  return (
    <TextField
      label={t.trackingCode}
      name={name}
      value={tracking.code}
      maxLength={TEXT_LIMITS.trackingCode}
      placeholder={t.trackingPlaceholder}
      autoComplete="off"
      hint={t.shipHint}
      onChange={(e) => tracking.set(e.target.value)}
    />
  );
}

/** Any status the lifecycle allows next, from a list; closing a shipped order asks about the stock first. */
function OtherStatusForm(props: { readonly order: Order; readonly tracking: Tracking; readonly busy: boolean; readonly onChange: ChangeStatus }) {
  const { order, tracking, busy, onChange } = props;
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [restock, setRestock] = useState<boolean>();
  const closingAfterShipping = status === CLOSED_STATUS && !isBeforeShipping(order.status);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const input = { status, ...(closingAfterShipping && restock !== undefined ? { restock } : {}), ...withTracking(status, tracking.code) };
    onChange(input, () => validationTexts.orderStatus.invalid, closingAfterShipping && restock === undefined ? validationTexts.restock.required : undefined);
  };

  return (
    <form onSubmit={save} className="adm-inline-form">
      <SelectField label={t.status} name="status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} disabled={busy}>
        <option value="" disabled>
          {ORDER_STATUS_INFO[order.status].label}
        </option>
        {adminNextStatuses(order.status).map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_INFO[value].label}
          </option>
        ))}
      </SelectField>
      {status === 'Enviar' && <p className="adm-small">{t.confirmHint}</p>}
      {status === 'Enviado' && <TrackingField name="statusTrackingCode" tracking={tracking} />}
      {status === CLOSED_STATUS && isBeforeShipping(order.status) && <p className="adm-small">{t.cancelHint}</p>}
      {closingAfterShipping && <RestockChoice restock={restock} onRestock={setRestock} />}
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
      <label>
        <input type="radio" name="restock" checked={restock === true} onChange={() => onRestock(true)} /> {t.restockYes}
      </label>
      <label>
        <input type="radio" name="restock" checked={restock === false} onChange={() => onRestock(false)} /> {t.restockNo}
      </label>
    </fieldset>
  );
}
