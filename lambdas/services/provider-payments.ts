/**
 * What the orders stream's payments consumer does (docs/design.md §34, `consumers/order-payments.ts`):
 *
 * - **Start.** A reservation whose provider payment is `starting` (written by `POST /api/orders`): ask
 *   the provider for the payment (idempotent per order: asked twice, the same payment), keep its id and
 *   the Multibanco reference (`pending`; the reservation then holds until the reference's own expiry),
 *   and only then queue the reservation e-mail, which carries the reference or the MB WAY request. A
 *   start the provider refuses is `failed`, with why in pt-PT: the reservation stays payable by a
 *   manual method until its deadline, and the e-mail says so.
 * - **Refund.** An order whose provider payment succeeded and asks for a refund (`refundRequestedCents`:
 *   the owner closed a paid order, the payment came after the reservation closed, or the owner gave part
 *   of it back with "Devolver parte do pagamento", `refundPartial`, whatever the order's status): refund
 *   that amount through the provider, keyed by the order and the refund's number (a retry is one refund),
 *   record it on the timeline and, for a late payment or a part given back, tell the customer.
 *
 * The provider's outages are errors (the stream tries the record again); its refusals are answers. A
 * start that meets an outage {@link PROVIDER_START_ATTEMPTS} times is given up as refused (the customer
 * gets the manual methods and the reservation e-mail at once) before the stream's own retries would send
 * the record to the dead-letter queue and leave the customer waiting for a request that never comes.
 */
import type { Order, TimelineEntry } from '#shared/api.ts';
import type { ProviderPaymentRecord, ProviderRefundRecord } from '#shared/automatic-payments.ts';
import { paymentStartTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { CLOSED_STATUS, everPaid, RESERVED_STATUS } from '#shared/order-status.ts';
import { logger } from '../logger.ts';
import { getOrderItem, toOrder } from '../repositories/orders.ts';
import { paymentRefundedItem, paymentStartAttemptItem, paymentStartedItem, refundRefusedItem } from '../repositories/provider-payments.ts';
import { named, writeTransactionRetrying, type TransactionItem } from '../repositories/transactions.ts';
import { SHOP } from './order-lifecycle.ts';
import { refundMailItem, reservationMailItem } from './order-mail.ts';
import { shopSettings } from './settings.ts';
import { paymentProvider } from './payment-gateway.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from './payment-provider.ts';

/**
 * The phone the MB WAY request goes to: stored digits only (`+` and the country with an international prefix); a Portuguese number without
 * one gets +351.
 */
export function providerPhone(phone: string): string {
  return phone.startsWith('+') ? phone : `+351${phone}`;
}

/**
 * Times a payment's start may meet the provider unreachable before it is given up as refused: fewer than
 * the stream's tries of one record (`OrderPayments.retryAttempts` + 1 in `lambdas/jobs.ts`, tested).
 */
export const PROVIDER_START_ATTEMPTS = 3;

/** The condition of the reservation mail's item: no mail of that id yet. */
const MAIL_QUEUED = 'reservation-mail-new';

const entryAt = (now: Date, text: string): TimelineEntry => ({ at: now.toISOString(), kind: 'payment', by: SHOP, text });

/** What one stream record of an order asks for, from the order as it is now (not the record's image). */
export async function handleOrderPayment(orderId: string, now = new Date()): Promise<'started' | 'refunded' | 'nothing'> {
  const item = await getOrderItem(orderId);
  const payment = item?.providerPayment;
  if (!item || !payment) return 'nothing';
  if (payment.status === 'starting') return startPayment(toOrder(item), payment, now);
  // A close's refund once the order is closed; "Devolver parte do pagamento" whatever its status.
  if (
    payment.status === 'succeeded' &&
    payment.refundRequestedCents !== undefined &&
    (item.status === CLOSED_STATUS || payment.refundPartial)
  )
    return refundPayment(toOrder(item), payment, now);
  return 'nothing';
}

/** Why the provider could not make the payment, for the customer. */
function refusal(payment: ProviderPaymentRecord, error: PaymentProviderError): string {
  if (error.kind === 'credentials' || error.kind === 'unavailable') return paymentStartTexts.unavailable;
  return payment.method === 'mbway' ? paymentStartTexts.mbwayRefused : paymentStartTexts.multibancoRefused;
}

/** Asks the provider for the order's payment: the payment made, or why not (`PaymentProviderError` of kind `request` or `credentials`). */
async function askProvider(
  provider: PaymentProvider | undefined,
  order: Order,
  payment: ProviderPaymentRecord,
): Promise<ProviderPayment | PaymentProviderError> {
  if (!provider) return new PaymentProviderError('no payment keys saved', 'credentials');
  try {
    const made = await provider.startPayment({
      orderId: order.id,
      amountCents: order.totalCents,
      method: payment.method,
      email: order.email,
      description: `Joias Inox, encomenda ${order.orderNumber}`,
      ...(payment.method === 'mbway' ? { phone: providerPhone(order.phone) } : {}),
    });
    // Amounts in cents identical in the order and the provider's payment, or nothing is kept.
    if (made.amountCents !== order.totalCents || made.method !== payment.method)
      throw new Error(
        `provider payment ${made.paymentId} is ${made.amountCents} ${made.method}, ` +
          `order ${order.id} is ${order.totalCents} ${payment.method}`,
      );
    return made;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind !== 'unavailable') return error;
    throw error;
  }
}

async function startPayment(order: Order, payment: ProviderPaymentRecord, now: Date): Promise<'started' | 'nothing'> {
  // Closed before the provider was asked (the customer gave up at once): nothing to pay, nothing to mail.
  if (order.status !== RESERVED_STATUS) {
    const closed = { ...payment, status: 'failed', failure: paymentStartTexts.closedBeforeStart } as const;
    await writeTransactionRetrying(
      [paymentStartedItem(order.id, closed, entryAt(now, paymentStartTexts.timeline.startFailed(closed.failure)))],
      `pay-start-${order.id}-closed-${now.getTime()}`,
    );
    return 'nothing';
  }
  const made = await askProvider(await paymentProvider(now), order, payment).catch(async (error: unknown) =>
    unreachable(order, payment, error, now),
  );
  let record: ProviderPaymentRecord;
  let entry: TimelineEntry;
  if (made instanceof PaymentProviderError) {
    logger.warn('provider payment not started', { orderId: order.id, kind: made.kind, reason: made.message });
    record = { ...payment, status: 'failed', failure: refusal(payment, made) };
    entry = entryAt(now, paymentStartTexts.timeline.startFailed(record.failure!));
  } else {
    record = {
      ...payment,
      status: made.status === 'failed' ? 'failed' : 'pending',
      paymentId: made.paymentId,
      ...(made.multibanco ? { multibanco: made.multibanco } : {}),
    };
    entry = entryAt(
      now,
      made.multibanco
        ? paymentStartTexts.timeline.multibancoStarted(made.paymentId, made.multibanco.reference)
        : paymentStartTexts.timeline.mbwayStarted(made.paymentId),
    );
  }
  const expiresAt = record.multibanco?.expiresAt;
  const started: Order = { ...order, providerPayment: record, ...(expiresAt ? { expiresAt } : {}) };
  const write = paymentStartedItem(order.id, record, entry, expiresAt);
  // The reservation e-mail, now that it can carry the reference or the request (or why not, with the manual methods' words).
  const { payments } = await shopSettings(now.getTime());
  const result = await writeTransactionRetrying(
    [write, named(MAIL_QUEUED, reservationMailItem(started, now, payments))],
    `pay-start-${order.id}-${now.getTime()}`,
  );
  if (result.written) return 'started';
  // Started again after a run that queued the mail and lost its write (its stream record came back): the one mail stands.
  if (result.refused(MAIL_QUEUED) && !result.refused(write.condition))
    return (await writeTransactionRetrying([write], `pay-start-${order.id}-${now.getTime()}-again`)).written ? 'started' : 'nothing';
  // Refused: another run wrote it first, or the reservation closed meanwhile (the next record of it says so).
  return 'nothing';
}

/**
 * The provider could not be reached (or answered what cannot be kept): counted on the order and thrown for
 * the stream to try again, until the {@link PROVIDER_START_ATTEMPTS}th time, which is answered as a refusal.
 */
async function unreachable(order: Order, payment: ProviderPaymentRecord, error: unknown, now: Date): Promise<PaymentProviderError> {
  const attempts = (payment.startAttempts ?? 0) + 1;
  const reason = error instanceof Error ? error.message : String(error);
  if (attempts >= PROVIDER_START_ATTEMPTS) {
    logger.error('provider unreachable; the reservation is offered the manual methods', { orderId: order.id, attempts, reason });
    return new PaymentProviderError(reason, 'unavailable');
  }
  // Refused: another run moved the payment on; the stream's next record of the order says so.
  await writeTransactionRetrying([paymentStartAttemptItem(order.id)], `pay-try-${order.id}-${attempts}-${now.getTime()}`);
  throw error;
}

async function refundPayment(order: Order, payment: ProviderPaymentRecord, now: Date): Promise<'refunded' | 'nothing'> {
  const requested = payment.refundRequestedCents!;
  const provider = await paymentProvider(now);
  // Keys removed after the payment: the stream tries again (then the dead-letter queue, which an alarm watches).
  if (!provider || !payment.paymentId)
    throw new Error(`order ${order.id}: a refund is asked for but the provider's keys or the payment id are missing`);
  const number = (payment.refunds?.length ?? 0) + 1;
  // Never paid in the shop's eyes (no paid status on its timeline): the payment came after the reservation closed.
  const late = !everPaid(order.timeline);
  const amount = formatCents(requested);
  let made;
  try {
    made = await provider.refund(payment.paymentId, requested, `order-${order.id}-refund-${number}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || error.kind === 'unavailable') throw error;
    logger.error('refund refused by the provider', { orderId: order.id, reason: error.message });
    await writeTransactionRetrying(
      [refundRefusedItem(order.id, requested, entryAt(now, paymentStartTexts.timeline.refundFailed(amount, error.message)))],
      `pay-refund-${order.id}-${number}-${now.getTime()}`,
    );
    return 'nothing';
  }
  if (made.amountCents !== requested)
    throw new Error(`refund ${made.refundId} of order ${order.id} is ${made.amountCents} cents, ${requested} were asked for`);
  const partial = payment.refundPartial !== undefined;
  const refund: ProviderRefundRecord = {
    refundId: made.refundId,
    amountCents: made.amountCents,
    at: now.toISOString(),
    reason: partial ? 'partial' : late ? 'late' : 'cancel',
  };
  const items: TransactionItem[] = [
    paymentRefundedItem(order.id, requested, refund, entryAt(now, paymentStartTexts.timeline.refunded(amount, late))),
  ];
  // The customer is told of a late payment's refund and of a part given back; a close's refund is in its cancellation mail.
  if (late || partial) items.push(refundMailItem(order, made.refundId, made.amountCents, now, partial ? { partial: true } : {}));
  const result = await writeTransactionRetrying(items, `pay-refund-${order.id}-${number}-${now.getTime()}`);
  return result.written ? 'refunded' : 'nothing';
}
