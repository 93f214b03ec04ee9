/**
 * What the customer sees of their order (`GET /api/orders/{id}` with its access token, and every answer
 * of the checkout): the amounts, how to pay, the provider payment's state, the history of its statuses;
 * never the owner's notes, the admins' names, the proof, nor the provider's ids and fees.
 */
import type { CustomerOrder, Order } from '#shared/api.ts';
import type { CustomerProviderPayment, ProviderMethod, ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import type { PaymentInstructions } from '#shared/payment-methods.ts';
import type { PaymentSettings } from '#shared/settings.ts';
import { DEFAULT_CARRIER } from '#shared/tracking.ts';
import { customerInvoiceView } from '#shared/invoices.ts';
import { moneyOf } from '#shared/ledger.ts';
import { CUSTOMER, SHOP } from './order-lifecycle.ts';
import { instructionsFor } from './payments.ts';

/** The instructions of a method the provider takes: the MB WAY request or the Multibanco reference on the order. */
function providerInstructions(method: ProviderMethod): PaymentInstructions {
  return method === 'mbway' ? { method: 'mbway', automatic: true } : { method: 'multibanco', automatic: true };
}

/** What the customer sees of the provider payment: its state, the reference, the failure, what was given back; never ids or fees. */
export function customerProviderPayment(record: ProviderPaymentRecord): CustomerProviderPayment {
  const refundedCents = (record.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    method: record.method,
    status: record.status,
    ...(record.multibanco ? { multibanco: record.multibanco } : {}),
    ...(record.failure ? { failure: record.failure } : {}),
    ...(refundedCents > 0 ? { refundedCents } : {}),
  };
}

/**
 * What the customer sees of the timeline ("A minha encomenda" lists it): the reservation and each status
 * change, when, and whether they or the shop made it. Never the owner's notes or reasons, the mails, nor
 * the provider's part (its payment ids, its refusals' words).
 */
function customerTimeline(timeline: Order['timeline']): CustomerOrder['timeline'] {
  return timeline
    .filter((entry) => entry.kind === 'reserved' || entry.kind === 'status')
    .map(({ at, kind, from, to, by }) => ({
      at,
      kind,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      by: by === CUSTOMER ? CUSTOMER : SHOP,
    }));
}

/** What the customer may see of their order: no notes, no admin names, no proof. */
export function toCustomerOrder(order: Order, payments: PaymentSettings): CustomerOrder {
  const { ledger, financialStatus } = moneyOf(order);
  const shipped = [...order.emails].reverse().find((email) => email.kind === 'shipped' && email.trackingCode);
  const trackingCode = shipped?.trackingCode;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    ...(order.expiresAt ? { expiresAt: order.expiresAt } : {}),
    paymentMethod: order.paymentMethod,
    shippingMethod: order.shippingMethod,
    // Paid through the provider: how to pay is the order's own request or reference, not the settings' numbers.
    instructions: order.providerPayment
      ? providerInstructions(order.providerPayment.method)
      : instructionsFor(payments, order.paymentMethod, order.mbwayNumber),
    ...(order.providerPayment ? { providerPayment: customerProviderPayment(order.providerPayment) } : {}),
    // The manual method chosen after the provider's payment failed (docs/payment-switch.md): the page pays by it.
    ...(order.proofMethodAt && order.proofMethod ? { manualMethod: order.proofMethod } : {}),
    lines: order.lines,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    ...(order.gift ? { gift: order.gift } : {}),
    ...(order.discount ? { discount: order.discount } : {}),
    email: order.email,
    firstName: order.firstName,
    timeline: customerTimeline(order.timeline),
    financialStatus,
    ledger: ledger.map(({ kind, method, state, amountCents, currency, at, settledAt, reason }) => ({
      kind,
      method,
      state,
      amountCents,
      currency,
      at,
      ...(settledAt ? { settledAt } : {}),
      ...(reason ? { reason } : {}),
    })),
    ...(trackingCode ? { trackingCode, carrier: shipped?.carrier ?? DEFAULT_CARRIER } : {}),
    // The fatura-recibo and the credit notes of the refunds (docs/invoices.md): numbers, amounts and links, never the owner's reasons.
    ...(order.invoice ? { invoice: customerInvoiceView(order.invoice) } : {}),
  };
}
