/**
 * An order's payment through the payment provider (docs/design.md §34), as the owner reconciles it: the
 * method, the provider's payment id and state, the Multibanco reference, when it was confirmed, the
 * provider's fee and what reached the shop. Its refunds are listed with the ledger's (`payment-panel.tsx`).
 */
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { DetailRow } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order.provider;

/** What was given back through the provider so far, in cents. */
function refundedCents(payment: ProviderPaymentRecord): number {
  return (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
}

/** The provider's word for its payment: after a refund, never "Confirmado" alone (docs/money.md). */
function providerStatus(payment: ProviderPaymentRecord, totalCents: number): string {
  const refunded = refundedCents(payment);
  if (payment.status !== 'succeeded' || refunded === 0) return t.statuses[payment.status];
  return refunded >= (payment.amountCents ?? totalCents) ? t.statuses.refunded : t.statuses.partlyRefunded;
}

/**
 * The rows of the payment panel for a provider payment (inside its `<dl>`), for reconciling with the
 * provider: its method, state, ids, reference, fee and net. Its refunds are the panel's (the ledger's).
 */
export function ProviderPaymentRows({ payment, totalCents }: { readonly payment: ProviderPaymentRecord; readonly totalCents: number }) {
  return (
    <>
      <DetailRow label={t.via}>{t.viaValue(PAYMENT_METHOD_LABELS[payment.method])}</DetailRow>
      <DetailRow label={t.status}>
        <span data-testid="provider-status">{providerStatus(payment, totalCents)}</span>
      </DetailRow>
      {payment.paymentId && (
        <DetailRow label={t.paymentId} wide>
          <code className="adm-code">{payment.paymentId}</code>
        </DetailRow>
      )}
      {payment.multibanco && (
        <DetailRow label={t.reference} wide>
          {t.referenceValue(payment.multibanco.entity, payment.multibanco.reference, formatDateTime(payment.multibanco.expiresAt))}
        </DetailRow>
      )}
      {payment.failure && <DetailRow label={t.failure}>{payment.failure}</DetailRow>}
      {payment.paidAt && <DetailRow label={t.paidAt}>{formatDateTime(payment.paidAt)}</DetailRow>}
      {payment.status === 'succeeded' && (
        <>
          <DetailRow label={t.fee}>{payment.feeCents === undefined ? t.notSettled : formatCents(payment.feeCents)}</DetailRow>
          <DetailRow label={t.net}>
            {payment.netCents === undefined ? t.notSettled : <strong>{formatCents(payment.netCents)}</strong>}
          </DetailRow>
        </>
      )}
    </>
  );
}
