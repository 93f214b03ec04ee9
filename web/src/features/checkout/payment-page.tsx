import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from '../../lib/router.tsx';
import { orderItems } from '#shared/cart.ts';
import { formatTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { checkoutTexts } from '#shared/messages.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { paths } from '#shared/paths.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { api, ApiError } from '../../lib/api.ts';
import { cartStore, useCart } from '../../lib/cart-store.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Loading } from '../../ui/page-state.tsx';
import { clearProof, clearReservation, loadProof, loadReservation, recordPlacedOrder, reservationMatches, saveProof, savedShippingForm, type UploadedProof } from './checkout-session.ts';
import { OrderRefusalNotice, orderRefusal, type Refusal } from './order-refusal.tsx';
import { FixedOrderSummary } from './order-summary.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ProofUpload } from './proof-upload.tsx';
import './checkout.css';

/**
 * /payment: the reservation made when the customer left the shipping step — the fixed amount, the
 * order number to write as the payment reference, until when the pieces are held, how to pay — then
 * the proof, which completes the order.
 */
export function PaymentPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const [shipping] = useState(savedShippingForm);
  const [reservation] = useState(loadReservation);
  const [proof, setProof] = useState<UploadedProof | null>(loadProof);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<(Refusal & { closed?: boolean }) | null>(null);
  const done = useRef(false);

  usePageMeta({ title: 'Pagamento', description: 'Instruções de pagamento e envio do comprovativo.', noindex: true });

  if (done.current) return <Loading />;
  if (!reservation) return <Navigate to={cart.length === 0 ? paths.cart : paths.shipping} replace />;

  const { order } = reservation;
  // A reservation whose time ran out (seen here, or refused by the server) cannot be paid: nothing to
  // upload or confirm, and the refusal is said once.
  const overHere = order.expiresAt !== undefined && Date.parse(order.expiresAt) <= Date.now();
  const closed = overHere || refused?.closed === true;
  const outdated = shipping !== null && cart.length > 0 && !reservationMatches({ items: orderItems(cart), shipping });

  const changeProof = (next: UploadedProof | null) => {
    setProof(next);
    setRefused(null);
    if (next) saveProof(next);
    else clearProof();
  };

  const sendProof = async () => {
    if (!proof) {
      setRefused({ message: checkoutTexts.proofMissing, fix: null });
      return;
    }
    setSending(true);
    setRefused(null);
    try {
      const paid = await api.attachProof(order.id, { accessToken: order.accessToken, proofKey: proof.key });
      done.current = true;
      recordPlacedOrder(paid, order.accessToken);
      cartStore().clear();
      navigate(paths.thankYou, { replace: true });
    } catch (error) {
      console.error('Sending the proof failed', error);
      if (error instanceof ApiError && (error.fields?.proofKey || error.code === 'proof_used')) changeProof(null);
      // A closed reservation cannot be paid: the next visit to the shipping step reserves anew.
      const over = error instanceof ApiError && (error.code === 'reservation_expired' || error.code === 'order_closed');
      if (over) clearReservation();
      setRefused({ ...orderRefusal(error), closed: over });
      setSending(false);
    }
  };

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
            <div className="notice" role="status">
              <p>{checkoutTexts.reservationOutdated}</p>
              <Link to={paths.shipping}>Rever os dados e reservar de novo</Link>
            </div>
          )}
          <section className="card" aria-labelledby="pay-title">
            <h2 id="pay-title">1. Paga com {PAYMENT_METHOD_LABELS[order.paymentMethod]}</h2>
            <p className="amount-due">
              Valor a pagar: <strong data-testid="amount-due">{formatCents(order.totalCents)}</strong>
            </p>
            <p className="payment-reference" data-testid="payment-reference">
              {checkoutTexts.paymentReference(order.orderNumber)}
            </p>
            <PaymentInstructions instructions={order.instructions} amountCents={order.totalCents} reference={`encomenda ${order.orderNumber}`} />
            {order.expiresAt && (
              <p className="field-hint" data-testid="reserved-until">
                {checkoutTexts.reservedUntil(formatTime(order.expiresAt))}
              </p>
            )}
            <p className="field-hint">
              Envio por {SHIPPING_METHODS[order.shippingMethod].label} para {shipping ? `${shipping.firstName} ${shipping.lastName}, ${shipping.address}, ${shipping.postalCode} ${shipping.city}` : order.firstName}.
            </p>
          </section>
          <section className="card" aria-labelledby="proof-title">
            <h2 id="proof-title">2. Envia o comprovativo</h2>
            <p>Depois de pagares, envia uma captura de ecrã ou o PDF do comprovativo de pagamento.</p>
            <ProofUpload proof={proof} onChange={changeProof} onUploadingChange={setUploading} disabled={closed} />
          </section>
          <div role="alert">
            {refused ? <OrderRefusalNotice refusal={refused} /> : overHere && <OrderRefusalNotice refusal={{ message: checkoutTexts.reservationOver, fix: 'cart' }} />}
          </div>
          <div className="checkout-actions">
            <Link to={paths.shipping} className="button button--secondary">
              Voltar
            </Link>
            <button type="button" className="button" disabled={closed || !proof || uploading || sending} onClick={() => void sendProof()}>
              {uploading ? checkoutTexts.proofUploading : sending ? 'A enviar o comprovativo...' : 'Confirmar encomenda'}
            </button>
          </div>
          {!proof && !uploading && !closed && <p className="field-hint checkout-actions__hint">{checkoutTexts.proofMissing}</p>}
        </div>
        <FixedOrderSummary order={order} />
      </div>
    </div>
  );
}
