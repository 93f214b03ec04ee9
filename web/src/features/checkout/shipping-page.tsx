import { Link, Navigate } from '#web/lib/router.tsx';
import { checkoutTexts } from '#shared/messages/index.ts';
import { summarizeCart } from '#shared/pricing.ts';
import { qualifiesForFreeShipping } from '#shared/shipping.ts';
import { paths } from '#shared/paths.ts';
import { useCart } from '#web/lib/cart-store.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { OrderRefusalNotice } from '#web/ui/order-refusal.tsx';
import { PendingReservation } from '#web/ui/pending-reservation.tsx';
import { OrderSummary } from '#web/ui/order-summary.tsx';
import { AddressSection, ContactSection, InvoiceSection } from './shipping-address.tsx';
import { PaymentMethodSection, ShippingMethodSection, TermsSection } from './shipping-choices.tsx';
import { useShippingForm } from './use-shipping-form.ts';
import { GiftSection } from './gift-section.tsx';
import { DiscountCodeField } from '#web/ui/discount-code-field.tsx';
import '#web/ui/checkout.css';
import { CheckoutClosed, useShopPreparing } from '#web/ui/shop-preparing.tsx';

/** /shipping: who and where, how to ship, how to pay, terms. Kept in the session when going back. */
export function ShippingPage() {
  const cart = useCart();
  const { fields, payment, formRef, onSubmit, alert, refused, reserving, botCheckStatus, reservation, confirming, code } =
    useShippingForm(cart);
  const freeShipping = qualifiesForFreeShipping(summarizeCart(cart).subtotalCents);
  const preparing = useShopPreparing();

  usePageMeta({ title: 'Dados de envio', description: 'Morada, método de envio e método de pagamento da tua encomenda.', noindex: true });

  if (cart.length === 0) return <Navigate to={paths.cart} replace />;
  if (preparing) return <CheckoutClosed />;

  return (
    <div className="container page-body">
      <ol className="checkout-steps" aria-label="Passos da compra">
        <li>Carrinho</li>
        <li aria-current="step">Envio</li>
        <li>Pagamento</li>
      </ol>
      <h1>Dados de envio</h1>
      {reservation && <PendingReservation {...reservation} />}
      <div className="checkout-layout">
        <form ref={formRef} className="checkout-form" onSubmit={onSubmit} noValidate>
          <div role="alert">{alert && <p className="notice notice--error">{alert}</p>}</div>
          <ContactSection fields={fields} />
          <AddressSection fields={fields} />
          <InvoiceSection fields={fields} />
          <GiftSection fields={fields} wrapCents={payment.giftWrapCents} />
          <ShippingMethodSection fields={fields} freeShipping={freeShipping} />
          <PaymentMethodSection fields={fields} payment={payment} />
          <DiscountCodeField cart={cart} {...code} />
          <TermsSection fields={fields} />
          <div role="alert">{refused && <OrderRefusalNotice refusal={refused} />}</div>
          <div className="checkout-actions">
            <Link to={paths.cart} className="button button--secondary">
              Voltar ao carrinho
            </Link>
            <button type="submit" className="button" disabled={reserving}>
              {confirming ? checkoutTexts.confirming : reserving ? checkoutTexts.reserving : 'Continuar para o pagamento'}
            </button>
          </div>
          {botCheckStatus}
          <p className="field-hint checkout-actions__hint">{reservationHint(payment.choices, fields.draft.paymentMethod)}</p>
        </form>
        <OrderSummary
          cart={cart}
          shippingMethod={fields.draft.shippingMethod}
          code={code.applied}
          wrapCents={fields.draft.gift && fields.draft.giftWrap ? payment.giftWrapCents : undefined}
        />
      </div>
    </div>
  );
}

/** What continuing does: the chosen method's reservation time (each method has its own). */
function reservationHint(choices: readonly { readonly id: string; readonly holdMinutes: number }[], method: string): string {
  const chosen = choices.find((choice) => choice.id === method);
  return chosen ? checkoutTexts.reservationHint(chosen.holdMinutes) : checkoutTexts.reservationHintNoMethod;
}
