import type { ReactNode } from 'react';
import type { CustomerOrder } from '#shared/api.ts';
import { formatCents } from '#shared/money.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '#shared/payment-methods.ts';
import type { ShippingForm } from '#shared/schemas/shipping-form.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import { payUntilText } from './provider-payment-panel.tsx';

/**
 * The payment step's first part: the fixed amount, the order number to write as the reference, how to
 * pay with the chosen method, and where the order goes; next to the amount, until when the pieces are
 * held and what happens after. Its heading names the method the customer pays with now: the one chosen
 * at checkout, or the manual one chosen after a declined automatic payment (`method`).
 */
export function PaymentDue({
  order,
  shipping,
  provider,
  method,
}: {
  order: CustomerOrder;
  shipping: ShippingForm | null;
  /** A provider payment's status, in place of the manual instructions. */ provider?: ReactNode;
  method?: PaymentMethodId;
}) {
  return (
    <section className="card" aria-labelledby="pay-title">
      <h2 id="pay-title">1. Paga com {PAYMENT_METHOD_LABELS[method ?? order.paymentMethod]}</h2>
      <p className="amount-due">
        Valor a pagar: <strong data-testid="amount-due">{formatCents(order.totalCents)}</strong>
        {order.expiresAt && (
          <>
            {' '}
            <strong data-testid="pay-until">{payUntilText(order)}</strong>
            <span className="amount-due__deadline field-hint">{checkoutTexts.afterDeadline}</span>
          </>
        )}
      </p>
      {provider ?? (
        <>
          <p className="payment-reference" data-testid="payment-reference">
            {checkoutTexts.paymentReference(order.orderNumber)}
          </p>
          <PaymentInstructions
            instructions={order.instructions}
            amountCents={order.totalCents}
            reference={`encomenda ${order.orderNumber}`}
          />
        </>
      )}
      <p className="field-hint">
        Envio por {SHIPPING_METHODS[order.shippingMethod].label} para{' '}
        {shipping
          ? `${shipping.firstName} ${shipping.lastName}, ${shipping.address}, ${shipping.postalCode} ${shipping.city}`
          : order.firstName}
        .
      </p>
    </section>
  );
}
