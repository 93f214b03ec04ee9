import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { orderItems } from '../../../../shared/cart.ts';
import { formatCents } from '../../../../shared/money.ts';
import { messages } from '../../../../shared/messages.ts';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/payment-methods.ts';
import { quoteOrder } from '../../../../shared/pricing.ts';
import type { PlaceOrderInput } from '../../../../shared/schemas/place-order.ts';
import { SHIPPING_METHODS } from '../../../../shared/shipping.ts';
import { paths } from '../../../../shared/paths.ts';
import { api, ApiError, errorMessage } from '../../lib/api.ts';
import { cartStore, useCart } from '../../lib/cart-store.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadError, Loading } from '../../ui/page-state.tsx';
import { clearProof, idempotencyKeyFor, loadProof, recordPlacedOrder, saveProof, savedShippingForm, type UploadedProof } from './checkout-session.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { usePaymentMethods } from './payment-methods.ts';
import { ProofUpload } from './proof-upload.tsx';
import './checkout.css';

type Refusal = { readonly message: string; readonly fix: 'cart' | 'shipping' | null };

/**
 * What the customer can do about a refused order: the server's message (out of stock, MB WAY full,
 * invalid field...), and where to fix it, from the field it names.
 */
function refusal(error: unknown): Refusal {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) {
    return { message: errorMessage(error, messages.checkout.orderFailed), fix: null };
  }
  const field = Object.keys(error.fields ?? {})[0] ?? '';
  const fix = field.startsWith('items') ? 'cart' : field.startsWith('shipping') ? 'shipping' : null;
  return { message: (field && error.fields?.[field]) || error.message, fix };
}

/** /payment: how to pay the chosen method, the amount, the proof upload, and the order. */
export function PaymentPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const [shipping] = useState(savedShippingForm);
  const [methods, retryMethods] = usePaymentMethods();
  const [proof, setProof] = useState<UploadedProof | null>(loadProof);
  const [uploading, setUploading] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const placed = useRef(false);

  usePageMeta({ title: 'Pagamento', description: 'Instruções de pagamento e envio do comprovativo.', noindex: true });

  if (placed.current) return <Loading />;
  if (cart.length === 0) return <Navigate to={paths.cart} replace />;
  if (!shipping) return <Navigate to={paths.shipping} replace />;

  const quote = quoteOrder(cart, shipping.shippingMethod);
  const method = methods.status === 'ready' ? methods.value.find((m) => m.id === shipping.paymentMethod) : undefined;

  const changeProof = (next: UploadedProof | null) => {
    setProof(next);
    setRefused(null);
    if (next) saveProof(next);
    else clearProof();
  };

  const placeOrder = async () => {
    if (!proof) {
      setRefused({ message: messages.checkout.proofMissing, fix: null });
      return;
    }
    const input: PlaceOrderInput = { items: orderItems(cart), shipping, proofKey: proof.key };
    setPlacing(true);
    setRefused(null);
    try {
      const response = await api.placeOrder(input, idempotencyKeyFor(input));
      placed.current = true;
      recordPlacedOrder(response);
      cartStore().clear();
      navigate(paths.thankYou, { replace: true });
    } catch (error) {
      console.error('Placing the order failed', error);
      if (error instanceof ApiError && error.fields?.proofKey) changeProof(null);
      setRefused(refusal(error));
      setPlacing(false);
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
          <section className="card" aria-labelledby="pay-title">
            <h2 id="pay-title">1. Paga com {PAYMENT_METHOD_LABELS[shipping.paymentMethod]}</h2>
            <p className="amount-due">
              Valor a pagar: <strong data-testid="amount-due">{formatCents(quote.orderTotalCents)}</strong>
            </p>
            {methods.status === 'loading' && <Loading />}
            {methods.status === 'error' && <LoadError message={errorMessage(methods.error, messages.api.unavailable)} onRetry={retryMethods} />}
            {methods.status === 'ready' && method?.available && method.instructions && (
              <PaymentInstructions instructions={method.instructions} amountCents={quote.orderTotalCents} />
            )}
            {methods.status === 'ready' && !method?.available && (
              <div className="notice notice--error" role="alert">
                <p>{messages.checkout.mbwayUnavailable}</p>
                <Link to={paths.shipping}>Escolher outro método de pagamento</Link>
              </div>
            )}
            <p className="field-hint">
              Envio por {SHIPPING_METHODS[shipping.shippingMethod].label} para {shipping.firstName} {shipping.lastName}, {shipping.address},{' '}
              {shipping.postalCode} {shipping.city}. <Link to={paths.shipping}>Alterar</Link>
            </p>
          </section>
          <section className="card" aria-labelledby="proof-title">
            <h2 id="proof-title">2. Envia o comprovativo</h2>
            <p>Depois de pagares, envia uma captura de ecrã ou o PDF do comprovativo de pagamento.</p>
            <ProofUpload proof={proof} onChange={changeProof} onUploadingChange={setUploading} />
          </section>
          <div role="alert">
            {refused && (
              <div className="notice notice--error">
                <p>{refused.message}</p>
                {refused.fix === 'cart' && <Link to={paths.cart}>Rever o carrinho</Link>}
                {refused.fix === 'shipping' && <Link to={paths.shipping}>Rever os dados de envio e pagamento</Link>}
              </div>
            )}
          </div>
          <div className="checkout-actions">
            <Link to={paths.shipping} className="button button--secondary">
              Voltar
            </Link>
            <button type="button" className="button" disabled={!proof || uploading || placing} onClick={() => void placeOrder()}>
              {uploading ? messages.checkout.proofUploading : placing ? 'A registar a encomenda...' : 'Confirmar encomenda'}
            </button>
          </div>
          {!proof && !uploading && <p className="field-hint checkout-actions__hint">{messages.checkout.proofMissing}</p>}
        </div>
        <OrderSummary cart={cart} shippingMethod={shipping.shippingMethod} />
      </div>
    </div>
  );
}
