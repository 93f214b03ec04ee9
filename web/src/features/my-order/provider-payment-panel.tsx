import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CustomerOrder } from '#shared/api.ts';
import { groupedReference, type MultibancoReference } from '#shared/automatic-payments.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { checkoutTexts, providerPaymentTexts as texts } from '#shared/messages/index.ts';
import { PROOF_METHODS, type ProofMethod } from '#shared/ledger.ts';
import { formatCents } from '#shared/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentInstructions as Instructions, type PaymentMethodId } from '#shared/payment-methods.ts';
import { api } from '#web/lib/api.ts';
import { useTimeReached } from '#web/lib/use-time-reached.ts';
import { ChoiceGroup } from '#web/ui/field.tsx';
import { Detail, PaymentInstructions } from './payment-instructions.tsx';
import { usePaymentMethods } from '#web/lib/use-payment-methods.ts';
import { isAutomatic, providerView, watchOrder, watchesOrder, type ProviderView } from '#web/lib/provider-payment.ts';

/**
 * The order as it is now: `initial`, then each read while its provider payment is awaited (the page
 * visible, before the deadline); `onChange` sees every newer version (a page moves on once it is paid).
 */
export function useLiveOrder(
  initial: CustomerOrder,
  token: string,
  {
    stale = false,
    onChange,
  }: {
    /** `initial` may be old (kept by the browser): read it at once. */ stale?: boolean;
    onChange?: (order: CustomerOrder) => void;
  } = {},
): [CustomerOrder, ProviderView | undefined, (order: CustomerOrder) => void] {
  const [order, setOrder] = useState(initial);
  const timeOver = useTimeReached(order.expiresAt);
  const view = providerView(order, timeOver);
  const watching = watchesOrder(view);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    if (!watching) return undefined;
    return watchOrder(
      {
        load: () => api.customerOrder(order.id, token),
        onOrder: (next) => {
          setOrder(next);
          changed.current?.(next);
          return watchesOrder(providerView(next, false));
        },
        until: order.expiresAt,
        immediate: stale,
      },
      { document, now: Date.now, setTimeout: (run, ms) => window.setTimeout(run, ms), clearTimeout: (id) => window.clearTimeout(id) },
    );
  }, [order.id, order.expiresAt, token, watching, stale]);
  return [order, view, setOrder];
}

/** A moment days away, with its date: "03/12/2026 às 23:39". */
const untilText = (at: string) => checkoutTexts.deadline(formatDate(at), formatTime(at));

/**
 * Until when the reservation can be paid: the time alone (as for the manual methods), or with the date
 * for a Multibanco reference, which lasts days.
 */
export function payUntilText(order: Pick<CustomerOrder, 'expiresAt' | 'providerPayment'>): string {
  if (!order.expiresAt) return '';
  return order.providerPayment?.method === 'multibanco'
    ? `até ${untilText(order.expiresAt)}`
    : checkoutTexts.payUntil(formatTime(order.expiresAt));
}

/** The Multibanco reference, each value with "Copiar" (the amount as a bank's form wants it). */
function MultibancoDetails({ reference }: { reference: MultibancoReference }) {
  return (
    <dl className="instructions__list" data-testid="multibanco-reference">
      <Detail label={texts.entity} instruction="entity" value={reference.entity} copy={reference.entity} large />
      <Detail
        label={texts.reference}
        instruction="mb-reference"
        value={groupedReference(reference.reference)}
        copy={reference.reference}
        large
      />
      <Detail
        label={texts.amount}
        instruction="amount"
        value={formatCents(reference.amountCents)}
        copy={(reference.amountCents / 100).toFixed(2).replace('.', ',')}
      />
      <div className="instructions__detail">
        <dt>{texts.validUntil}</dt>
        <dd>
          <span className="instructions__text" data-instruction="valid-until">
            {untilText(reference.expiresAt)}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * What the provider payment is now, in words true at this moment: the MB WAY request awaiting its
 * approval, the Multibanco reference to pay, the payment being registered, confirmed (the order is
 * paid), failed (and `manual`: how to pay by hand until the deadline), given back.
 */
export function ProviderPaymentStatus({ order, view, manual }: { order: CustomerOrder; view: ProviderView; manual?: ReactNode }) {
  const deadline = order.expiresAt ? formatTime(order.expiresAt) : '';
  const label = PAYMENT_METHOD_LABELS[view.method];
  switch (view.kind) {
    case 'starting':
      return (
        <div className="instructions provider-payment" role="status" data-testid="provider-payment" data-state="starting">
          <p className="provider-payment__title">{view.method === 'mbway' ? texts.mbwayTitle : texts.multibancoTitle}</p>
          <p className="provider-payment__waiting">
            <span className="spinner" aria-hidden="true" /> {view.method === 'mbway' ? texts.mbwayStarting : texts.multibancoStarting}
          </p>
        </div>
      );
    case 'pending':
      return view.method === 'mbway' ? (
        <div className="instructions provider-payment" data-testid="provider-payment" data-state="pending">
          <p className="provider-payment__title">{texts.mbwayTitle}</p>
          <p>{texts.mbwayPending(formatCents(order.totalCents), deadline)}</p>
          <p className="provider-payment__waiting" role="status">
            <span className="spinner" aria-hidden="true" /> {texts.mbwayWaiting}
          </p>
        </div>
      ) : (
        <div className="instructions provider-payment" data-testid="provider-payment" data-state="pending">
          <p className="provider-payment__title">{texts.multibancoTitle}</p>
          {view.multibanco ? (
            <>
              <p>{texts.multibancoPending(untilText(view.multibanco.expiresAt))}</p>
              <MultibancoDetails reference={view.multibanco} />
            </>
          ) : (
            <p role="status">{texts.multibancoStarting}</p>
          )}
        </div>
      );
    case 'registering':
      return (
        <div className="instructions provider-payment" role="status" data-testid="provider-payment" data-state="registering">
          <p className="provider-payment__waiting">
            <span className="spinner" aria-hidden="true" /> {texts.registering}
          </p>
        </div>
      );
    case 'confirmed':
      return (
        <p className="notice notice--success" role="status" data-testid="provider-payment" data-state="confirmed">
          {texts.confirmed(label)}
        </p>
      );
    case 'failed':
      return (
        <div className="provider-payment" data-testid="provider-payment" data-state="failed">
          <p className="notice notice--error" role="alert">
            {texts.failed(view.reason, deadline)}
          </p>
          {manual}
        </div>
      );
    case 'late':
      return (
        <p className="notice" role="status" data-testid="provider-payment" data-state="late">
          {texts.lateRefundPending}
          {view.refundedCents !== undefined && <> {texts.refunded(formatCents(view.refundedCents))}</>}
        </p>
      );
    case 'refunded':
      return (
        <p className="notice" role="status" data-testid="provider-payment" data-state="refunded">
          {texts.refunded(formatCents(view.refundedCents))}
        </p>
      );
    case 'over':
    case 'other':
      return null;
  }
}

type ManualInstructions = Exclude<Instructions, { automatic: true }>;
const isManual = (instructions: Instructions): instructions is ManualInstructions => !isAutomatic(instructions);

/** Whether `id` is a manual method a proof can be for (`method` of `POST /api/orders/{id}/proof`). */
export function isProofMethod(id: string): id is ProofMethod {
  return (PROOF_METHODS as readonly string[]).includes(id);
}

/**
 * After a failed request: the manual methods the shop takes now (from `GET /api/payment-methods`), one
 * chosen, with its instructions for this order's amount and number; the proof is sent below it, for the
 * method shown (`onMethod`: the ledger names the method that paid, docs/money.md).
 */
export function ManualPayment({
  amountCents,
  orderNumber,
  except,
  initial,
  onMethod,
}: {
  amountCents: number;
  orderNumber: number;
  /** The method whose request failed: with the provider taking MB WAY, its manual numbers are not used. */
  except?: PaymentMethodId;
  /** The method shown first: the one the order recorded (docs/payment-switch.md), else the first offered. */
  initial?: ProofMethod;
  /** The method shown now (the first offered until the customer chooses another). */
  onMethod?: (method: ProofMethod) => void;
}) {
  const [state] = usePaymentMethods();
  const [chosen, setChosen] = useState<string>(initial ?? '');
  const methods =
    state.status === 'ready'
      ? state.value.methods.flatMap((m) =>
          m.available && m.id !== except && isProofMethod(m.id) && m.instructions && isManual(m.instructions)
            ? [{ id: m.id, label: m.label, instructions: m.instructions }]
            : [],
        )
      : [];
  const current = methods.find((m) => m.id === chosen) ?? methods[0];
  const reported = useRef(onMethod);
  useEffect(() => {
    reported.current = onMethod;
  });
  const currentId = current?.id;
  useEffect(() => {
    if (currentId) reported.current?.(currentId);
  }, [currentId]);
  if (state.status === 'loading') return <p className="field-hint">A carregar…</p>;
  if (state.status === 'error') return <p className="notice notice--error">{texts.manualLoadFailed}</p>;
  if (!current) return <p className="notice">{texts.manualNone}</p>;
  return (
    <section className="manual-payment" aria-labelledby="manual-payment-title" data-testid="manual-payment">
      <h3 id="manual-payment-title">{texts.manualTitle}</h3>
      {methods.length > 1 && (
        <ChoiceGroup legend={texts.manualChoose}>
          {methods.map((m) => (
            <label key={m.id} className="choice">
              <input type="radio" name="manualMethod" value={m.id} checked={current.id === m.id} onChange={() => setChosen(m.id)} />
              <span className="choice-body">
                <span className="choice-title">{m.label}</span>
              </span>
            </label>
          ))}
        </ChoiceGroup>
      )}
      <PaymentInstructions instructions={current.instructions} amountCents={amountCents} reference={`encomenda ${orderNumber}`} />
    </section>
  );
}
