/** How the order is paid (through the payment provider: `provider-payment.tsx`) and shipped, and what it costs. */
import type { Order } from '#shared/api.ts';
import { formatCents } from '#shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';
import { DetailRow } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { ProviderPaymentRows } from './provider-payment-rows.tsx';

const t = texts.order;

export function PaymentPanel({ order }: { readonly order: Order }) {
  const shipping = SHIPPING_METHODS[order.shippingMethod];
  return (
    <Panel id="adm-payment" title={t.payment} testId="payment-panel">
      <dl className="adm-dl">
        <DetailRow label={t.paymentMethod}>
          {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}
          {order.paymentMethod === 'mbway' && order.mbwayNumber ? ` (${t.mbwayNumber(order.mbwayNumber)})` : ''}
        </DetailRow>
        <DetailRow label={t.total}><strong>{formatCents(order.totalCents)}</strong></DetailRow>
        <DetailRow label={t.shippingMethod}>{shipping?.label ?? order.shippingMethod}</DetailRow>
        <DetailRow label={t.shippingCost}>{formatCents(order.shippingCents)}</DetailRow>
        {order.providerPayment && <ProviderPaymentRows payment={order.providerPayment} />}
      </dl>
    </Panel>
  );
}
