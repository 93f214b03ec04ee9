/**
 * How the order is paid and shipped, and what it costs. The money from the one view of its ledger
 * (docs/money.md): the method that actually paid (or is being checked), the financial status and how the
 * shop knows, what came in and each refund with amount, method and date; then the provider's own
 * details for reconciling (`provider-payment-rows.tsx`); and "Devolver parte do pagamento" while
 * something paid is left to give back (`refund-part-form.tsx`).
 */
import type { Order } from '#shared/api.ts';
import { moneyOf, type LedgerEntry } from '#shared/ledger.ts';
import { formatCents } from '#shared/money.ts';
import { paymentView, type PaymentView } from '#shared/payment-view.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';
import { DetailRow } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { ProviderPaymentRows } from './provider-payment-rows.tsx';
import { RefundPartForm } from './refund-part-form.tsx';

const t = texts.order;

/** The payment view of an admin order (its ledger as the API gave it, else derived from its fields). */
export function ownerMoneyView(order: Order): { readonly view: PaymentView; readonly ledger: readonly LedgerEntry[] } {
  const { ledger, financialStatus } = moneyOf(order);
  return { ledger, view: paymentView({ status: order.status, financialStatus, ledger, paymentMethod: order.paymentMethod }) };
}

/** `onOrder`: the order after "Devolver parte do pagamento" (absent: the box only shows). */
export function PaymentPanel({ order, onOrder }: { readonly order: Order; readonly onOrder?: (order: Order) => void }) {
  const shipping = SHIPPING_METHODS[order.shippingMethod];
  const { view, ledger } = ownerMoneyView(order);
  // The month's MB WAY number only for MB WAY paid by hand (the provider's MB WAY has none).
  const mbwayNumber =
    view.method === 'mbway' && order.mbwayNumber && !order.providerPayment ? ` (${t.mbwayNumber(order.mbwayNumber)})` : '';
  const refundIds = ledger
    .filter((entry) => entry.kind === 'refund' && (entry.state === 'refunded' || entry.state === 'pending'))
    .map((entry) => entry.refundId);
  return (
    <Panel id="adm-payment" title={t.payment} testId="payment-panel">
      <dl className="adm-dl">
        <DetailRow label={t.paymentMethod}>
          <span data-testid="payment-method">{view.methodLabel}</span>
          {mbwayNumber}
        </DetailRow>
        <DetailRow label={t.financialStatus}>
          <span data-testid="financial-status" data-financial-status={view.financialStatus}>
            {view.ownerStatus}
          </span>
          {view.ownerSource && <span className="adm-small muted"> — {view.ownerSource}</span>}
        </DetailRow>
        <DetailRow label={t.total}>
          <strong>{formatCents(order.totalCents)}</strong>
        </DetailRow>
        {view.paidCents > 0 && <DetailRow label={t.paidIn}>{formatCents(view.paidCents)}</DetailRow>}
        {view.refunds.length > 0 && (
          <DetailRow label={t.refunds} wide>
            <ul className="adm-plain-list" data-testid="refunds">
              {view.refunds.map((refund, index) => (
                <li key={`${refund.at}-${index}`}>
                  {refund.text} {refundIds[index] && <code className="adm-code">{refundIds[index]}</code>}
                </li>
              ))}
            </ul>
          </DetailRow>
        )}
        <DetailRow label={t.shippingMethod}>{shipping?.label ?? order.shippingMethod}</DetailRow>
        <DetailRow label={t.shippingCost}>{formatCents(order.shippingCents)}</DetailRow>
        {order.providerPayment && <ProviderPaymentRows payment={order.providerPayment} totalCents={order.totalCents} />}
      </dl>
      {onOrder && <RefundPartForm order={order} onOrder={onOrder} />}
    </Panel>
  );
}
