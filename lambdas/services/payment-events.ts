/**
 * The payment provider's notifications (`POST /api/payments/stripe`, docs/design.md §34): verified on
 * their raw body with the keys the owner saved, then applied once per event id (its record is written
 * in the same transaction as its effect, so five deliveries of one event, even at once, are one effect):
 *
 * - **succeeded**, for a reservation holding that payment, of the order's total: the reservation moves to
 *   `Enviar` (the lifecycle's paid move: the payment-confirmed e-mail and the owner's notification), with
 *   the provider's fee and net amount when it has them;
 * - **succeeded** after the reservation closed: the payment is recorded and marked for refund in full
 *   (`refundRequestedCents`); the orders stream's payments consumer refunds it and tells the customer;
 *   for an open order that cannot take it (paid already, an amount that is not the total: never in
 *   the shop's own flow) it is recorded with a note for the owner to give it back, and logged as an error;
 * - **failed** (declined, expired): the reservation stays payable by a manual method until its deadline,
 *   its payment `failed` with a reason in Portuguese for the customer;
 * - **refunded** (the charge's refunds so far): what the order does not know of, and did not ask for, was
 *   refunded in the provider's own dashboard: recorded as a refund of the payment (the ledger, Vendas,
 *   the CSVs and the credit note count it), with a line on the timeline. The shop's own refunds are
 *   recorded by the payments consumer that makes them, from the provider's answer, so the part it asked
 *   for and has not recorded yet is left to it (`refundedOutsideCents`);
 * - anything else (a payment the shop does not know, an event it does not act on): answered 200 so the
 *   provider stops sending it, logged, nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { refundedOutsideCents, type ProviderPaymentRecord, type ProviderRefundRecord } from '#shared/automatic-payments.ts';
import { paymentEventTexts } from '#shared/messages/index.ts';
import { CURRENCY, formatCents } from '#shared/money.ts';
import { CLOSED_STATUS, RESERVED_STATUS } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { InvalidInput } from '../errors.ts';
import { logger } from '../logger.ts';
import { getOrderItem, type OrderItem } from '../repositories/orders.ts';
import {
  outsideRefundItem,
  PAYMENT_EVENT_NEW,
  PROVIDER_PAYMENT_HELD,
  paymentEventItem,
  providerPaymentItem,
} from '../repositories/payment-events.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';
import { payByProvider, SHOP } from './order-lifecycle.ts';
import { paymentProvider } from './payment-gateway.ts';
import { PaymentSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider.ts';

/** What came of one notification (for the log and the tests; the provider is answered 200 for all of them). */
export type PaymentEventOutcome = 'paid' | 'refund' | 'refunded-outside' | 'failed' | 'repeated' | 'unknown' | 'ignored';

type PaymentOf<K extends PaymentEvent['kind']> = Extract<PaymentEvent, { kind: K }>;
type OpenPayment = ProviderPaymentRecord & { readonly paymentId: string };

/**
 * Verifies a notification on its raw body; a forged, unsigned or stale one (or none can be verified: no keys saved) is a 400, nothing
 * changed.
 */
async function verified(
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  now: Date,
): Promise<{ provider: PaymentProvider; event: PaymentEvent }> {
  const provider = await paymentProvider(now);
  if (!provider) {
    logger.warn('payment notification refused: no provider keys saved');
    throw new InvalidInput(paymentEventTexts.refused, undefined, 'signature_invalid');
  }
  try {
    return { provider, event: provider.verifyEvent(rawBody, headers) };
  } catch (error) {
    if (!(error instanceof PaymentSignatureError)) throw error;
    logger.warn('payment notification refused', { reason: error.message });
    throw new InvalidInput(paymentEventTexts.refused, undefined, 'signature_invalid');
  }
}

/** Applies one verified notification of `provider` (its raw body and headers as received). */
export async function receivePaymentEvent(
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  now = new Date(),
): Promise<PaymentEventOutcome> {
  const { provider, event } = await verified(rawBody, headers, now);
  if (event.kind === 'other') {
    logger.info('payment notification not acted on', { eventId: event.eventId, type: event.type });
    return 'ignored';
  }
  const order = event.orderId ? await getOrderItem(event.orderId) : undefined;
  if (event.kind === 'refunded') return refundedOutside(provider.name, order, event, now);
  const payment = order?.providerPayment;
  if (!order || !payment || !(payment.paymentId === event.paymentId || (!payment.paymentId && payment.status === 'starting'))) {
    logger.warn('payment notification for a payment the shop does not know', {
      eventId: event.eventId,
      paymentId: event.paymentId,
      orderId: event.orderId,
    });
    return 'unknown';
  }
  const outcome =
    event.kind === 'failed'
      ? await paymentFailed(provider.name, order, { ...payment, paymentId: event.paymentId }, event, now)
      : await paymentSucceeded(provider, order, event, now);
  logger.info('payment notification applied', { eventId: event.eventId, paymentId: event.paymentId, orderId: order.id, outcome });
  return outcome;
}

/**
 * A declined or expired payment of a reservation: `failed` with the customer's reason; the reservation stays payable until its deadline.
 */
async function paymentFailed(
  providerName: string,
  order: OrderItem,
  payment: OpenPayment,
  event: PaymentOf<'failed'>,
  now: Date,
): Promise<PaymentEventOutcome> {
  if (order.status !== RESERVED_STATUS || payment.status === 'succeeded' || payment.status === 'failed') return 'repeated';
  logger.info('provider payment failed', { orderId: order.id, paymentId: payment.paymentId, reason: event.reason });
  const { failure: _failure, ...rest } = payment;
  const record: OpenPayment = { ...rest, status: 'failed', failure: paymentEventTexts.failure[payment.method] };
  const note = {
    at: now.toISOString(),
    kind: 'note' as const,
    by: SHOP,
    text: paymentEventTexts.failedNote(PAYMENT_METHOD_LABELS[payment.method]),
  };
  const result = await writeTransactionRetrying(
    [providerPaymentItem(order.id, RESERVED_STATUS, record, [note], now), paymentEventItem(providerName, event.eventId, order.id, now)],
    randomUUID(),
  );
  if (result.written) return 'failed';
  if (result.refused(PAYMENT_EVENT_NEW) || result.refused(PROVIDER_PAYMENT_HELD)) return 'repeated';
  throw new Error(`order ${order.id}: the failed payment kept meeting other writes`);
}

/** The payment as the order keeps it once succeeded: when, and the provider's fee and net amount if it has them yet. */
async function succeededRecord(provider: PaymentProvider, payment: OpenPayment, now: Date): Promise<OpenPayment> {
  const settlement = await provider.settlement(payment.paymentId).catch((error: unknown) => {
    // The payment is confirmed all the same; only its fee and net amount are missing.
    logger.warn('provider settlement unavailable', { paymentId: payment.paymentId, error: error as Error });
    return undefined;
  });
  const { failure: _failure, ...rest } = payment;
  return {
    ...rest,
    status: 'succeeded',
    paidAt: now.toISOString(),
    ...(settlement ? { feeCents: settlement.feeCents, netCents: settlement.netCents } : {}),
  };
}

/**
 * A succeeded payment: the reservation of that amount moves to `Enviar`; an order that cannot keep it
 * (closed, already paid, another amount) records it marked for refund. The order is read again when it
 * moved meanwhile (e.g. the expiry closed it at the same moment).
 */
async function paymentSucceeded(
  provider: PaymentProvider,
  first: OrderItem,
  event: PaymentOf<'succeeded'>,
  now: Date,
): Promise<PaymentEventOutcome> {
  let order: OrderItem | undefined = first;
  for (let attempt = 1; order && attempt <= 3; attempt++) {
    const payment = order.providerPayment;
    if (!payment || payment.status === 'succeeded') return 'repeated';
    const record = {
      ...(await succeededRecord(provider, { ...payment, paymentId: event.paymentId }, now)),
      amountCents: event.amountCents,
      currency: event.currency,
    };
    const eventItem = paymentEventItem(provider.name, event.eventId, order.id, now);
    // The ledger's entry is the order's total in euros: another amount or currency never pays it.
    const matches = event.currency === CURRENCY && event.amountCents === order.totalCents;
    if (order.status === RESERVED_STATUS && matches) {
      if ((await payByProvider(order, record, eventItem, now)) === 'moved') return 'paid';
    } else {
      const late = order.status === CLOSED_STATUS;
      const amount =
        event.currency === CURRENCY ? formatCents(event.amountCents) : `${(event.amountCents / 100).toFixed(2)} ${event.currency}`;
      if (!late)
        logger.error('provider payment an open order cannot take', {
          orderId: order.id,
          status: order.status,
          paymentId: event.paymentId,
          amountCents: event.amountCents,
          currency: event.currency,
          totalCents: order.totalCents,
        });
      const why = event.currency !== CURRENCY ? 'currency' : order.status === RESERVED_STATUS || !matches ? 'amount' : 'paid';
      const text = late ? paymentEventTexts.lateNote(amount) : paymentEventTexts.unkeptNote(amount, why);
      const note = { at: now.toISOString(), kind: 'note' as const, by: SHOP, text };
      // Closed: the orders stream's payments consumer refunds what is asked and tells the customer.
      const marked = late ? { ...record, refundRequestedCents: event.amountCents } : { ...record, ...(matches ? {} : { mismatch: true }) };
      const result = await writeTransactionRetrying(
        [providerPaymentItem(order.id, order.status, marked, [note], now), eventItem],
        randomUUID(),
      );
      if (result.written) return 'refund';
      if (result.refused(PAYMENT_EVENT_NEW)) return 'repeated';
      if (!result.refused(PROVIDER_PAYMENT_HELD)) throw new Error(`order ${order.id}: the payment to refund kept meeting other writes`);
    }
    order = await getOrderItem(order.id);
  }
  throw new Error(`order ${first.id}: it kept moving while its payment was applied`);
}

/**
 * A charge's refunds as the provider counts them (`amountCents`: all refunded so far): the part the
 * order neither recorded nor asked for was made outside the shop (the provider's dashboard) and is
 * recorded now, once (the event's record, and the refunds as read, condition the write).
 */
async function refundedOutside(
  providerName: string,
  first: OrderItem | undefined,
  event: PaymentOf<'refunded'>,
  now: Date,
): Promise<PaymentEventOutcome> {
  let order = first;
  for (let attempt = 1; order && attempt <= 3; attempt++) {
    const payment = order.providerPayment;
    if (!payment || payment.paymentId !== event.paymentId || payment.status !== 'succeeded') break;
    const outside = refundedOutsideCents(payment, event.amountCents);
    if (outside <= 0) return 'repeated';
    const refund: ProviderRefundRecord = {
      refundId: `outside-${event.eventId}`,
      amountCents: outside,
      at: now.toISOString(),
      reason: 'outside',
    };
    const entry = {
      at: now.toISOString(),
      kind: 'payment' as const,
      by: SHOP,
      text: paymentEventTexts.outsideRefund(formatCents(outside)),
    };
    const items = [
      outsideRefundItem(order.id, event.paymentId, refund, payment.refunds?.length ?? 0, payment.refundRequestedCents, entry),
      paymentEventItem(providerName, event.eventId, order.id, now),
    ];
    const result = await writeTransactionRetrying(items, randomUUID());
    if (result.written) {
      logger.info('refund made outside the shop recorded', { orderId: order.id, paymentId: event.paymentId, amountCents: outside });
      return 'refunded-outside';
    }
    if (result.refused(PAYMENT_EVENT_NEW)) return 'repeated';
    // The shop's own refund was recorded meanwhile: counted again from the order as it is now.
    order = await getOrderItem(order.id);
    if (attempt === 3)
      throw new Error(`order ${order?.id ?? event.orderId}: its refunds kept changing while one made outside was recorded`);
  }
  logger.warn('refund notification for a payment the shop does not know', {
    eventId: event.eventId,
    paymentId: event.paymentId,
    orderId: event.orderId,
  });
  return 'unknown';
}
