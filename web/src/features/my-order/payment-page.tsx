import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from '#web/lib/router.tsx';
import { orderItems } from '#shared/cart.ts';
import { checkoutTexts, paymentSwitchTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { isPaidStatus } from '#shared/order-status.ts';
import type { ShippingForm } from '#shared/schemas/shipping-form.ts';
import { cartStore, useCart } from '#web/lib/cart-store.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useTimeReached } from '#web/lib/use-time-reached.ts';
import { Loading } from '#web/ui/page-state.tsx';
import { loadReservation, recordPlacedOrder, reservationMatches, savedShippingForm } from '#web/lib/checkout-session.ts';
import { RESERVATION_OVER, OrderRefusalNotice } from '#web/ui/order-refusal.tsx';
import { FixedOrderSummary } from '#web/ui/order-summary.tsx';
import { PaymentDue } from './payment-due.tsx';
import { PendingReservation } from '#web/ui/pending-reservation.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { ManualPayment, ProviderPaymentStatus, useLiveOrder } from './provider-payment-panel.tsx';
import { headingMethod } from '#web/lib/provider-payment.ts';
import { useProofStep } from './use-proof-step.ts';
import { useMethodSwitch } from './use-method-switch.ts';
import '#web/ui/checkout.css';

/**
 * /payment: the customer's reservation (made when they left the shipping step, in this tab or another,
 * kept until paid, over or cancelled) — the fixed amount and until when, the order number to write as
 * the payment reference, how to pay — then the proof, which completes the order. A method the payment
 * provider takes (docs/design.md §34) shows the MB WAY request or the Multibanco reference with its live
 * status instead, and needs no proof unless its request failed.
 */
export function PaymentPage() {
  const cart = useCart();
  const [shipping] = useState(savedShippingForm);
  const [reservation] = useState(loadReservation);

  usePageMeta({ title: 'Pagamento', description: 'Instruções de pagamento e envio do comprovativo.', noindex: true });

  if (!reservation) return <Navigate to={cart.length === 0 ? paths.cart : paths.shipping} replace />;
  return <PaymentStep reservation={reservation} shipping={shipping} cart={cart} />;
}

/**
 * The reserved order as it is now. Paid through the provider: it is read while its payment is awaited;
 * once paid, on to /thank-you (`done`: complete, by the proof or the provider, and leaving).
 */
function useReservedOrder(reservation: PlaceOrderResponse) {
  const navigate = useNavigate();
  const token = reservation.order.accessToken;
  const done = useRef(false);
  const [order, view, setOrder] = useLiveOrder(reservation.order, token, {
    stale: true,
    onChange: (next) => {
      if (!isPaidStatus(next.status) || done.current) return;
      done.current = true;
      recordPlacedOrder({ order: next }, token);
      cartStore().clear();
      navigate(paths.thankYou, { replace: true });
    },
  });
  return { token, done, order, view, setOrder };
}

function PaymentStep({
  reservation,
  shipping,
  cart,
}: {
  reservation: PlaceOrderResponse;
  shipping: ShippingForm | null;
  cart: ReturnType<typeof useCart>;
}) {
  const navigate = useNavigate();
  const { token, done, order, view, setOrder } = useReservedOrder(reservation);
  // A failed provider request paid by hand: the manual method shown is recorded once (the reservation then holds for
  // its time, docs/payment-switch.md) and sent with the proof (the ledger names it).
  const manual = useMethodSwitch(order, token, view, setOrder);
  const manualMethod = manual.method;
  const step = useProofStep(reservation, view ? manualMethod : undefined, done);
  // A reservation whose time ran out (here, even with the page left open, or refused by the server)
  // cannot be paid: nothing to upload or confirm, and the refusal is said once.
  const overHere = useTimeReached(order.expiresAt);

  if (done.current) return <Loading />;

  const closed = overHere || step.refused?.closed === true;
  // Over, it is no reservation to continue or cancel (the browser has forgotten it, so it would seem "changed").
  const outdated = !closed && shipping !== null && cart.length > 0 && !reservationMatches({ items: orderItems(cart), shipping });
  // A provider payment needs no proof, unless its request failed: then a manual method pays it, with the proof.
  const byHand = !view || view.kind === 'failed' || view.kind === 'over';
  const provider = view && (
    <ProviderPaymentStatus
      order={order}
      view={view}
      manual={
        <ManualPayment
          amountCents={order.totalCents}
          orderNumber={order.orderNumber}
          except={view.method}
          initial={order.manualMethod}
          onMethod={manual.show}
        />
      }
    />
  );

  return (
    <div className="container page-body">
      <ol className="checkout-steps" aria-label="Passos da compra">
        <li>Carrinho</li>
        <li>Envio</li>
        <li aria-current="step">Pagamento</li>
      </ol>
      <h1>Pagamento</h1>
      <div className="checkout-layout">
        <div className="checkout-form">
          {outdated && (
            <PendingReservation
              stored={{ response: reservation, body: '' }}
              changed
              here
              onCancelled={() => navigate(paths.shipping, { replace: true })}
            />
          )}
          <PaymentDue order={order} shipping={shipping} provider={provider} method={headingMethod(view, manualMethod)} />
          {manual.failed && <p className="notice">{paymentSwitchTexts.chooseFailed}</p>}
          <ProofForm step={step} byHand={byHand} closed={closed} overHere={overHere} />
        </div>
        <FixedOrderSummary order={order} />
      </div>
    </div>
  );
}

/**
 * The proof sent by hand (a manual method, or a provider's request that failed): the file, the
 * refusal if any, and the confirmation; a closed reservation takes nothing.
 */
function ProofForm({
  step,
  byHand,
  closed,
  overHere,
}: {
  step: ReturnType<typeof useProofStep>;
  byHand: boolean;
  closed: boolean;
  overHere: boolean;
}) {
  const { proof, uploading, sending, refused } = step;
  return (
    <form ref={step.formRef} className="proof-form" onSubmit={step.onSubmit} noValidate>
      {byHand && (
        <section className="card" aria-labelledby="proof-title">
          <h2 id="proof-title">2. Envia o comprovativo</h2>
          <p>Depois de pagares, envia uma captura de ecrã ou o PDF do comprovativo de pagamento.</p>
          <ProofUpload
            proof={proof}
            onChange={step.changeProof}
            onUploadingChange={step.setUploading}
            disabled={closed}
            refusal={step.fileRefused}
          />
        </section>
      )}
      <div role="alert">
        {refused ? <OrderRefusalNotice refusal={refused} /> : overHere && <OrderRefusalNotice refusal={RESERVATION_OVER} />}
      </div>
      <div className="checkout-actions">
        <Link to={paths.shipping} className="button button--secondary">
          Voltar
        </Link>
        {byHand && (
          <button type="submit" className="button" disabled={closed || !proof || uploading || sending}>
            {uploading ? checkoutTexts.proofUploading : sending ? 'A enviar o comprovativo...' : 'Confirmar encomenda'}
          </button>
        )}
      </div>
      {byHand && !proof && !uploading && !closed && <p className="field-hint checkout-actions__hint">{checkoutTexts.proofMissing}</p>}
    </form>
  );
}
