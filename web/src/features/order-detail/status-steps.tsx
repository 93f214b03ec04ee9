/**
 * The next real step of an order, one action each: a reservation paid outside the site ("Marcar como
 * paga", then a required note on how it was paid), a proof to confirm ("Marcar como paga") and an order
 * to ship ("Marcar como enviada", with the page's one tracking code). Each keeps the order open.
 */
import { useState, type ReactNode } from 'react';
import type { Order } from '#shared/api.ts';
import { PAYMENT_NOTE_MAX, type OrderStatus } from '#shared/order-status.ts';
import { TextAreaField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { TrackingField, type Tracking } from './tracking-field.tsx';
import type { StatusMoves } from './status-moves.ts';

const t = texts.order;

/** The status an order's next step moves it to, if it has one. */
export function stepOf(status: OrderStatus): OrderStatus | undefined {
  if (status === 'Aguarda Pagamento' || status === 'Confirmar Pagamento') return 'Enviar';
  if (status === 'Enviar') return 'Enviado';
  return undefined;
}

interface StepProps {
  readonly order: Order;
  readonly tracking: Tracking;
  /** The panel's forms (`useStatusMoves`): each step sends through its own. */
  readonly moves: StatusMoves;
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

function ConfirmPaymentStep({ moves }: StepProps) {
  const { confirm } = moves.forms;
  return (
    <StepFrame testId="step-confirm-payment">
      <form ref={confirm.formRef} onSubmit={confirm.onSubmit} noValidate>
        <p className="adm-small">{t.confirmHint}</p>
        <button type="submit" className="button" disabled={moves.busy}>
          {moves.busy ? t.confirmingPayment : t.stepConfirmPayment}
        </button>
      </form>
    </StepFrame>
  );
}

/** A reservation paid by other means: "Marcar como paga" opens a small form asking how it was paid. */
function PaidOutsideStep({ moves }: StepProps) {
  const { paid } = moves.forms;
  const { busy } = moves;
  const [open, setOpen] = useState(false);
  return (
    <StepFrame testId="step-paid-outside">
      <p className="adm-small">{t.paidOutsideHint}</p>
      {open ? (
        <form ref={paid.formRef} className="adm-stack adm-stack-tight" onSubmit={paid.onSubmit} noValidate>
          <TextAreaField
            label={`${t.paidOutsideNote} *`}
            name="note"
            rows={2}
            value={moves.note}
            maxLength={PAYMENT_NOTE_MAX}
            placeholder={t.paidOutsidePlaceholder}
            hint={t.paidOutsideNoteHint}
            error={paid.errors.note}
            required
            autoFocus
            onChange={(e) => {
              moves.setNote(e.target.value);
              paid.setErrors({});
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

function ShipStep({ tracking, moves }: StepProps) {
  const { ship } = moves.forms;
  // The code's message: the form's (the browser's check, the server's refusal), else the page's.
  const typed: Tracking = {
    ...tracking,
    error: ship.errors.trackingCode ?? tracking.error,
    setCode: (code) => {
      tracking.setCode(code);
      ship.setErrors({});
    },
    setCarrier: (carrier) => {
      tracking.setCarrier(carrier);
      ship.setErrors({});
    },
  };
  return (
    <StepFrame testId="step-mark-shipped">
      <form ref={ship.formRef} className="adm-stack adm-stack-tight" onSubmit={ship.onSubmit} noValidate>
        <TrackingField name="trackingCode" tracking={typed} />
        <p className="adm-small">{t.shipHint}</p>
        <button type="submit" className="button" disabled={moves.busy}>
          {moves.busy ? t.markingShipped : t.markShipped}
        </button>
      </form>
    </StepFrame>
  );
}
