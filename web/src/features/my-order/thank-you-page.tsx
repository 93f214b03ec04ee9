import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { checkoutTexts, myOrderTexts, providerPaymentTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { loadPlacedOrder } from '#web/lib/checkout-session.ts';
import { customerMoneyView } from '#web/lib/money-view.ts';
import { FixedOrderLines } from '#web/ui/order-summary.tsx';
import '#web/ui/checkout.css';

/** /thank-you: the order number and what happens next; survives a reload (the order is in the session). */
export function ThankYouPage() {
  const [placed] = useState(loadPlacedOrder);
  // Without an order in this tab the page only thanks for the visit: the title says the same as the heading.
  usePageMeta(
    placed
      ? { title: 'Obrigado pela tua encomenda', description: 'A tua encomenda foi registada.', noindex: true }
      : { title: 'Obrigado pela visita!', description: checkoutTexts.noRecentOrder, noindex: true },
  );

  if (!placed) {
    return (
      <div className="container page-body">
        <div className="empty-state card">
          <h1>Obrigado pela visita!</h1>
          <p>{checkoutTexts.noRecentOrder}</p>
          <Link to={paths.shop} className="button">
            Ver produtos
          </Link>
        </div>
      </div>
    );
  }

  const { order } = placed;
  // Every word about the payment from the ledger's view: the method that paid or is being checked, "confirmado" only once paid.
  const money = customerMoneyView(order);
  return (
    <div className="container page-body thank-you">
      <div className="card thank-you__card">
        <p className="eyebrow">Encomenda registada</p>
        <h1>Obrigado, {order.firstName}!</h1>
        <p className="lead" data-testid="order-placed">
          {checkoutTexts.orderPlaced(order.orderNumber)}
        </p>
        <p className="thank-you__number">
          Número da encomenda: <strong data-testid="order-number">{order.orderNumber}</strong>
        </p>
        <section aria-labelledby="thank-you-payment">
          <h2 id="thank-you-payment">Pagamento por {money.methodLabel}</h2>
          {money.moneyIn ? (
            <p data-testid="payment-confirmed">{providerPaymentTexts.thankYou(money.methodLabel)}</p>
          ) : (
            <p data-testid="proof-received">{money.financialStatus === 'verifying' ? checkoutTexts.proofReceived : money.customerLine}</p>
          )}
        </section>
        <p>
          {money.moneyIn ? providerPaymentTexts.shippingNext : checkoutTexts.shippingAfterPayment} Vais receber um e-mail em{' '}
          <strong>{order.email}</strong> com {money.moneyIn ? 'a confirmação do pagamento' : 'o resumo da encomenda'} e, mais tarde, outro
          quando ela seguir.
        </p>
        <section aria-labelledby="thank-you-summary">
          <h2 id="thank-you-summary">Resumo</h2>
          <FixedOrderLines order={order} />
        </section>
        <p className="thank-you__actions">
          {placed.accessToken && (
            <Link to={paths.myOrder(order.id, placed.accessToken)} className="button button--secondary" data-testid="follow-order">
              {myOrderTexts.follow}
            </Link>
          )}{' '}
          <Link to={paths.shop} className="button">
            Continuar a comprar
          </Link>
        </p>
      </div>
    </div>
  );
}
