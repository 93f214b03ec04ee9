/**
 * The next real step of an order, one action each: a reservation paid outside the site ("Marcar como
 * paga", then a required note on how it was paid), a proof to confirm ("Marcar como paga") and an order
 * to ship ("Marcar como enviada", with the page's one tracking code). Each keeps the order open.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Order } from '#shared/api.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { PAYMENT_NOTE_MAX, type OrderStatus } from '#shared/order-status.ts';
import { TextAreaField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { TrackingField, type Tracking } from './tracking-field.tsx';

const t = texts.order;

/** How a move ends: a step keeps the order open here (with what to say); the list's move goes back to the list. */
export type MoveEnd = { readonly stay: string } | 'list';

/**
 * Sends a status change read from what the owner chose (`missing`: what else is still to answer;
 * nothing is sent). A refused tracking code is said at its field.
 */
export type ChangeStatus = (input: Record<string, unknown>, end: MoveEnd, missing?: string) => void;

/** The status an order's next step moves it to, if it has one. */
export function stepOf(status: OrderStatus): OrderStatus | undefined {
  if (status === 'Aguarda Pagamento' || status === 'Confirmar Pagamento') return 'Enviar';
  if (status === 'Enviar') return 'Enviado';
  return undefined;
}

interface StepProps {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly busy: boolean;
  readonly onChange: ChangeStatus;
}

export function NextStep(props: StepProps) {
  if (props.order.status === 'Aguarda Pagamento') return <PaidOutsideStep {...props} />;
  if (props.order.status === 'Confirmar Pagamento') return <ConfirmPaymentStep {...props} />;
  return <ShipStep {...props} />;
}

/** The frame of a step: focusable (it takes the focus after the previous step), titled "Próximo passo". */
function StepFrame({ testId, children }: { readonly testId: string; readonly children: ReactNode }) {
  return (
    <div className="adm-step" data-step tabIndex={-1} data-testid={testId}>
      <h3 className="adm-small">{t.nextStep}</h3>
      {children}
    </div>
  );
}

function ConfirmPaymentStep({ busy, onChange }: StepProps) {
  return (
    <StepFrame testId="step-confirm-payment">
      <p className="adm-small">{t.confirmHint}</p>
      <button type="button" className="button" disabled={busy} onClick={() => onChange({ status: 'Enviar' }, { stay: t.movedPaid })}>
        {busy ? t.confirmingPayment : t.stepConfirmPayment}
      </button>
    </StepFrame>
  );
}

/** A reservation paid by other means: "Marcar como paga" opens a small form asking how it was paid. */
function PaidOutsideStep({ busy, onChange }: StepProps) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') return setError(validationTexts.paymentNote.required);
    onChange({ status: 'Enviar', note }, { stay: t.movedPaid });
  };
  return (
    <StepFrame testId="step-paid-outside">
      <p className="adm-small">{t.paidOutsideHint}</p>
      {open ? (
        <form className="adm-stack adm-stack-tight" onSubmit={submit} noValidate>
          <TextAreaField
            label={`${t.paidOutsideNote} *`}
            name="paymentNote"
            rows={2}
            value={note}
            maxLength={PAYMENT_NOTE_MAX}
            placeholder={t.paidOutsidePlaceholder}
            hint={t.paidOutsideNoteHint}
            error={error}
            required
            autoFocus
            onChange={(e) => {
              setNote(e.target.value);
              setError(undefined);
            }}
          />
          <p className="adm-inline-form">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t.confirmingPayment : t.paidOutsideConfirm}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </p>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t.stepConfirmPayment}
        </button>
      )}
    </StepFrame>
  );
}

function ShipStep({ tracking, busy, onChange }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ status: 'Enviado', ...tracking.body() }, { stay: t.movedShipped });
  };
  return (
    <StepFrame testId="step-mark-shipped">
      <form className="adm-stack adm-stack-tight" onSubmit={submit} noValidate>
        <TrackingField name="trackingCode" tracking={tracking} />
        <p className="adm-small">{t.shipHint}</p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t.markingShipped : t.markShipped}
        </button>
      </form>
    </StepFrame>
  );
}
