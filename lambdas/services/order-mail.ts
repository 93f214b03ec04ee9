/**
 * The e-mails an order causes, as outbox items: each is written in the same transaction as the event
 * behind it (placement with a proof, proof attached, status change, cancellation, the owner's
 * resend), and sent later by the outbox consumer, which records the outcome on the order (history and
 * timeline). A request never waits for SES, and a failed send never undoes what caused it.
 */
import type { Order, OrderEmailRecord } from '#shared/api.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { checkoutTexts, giftTexts, paymentStartTexts, paymentTexts } from '#shared/messages/index.ts';
import { giftWrapCents } from '#shared/gift.ts';
import { formatCents } from '#shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { DEFAULT_CARRIER, trackingUrl, type TrackingCarrier } from '#shared/tracking.ts';
import type { MailMultibanco, QueuedMailData } from '../contracts/mail-templates.ts';
import { groupedReference, type MultibancoReference } from '#shared/automatic-payments.ts';
import type { OutboxMail } from '../contracts/outbox-items.ts';
import { outboxMailPut } from '../repositories/outbox-store.ts';
import type { PaymentSettings } from '#shared/settings.ts';
import { instructionsFor } from './payments.ts';
import { nameWithSize } from '#shared/variants.ts';
import { moneyOf, type LedgerMethod } from '#shared/ledger.ts';
import { ledgerTexts } from '#shared/messages/ledger.ts';
import { ledgerMethodLabel, paymentView, type PaymentView } from '#shared/payment-view.ts';

/** The payment view of an order (docs/design.md §35): every mail's words about money come from it. */
function moneyView(order: Order): PaymentView {
  return paymentView({ status: order.status, ...moneyOf(order), paymentMethod: order.paymentMethod });
}

/** The cancellation mail's word on the money: what was given back, or will be; absent when nothing went back. */
function refundWords(view: PaymentView): string | undefined {
  const done = view.refunds.filter((refund) => refund.state === 'refunded');
  const pending = view.refunds.filter((refund) => refund.state === 'pending');
  const words = [
    ...done.map((refund) => ledgerTexts.cancelRefunded(formatCents(refund.amountCents), refund.methodLabel)),
    ...pending.map((refund) => ledgerTexts.cancelRefundPending(formatCents(refund.amountCents), refund.methodLabel)),
  ];
  return words.length > 0 ? words.join(' ') : undefined;
}

/** The customer e-mails an order can have from its own data (an invoice's is `invoiceMailItem`'s: it needs the document). */
export type CustomerMailKind = Exclude<OrderEmailRecord['kind'], 'invoice-document'>;

/**
 * What an order's e-mail needs besides the order: the tracking code (shipped), whether it expired
 * (cancelled), the payment settings in force (the reservation: how to pay).
 */
export interface MailOptions {
  readonly trackingCode?: string;
  /** The carrier of `trackingCode`: the CTT (default) get a link to their page, another carrier none. */
  readonly carrier?: TrackingCarrier;
  readonly expired?: boolean;
  readonly payments?: PaymentSettings;
  /** A refund's mail (`order-refunded`): the amount given back; absent, all the order's refunds. */
  readonly refundedCents?: number;
  /** `order-refunded` of "Devolver parte do pagamento" (not a late payment's). */
  readonly partial?: boolean;
  /** `order-refunded` of a refund made by hand: how it went back (absent: the way the order was paid). */
  readonly refundMethod?: LedgerMethod;
}

/** The discount code of an order as its mails say it (docs/discount-codes.md); nothing without one. */
function mailCode(order: Order): { code?: { name: string; amount: string } } {
  return order.discount ? { code: { name: order.discount.code, amount: formatCents(order.discount.amountCents) } } : {};
}

/**
 * The data of the order-received e-mail (sent once the proof arrived): the order summary, in the past
 * tense: it never asks for the payment again.
 */
export function orderReceivedData(order: Order): QueuedMailData['order-received'] {
  return {
    name: order.firstName,
    number: order.orderNumber,
    lines: order.lines.map((line) => ({
      name: nameWithSize(line.name, line.size),
      quantity: line.quantity,
      price: formatCents(line.unitPriceCents),
      total: formatCents(line.lineTotalCents),
      // Discounted: the amounts before the discount too, struck through, so the lines add up to the subtotal.
      ...(line.unitPriceCents < line.priceCents
        ? { fullPrice: formatCents(line.priceCents), fullTotal: formatCents(line.priceCents * line.quantity) }
        : {}),
    })),
    subtotal: formatCents(order.subtotalCents),
    discount: formatCents(order.discountCents),
    shipping: order.shippingCents === 0 ? 'Grátis' : formatCents(order.shippingCents),
    total: formatCents(order.totalCents),
    // The method of the proof (a declined automatic MB WAY paid by transfer says "Transferência").
    method: moneyView(order).methodLabel,
    noDiscount: order.discountCents === 0,
    ...mailCode(order),
    shippingMethod: SHIPPING_METHODS[order.shippingMethod].label,
    address: {
      name: `${order.firstName} ${order.lastName}`,
      street: order.address,
      postalCode: order.postalCode,
      city: order.city,
      country: order.country,
    },
    ...giftMailData(order),
  };
}

/** A gift order's lines of the mail (docs/gifts.md): the wrap among the totals, the card's message and the wrap in words. */
function giftMailData(order: Order): Pick<QueuedMailData['order-received'], 'wrap' | 'gift'> {
  const gift = order.gift;
  if (!gift) return {};
  const wrap = giftWrapCents(gift);
  return {
    ...(gift.wrap ? { wrap: wrap === 0 ? giftTexts.free : formatCents(wrap) } : {}),
    gift: { message: gift.message || giftTexts.noMessage, wrap: gift.wrap ? giftTexts.wrapYes : giftTexts.wrapNo },
  };
}

/**
 * The data of the reservation e-mail: the number as the payment reference, the amount, how to pay
 * with the settings in force, and the deadline (Lisbon time, with the date: the mail is read later).
 */
export function orderReservedData(order: Order, payments: PaymentSettings): QueuedMailData['order-reserved'] {
  if (!order.expiresAt) throw new Error(`The reservation e-mail of order ${order.id} needs its deadline`);
  // A manual method chosen after a failed automatic payment (docs/payment-switch.md): its instructions, no provider's.
  const switched = order.proofMethodAt && order.proofMethod ? order.proofMethod : undefined;
  const method = switched ?? order.paymentMethod;
  return {
    name: order.firstName,
    number: order.orderNumber,
    total: formatCents(order.totalCents),
    method: PAYMENT_METHOD_LABELS[method],
    instructions: paymentTexts.instructionsText(instructionsFor(payments, method, order.mbwayNumber)),
    deadline: checkoutTexts.deadline(formatDate(order.expiresAt), formatTime(order.expiresAt)),
    ...mailCode(order),
    ...(switched ? {} : providerReservationData(order)),
  };
}

/**
 * Paid through the provider (docs/design.md §34): the instructions are the provider's (no proof), and
 * the mail carries the MB WAY request or the Multibanco reference (mailed once the reference exists).
 */
function providerReservationData(order: Order): Partial<QueuedMailData['order-reserved']> {
  const payment = order.providerPayment;
  if (!payment) return {};
  // The provider refused the start: payable by another method until the deadline (with a proof), the mail says so.
  if (payment.status === 'failed') return { instructions: paymentStartTexts.startFailed(payment.failure ?? paymentStartTexts.unavailable) };
  const instructions = paymentTexts.instructionsText(
    payment.method === 'mbway' ? { method: 'mbway', automatic: true } : { method: 'multibanco', automatic: true },
  );
  if (payment.method === 'mbway') return { instructions, mbwayAutomatic: true };
  const reference = payment.multibanco;
  if (!reference) throw new Error(`The reservation e-mail of order ${order.id} needs its Multibanco reference`);
  return { instructions, multibanco: multibancoMailData(reference) };
}

/** A Multibanco reference as mailed: the reference in groups of three digits, the amount in euros, the validity in Lisbon time. */
export function multibancoMailData(reference: MultibancoReference): MailMultibanco {
  return {
    entity: reference.entity,
    reference: groupedReference(reference.reference),
    amount: formatCents(reference.amountCents),
    validUntil: checkoutTexts.deadline(formatDate(reference.expiresAt), formatTime(reference.expiresAt)),
  };
}

/** What the provider gave back of the order (all its refunds, in cents). */
function refundedCents(order: Order): number {
  return (order.providerPayment?.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
}

/** The shipped e-mail's tracking: the code, and the CTT's page for it (none for another carrier). */
function trackingData(code: string, carrier: TrackingCarrier = DEFAULT_CARRIER): { trackingCode: string; trackingLink?: string } {
  const link = trackingUrl(code, carrier);
  return { trackingCode: code, ...(link ? { trackingLink: link } : {}) };
}

/** How a refund of `order` went back: by hand, the method the owner recorded; else through the provider, or the way it was paid. */
function refundMethodLabel(order: Order, method: LedgerMethod | undefined): string {
  if (method) return ledgerMethodLabel(method);
  return order.providerPayment ? PAYMENT_METHOD_LABELS[order.providerPayment.method] : moneyView(order).methodLabel;
}

/** Template and data of one customer e-mail of an order. */
export function customerMail(order: Order, kind: CustomerMailKind, options: MailOptions = {}): OutboxMail {
  const base = { name: order.firstName, number: order.orderNumber };
  switch (kind) {
    case 'order-reserved':
      if (!options.payments) throw new Error(`The reservation e-mail of order ${order.id} needs the payment settings`);
      return { template: kind, data: orderReservedData(order, options.payments) };
    case 'order-received':
      return { template: kind, data: orderReceivedData(order) };
    case 'payment-confirmed':
      // Confirmed by the payment provider, the mail says so (and by which method); else the method the owner confirmed.
      return {
        template: kind,
        data:
          order.providerPayment?.status === 'succeeded'
            ? { ...base, provider: PAYMENT_METHOD_LABELS[order.providerPayment.method] }
            : { ...base, method: moneyView(order).methodLabel },
      };
    case 'order-refunded':
      return {
        template: kind,
        data: {
          ...base,
          amount: formatCents(options.refundedCents ?? refundedCents(order)),
          method: refundMethodLabel(order, options.refundMethod),
          ...(options.partial ? { partial: true } : {}),
        },
      };
    case 'shipped':
      return { template: kind, data: { ...base, ...(options.trackingCode ? trackingData(options.trackingCode, options.carrier) : {}) } };
    case 'review-request':
      return { template: kind, data: { name: order.firstName } };
    case 'order-cancelled': {
      const refund = refundWords(moneyView(order));
      return { template: kind, data: { ...base, expired: options.expired === true, ...(refund ? { refund } : {}) } };
    }
    case 'order-link':
      return { template: kind, data: base };
  }
}

/**
 * The transaction item that queues one customer e-mail of an order. `event` names what caused it,
 * unique per cause (a retried transaction writes one item; a repeated click with one key too).
 */
export function customerMailItem(order: Order, kind: CustomerMailKind, event: string, now: Date, options: MailOptions = {}) {
  return outboxMailPut(
    {
      id: `order#${order.id}#${kind}#${event}`,
      to: order.email,
      mail: customerMail(order, kind, options),
      effect: {
        kind: 'order',
        orderId: order.id,
        email: kind,
        ...(options.trackingCode ? { trackingCode: options.trackingCode, carrier: options.carrier ?? DEFAULT_CARRIER } : {}),
      },
    },
    now,
  );
}

/** An owner's note about one order (to the address of the settings, else the shop's own), `id` keeping it once. */
function ownerOrderItem(order: Order, id: string, template: 'owner-new-order' | 'owner-order-paid', now: Date) {
  return outboxMailPut({ id, toShop: true, mail: { template, data: ownerOrderData(order) } }, now);
}

/** What the owner's note about an order says: who, the total, the method, and the code in the total if any. */
export function ownerOrderData(order: Order): QueuedMailData['owner-new-order'] {
  return {
    number: order.orderNumber,
    customer: `${order.firstName} ${order.lastName}`,
    email: order.email,
    total: formatCents(order.totalCents),
    method: moneyView(order).methodLabel,
    ...mailCode(order),
  };
}

/** The transaction item that tells the owner that a proof of payment arrived. */
export function ownerNewOrderItem(order: Order, now: Date) {
  return ownerOrderItem(order, `owner#order#${order.id}`, 'owner-new-order', now);
}

/**
 * The transaction item that tells the owner that the payment provider confirmed an order's payment (nothing to check: it is in "Enviar").
 */
export function ownerOrderPaidItem(order: Order, now: Date) {
  return ownerOrderItem(order, `owner#order#${order.id}#paid`, 'owner-order-paid', now);
}

/** A paid order's e-mails (at placement with a proof, or when the proof arrives): order received, and the owner's note. */
export function paidOrderMailItems(order: Order, now: Date) {
  return [customerMailItem(order, 'order-received', 'paid', now), ownerNewOrderItem(order, now)];
}

/**
 * A new reservation's e-mail: how and until when to pay, and the link to the order (where the proof
 * can be sent from any device). Written in the reservation's own transaction: one per reservation.
 */
export function reservationMailItem(order: Order, now: Date, payments: PaymentSettings) {
  return customerMailItem(order, 'order-reserved', 'reserved', now, { payments });
}

/**
 * The reservation e-mail again, once the customer chose a manual method after a failed automatic payment
 * (`order` as it is after the choice): that method's instructions and the new deadline; one per order.
 */
export function switchedMethodMailItem(order: Order, now: Date, payments: PaymentSettings) {
  return customerMailItem(order, 'order-reserved', 'method-chosen', now, { payments });
}

/**
 * The customer is told that their provider payment came after the reservation closed and was given back
 * (`refundedCents`); one per refund (`refundId`).
 */
export function refundMailItem(
  order: Order,
  refundId: string,
  refundedCents: number,
  now: Date,
  refund: Pick<MailOptions, 'partial' | 'refundMethod'> = {},
) {
  return customerMailItem(order, 'order-refunded', refundId, now, { refundedCents, ...refund });
}

/** The customer is told their order was closed before shipping (cancelled by the shop, or expired unpaid). */
export function cancellationMailItem(order: Order, expired: boolean, now: Date) {
  return customerMailItem(order, 'order-cancelled', 'closed', now, { expired });
}

/** A document the invoicing provider issued, as the shop's own mail of it needs it (docs/invoices.md). */
export interface MailedDocument {
  readonly kind: 'invoice-receipt' | 'credit-note';
  readonly documentId: string;
  readonly number: string;
  readonly totalCents: number;
  readonly permalink?: string;
}

/**
 * The shop's own mail of a fatura-recibo or credit note (when the provider does not mail it): one per
 * document, its id naming the document, so a retried transaction writes one item. `invoiceNumber`: the
 * invoice a credit note corrects.
 */
export function invoiceMailItem(order: Order, document: MailedDocument, now: Date, invoiceNumber?: string) {
  const credit = document.kind === 'credit-note';
  const data = {
    name: order.firstName,
    number: order.orderNumber,
    document: document.number,
    amount: formatCents(document.totalCents),
    creditNote: credit,
    ...(credit && invoiceNumber ? { invoice: invoiceNumber } : {}),
    ...(document.permalink ? { documentLink: document.permalink } : {}),
  };
  return outboxMailPut(
    {
      id: `order#${order.id}#invoice-document#${document.documentId}`,
      to: order.email,
      mail: { template: 'invoice-document', data },
      effect: { kind: 'order', orderId: order.id, email: 'invoice-document' },
    },
    now,
  );
}
