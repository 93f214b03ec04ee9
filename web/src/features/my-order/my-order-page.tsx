import { useState } from 'react';
import { Link, useParams } from '#web/lib/router.tsx';
import type { CustomerOrder } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { checkoutTexts, customerStatusLabels, myOrderTexts, paymentSwitchTexts, providerPaymentTexts } from '#shared/messages/index.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { paths } from '#shared/paths.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useLoad } from '#web/lib/use-load.ts';
import { useTimeReached } from '#web/lib/use-time-reached.ts';
import { LoadError, Loading } from '#web/ui/page-state.tsx';
import { formatCents } from '#shared/money.ts';
import { clearOpenReservation, loadOpenReservation } from '#web/lib/open-reservation.ts';
import { orderToken } from './order-token.ts';
import { RESERVATION_OVER, OrderRefusalNotice } from '#web/ui/order-refusal.tsx';
import { useProofForm } from './use-proof-step.ts';
import { OrderInvoice } from './order-invoice.tsx';
import { FixedOrderSummary } from '#web/ui/order-summary.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { ManualPayment, payUntilText, ProviderPaymentStatus, useLiveOrder } from './provider-payment-panel.tsx';
import { headingMethod, type ProviderView } from '#web/lib/provider-payment.ts';
import { useMethodSwitch } from './use-method-switch.ts';
import { customerMoneyView } from '#web/lib/money-view.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import type { PaymentView } from '#shared/payment-view.ts';
import { trackingUrl, type TrackingCarrier } from '#shared/tracking.ts';
import '#web/ui/checkout.css';

/**
 * /encomenda/{id}#t=<token>: "A minha encomenda", the customer's view of one order, opened from the
 * thank-you page or the link in the order's e-mails, on any device: its status in plain words, its
 * history, what it costs; a reservation still awaiting payment can be paid from here (instructions and
 * proof). The token goes to the API in a header (`orderToken`), never in an address.
 */
export function MyOrderPage() {
  const { id = '' } = useParams();
  const [token] = useState(() => orderToken(id));
  const [state, retry, update] = useLoad(() => api.customerOrder(id, token), [id, token]);
  usePageMeta({ title: 'A minha encomenda', description: 'O estado da tua encomenda.', noindex: true });

  return (
    <div className="container page-body">
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <>
          <LoadError message={errorMessage(state.error, myOrderTexts.loadFailed)} onRetry={retry} />
          <p>
            <Link to={paths.findOrder}>{myOrderTexts.lookupLink}</Link>
          </p>
        </>
      )}
      {state.status === 'ready' && <OrderView order={state.value} token={token} onPaid={(order) => update(() => order)} />}
    </div>
  );
}

function OrderView({ order: loaded, token, onPaid }: { order: CustomerOrder; token: string; onPaid: (order: CustomerOrder) => void }) {
  // Paid through the provider: read again while its payment is awaited (the page visible, until the deadline).
  const [order, view, setOrder] = useLiveOrder(loaded, token, { onChange: onPaid });
  // Rendered again when the reservation's time comes, so a page left open stops offering to pay it.
  const timeOver = useTimeReached(order.expiresAt);
  const reserved = order.status === RESERVED_STATUS && order.expiresAt !== undefined;
  const awaitingPayment = reserved && !timeOver;
  const paid = (next: CustomerOrder) => {
    setOrder(next);
    onPaid(next);
  };
  const statusText = view && order.status === RESERVED_STATUS ? providerStatusText(view) : myOrderTexts.status[order.status];
  // The money's words from the one view (docs/money.md): the method that paid, "confirmado" only once paid, each refund.
  const money = customerMoneyView(order);
  // The provider's own panel only for what the ledger's line does not say (a payment that came too late).
  const providerNote = view && !awaitingPayment && view.kind !== 'confirmed' && view.kind !== 'refunded';
  return (
    <>
      <h1>{myOrderTexts.title(order.orderNumber)}</h1>
      <div className="checkout-layout">
        <div className="checkout-form">
          <section className="card" aria-labelledby="my-order-status">
            <h2 id="my-order-status">
              Estado: <span data-testid="order-status">{customerStatusLabels[order.status]}</span>
            </h2>
            {statusText && <p data-testid="order-status-text">{statusText}</p>}
            {order.status !== RESERVED_STATUS && <MoneyLines money={money} />}
            {providerNote && <ProviderPaymentStatus order={order} view={view} />}
            {order.trackingCode && <Tracking code={order.trackingCode} carrier={order.carrier} />}
            {order.invoice && <OrderInvoice invoice={order.invoice} />}
            <h3>{myOrderTexts.history}</h3>
            <ol className="order-timeline">
              {order.timeline.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <span className="muted">{formatDateTime(entry.at)}</span>{' '}
                  {entry.kind === 'reserved' ? myOrderTexts.reserved : customerStatusLabels[entry.to!]}
                </li>
              ))}
            </ol>
          </section>
          {awaitingPayment && view && <ProviderPayPanel order={order} view={view} token={token} onPaid={paid} onOrder={setOrder} />}
          {awaitingPayment && !view && <PayPanel order={order} token={token} onPaid={paid} />}
          {reserved && timeOver && (
            <div role="alert">
              <OrderRefusalNotice refusal={RESERVATION_OVER} />
            </div>
          )}
        </div>
        <FixedOrderSummary order={order} />
      </div>
      <p>
        <Link to={paths.shop}>Continuar a comprar</Link>
      </p>
    </>
  );
}

/** The payment in the customer's words: its one line, then each refund with amount, method and date. */
function MoneyLines({ money }: { money: PaymentView }) {
  return (
    <div className="order-money" data-testid="order-payment" data-financial-status={money.financialStatus}>
      <p>
        <strong>{myOrderTexts.paymentMethod}</strong> {money.methodLabel}
      </p>
      <p data-testid="order-payment-line">{money.customerLine}</p>
      {money.refunds.length > 0 && (
        <ul className="order-money__refunds" data-testid="order-refunds">
          {money.refunds.map((refund, index) => (
            <li key={`${refund.at}-${index}`}>{refund.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The status line of a reservation paid through the provider (never "confirmado": it is not paid yet). */
function providerStatusText(view: ProviderView): string | undefined {
  switch (view.kind) {
    case 'starting':
      return providerPaymentTexts.statusStarting;
    case 'pending':
      return providerPaymentTexts.statusPending[view.method];
    case 'registering':
      return providerPaymentTexts.registering;
    case 'failed':
      return providerPaymentTexts.statusFailed;
    default:
      return undefined;
  }
}

/** The amount and until when (a reservation awaiting payment). */
function AmountDue({ order }: { order: CustomerOrder }) {
  return (
    <p className="amount-due">
      Valor a pagar: <strong>{formatCents(order.totalCents)}</strong> <strong>{payUntilText(order)}</strong>
      <span className="amount-due__deadline field-hint">{checkoutTexts.afterDeadline}</span>
    </p>
  );
}

/** A reservation paid through the provider: the request or the reference, its live status; failed, a manual method and the proof. */
function ProviderPayPanel({
  order,
  view,
  token,
  onPaid,
  onOrder,
}: {
  order: CustomerOrder;
  view: ProviderView;
  token: string;
  onPaid: (order: CustomerOrder) => void;
  onOrder: (order: CustomerOrder) => void;
}) {
  // The manual method shown: recorded once (the reservation then holds for its time, docs/payment-switch.md); the
  // proof is for it (the order then reads "Transferência", not the failed MB WAY).
  const manual = useMethodSwitch(order, token, view, onOrder);
  const { method } = manual;
  return (
    <section className="card" aria-labelledby="my-order-pay">
      {/* After a declined request, the manual method chosen instead (not the failed MB WAY). */}
      <h2 id="my-order-pay">Pagamento ({PAYMENT_METHOD_LABELS[headingMethod(view, method) ?? order.paymentMethod]})</h2>
      <AmountDue order={order} />
      <ProviderPaymentStatus
        order={order}
        view={view}
        manual={
          <>
            <ManualPayment
              amountCents={order.totalCents}
              orderNumber={order.orderNumber}
              except={view.method}
              initial={order.manualMethod}
              onMethod={manual.show}
            />
            {manual.failed && <p className="notice">{paymentSwitchTexts.chooseFailed}</p>}
            <ProofSender order={order} token={token} onPaid={onPaid} method={method} />
          </>
        }
      />
    </section>
  );
}

function PayPanel({ order, token, onPaid }: { order: CustomerOrder; token: string; onPaid: (order: CustomerOrder) => void }) {
  return (
    <section className="card" aria-labelledby="my-order-pay">
      <h2 id="my-order-pay">
        {myOrderTexts.payNow} ({PAYMENT_METHOD_LABELS[order.paymentMethod]})
      </h2>
      <AmountDue order={order} />
      <p className="payment-reference">{checkoutTexts.paymentReference(order.orderNumber)}</p>
      <PaymentInstructions instructions={order.instructions} amountCents={order.totalCents} reference={`encomenda ${order.orderNumber}`} />
      <ProofSender order={order} token={token} onPaid={onPaid} />
    </section>
  );
}

/** The proof of a payment made by hand: chosen, uploaded, sent to the order (`useProofForm`). */
function ProofSender({
  order,
  token,
  onPaid,
  method,
}: {
  order: CustomerOrder;
  token: string;
  onPaid: (order: CustomerOrder) => void;
  method?: ProofMethod;
}) {
  const step = useProofForm({
    ...(method ? { method } : {}),
    send: async (proofKey, chosen) => (await api.attachProof(order.id, token, proofKey, chosen)).order,
    onSent: (paid) => {
      // Paid from here (this device or another): the browser no longer offers it as a reservation to pay.
      if (loadOpenReservation()?.response.order.id === order.id) clearOpenReservation();
      onPaid(paid);
    },
  });

  return (
    <form ref={step.formRef} className="proof-form" onSubmit={step.onSubmit} noValidate>
      <ProofUpload proof={step.proof} onChange={step.changeProof} onUploadingChange={step.setUploading} refusal={step.fileRefused} />
      <div role="alert">{step.refused && <OrderRefusalNotice refusal={step.refused} />}</div>
      <button type="submit" className="button" disabled={!step.proof || step.uploading || step.sending}>
        {step.sending ? 'A enviar o comprovativo...' : myOrderTexts.sendProof}
      </button>
    </form>
  );
}

/** The tracking code, with the CTT's tracking page when the carrier is the CTT (another carrier's code is shown alone). */
function Tracking({ code, carrier }: { code: string; carrier?: TrackingCarrier }) {
  const url = trackingUrl(code, carrier);
  return (
    <p data-testid="tracking">
      {myOrderTexts.tracking(code, carrier)}
      {url && (
        <>
          {' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {myOrderTexts.followParcel}
          </a>
        </>
      )}
    </p>
  );
}
