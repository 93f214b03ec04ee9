/**
 * "Devolver parte do pagamento" (docs/money.md "Refunds"): the owner gives back part of a paid order
 * (a piece returned, a gesture) without closing it.
 *
 * - Paid through the provider: the refund is asked on the order (`refundRequestedCents`, `refundPartial`)
 *   and the orders stream's payments consumer makes it, records it and mails the customer.
 * - Paid by hand: the owner gave the money back herself; it is recorded in the ledger with the
 *   customer's mail, in one transaction.
 *
 * Either way the ledger then holds the refund, the financial status reads `partially_refunded` (or
 * `refunded` once all went back), and the invoices consumer issues its credit note. The write is
 * conditioned on the money as read, and the request on what the owner saw (`expectedLeftCents`): a
 * second click, a second tab or a close at the same moment gives back nothing more.
 */
import { randomUUID } from 'node:crypto';
import type { Order, TimelineEntry } from '#shared/api.ts';
import { moneyOf } from '#shared/ledger.ts';
import { formatCents } from '#shared/money.ts';
import { refundableOf } from '#shared/refunds.ts';
import { gdprTexts, refundTexts } from '#shared/messages/index.ts';
import type { OrderRefundInput } from '#shared/schemas/index.ts';
import { Conflict } from '../errors.ts';
import { manualRefundItem, refundAskedItem } from '../repositories/order-refunds.ts';
import { toOrder } from '../repositories/orders.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';
import { adminOrderNow, orderItemOrThrow } from './admin-orders.ts';
import { refundOfPart } from './close-refund.ts';
import { refundMailItem } from './order-mail.ts';

/** 409 `refund_changed`, with what `order` has left to give back now. */
export function changedMeanwhile(order: Order): Conflict {
  const message = refundTexts.changed(formatCents(Math.max(refundableOf(moneyOf(order).ledger)?.leftCents ?? 0, 0)));
  return new Conflict(message, 'refund_changed', { refundCents: message });
}

export async function refundPart(id: string | undefined, input: OrderRefundInput, by: string, now = new Date()): Promise<Order> {
  const item = await orderItemOrThrow(id);
  const order = toOrder(item);
  // Erased: the customer's address is gone, and with it the mail that says what went back.
  if (order.anonymisedAt) throw new Conflict(gdprTexts.orderAnonymised, 'order_anonymised');
  const refund = refundOfPart(order, input.refundCents, input.refundMethod, input.expectedLeftCents, by, now, changedMeanwhile);
  const entry: TimelineEntry = { at: now.toISOString(), kind: 'payment', by, text: refundTexts.partial(refund.text) };
  const items = refund.manualRefund
    ? [
        manualRefundItem(order.id, refund.manualRefund, order.status, item.ledgerRecords?.length ?? 0, entry),
        refundMailItem(order, `manual-${refund.manualRefund.at}`, refund.manualRefund.amountCents, now, {
          partial: true,
          refundMethod: refund.manualRefund.method,
        }),
      ]
    : [refundAskedItem(order.id, refund.refundCents!, order.providerPayment?.refunds?.length ?? 0, entry)];
  // A token of its own: two tabs in the same millisecond are two requests, not one repeated.
  const result = await writeTransactionRetrying(items, randomUUID());
  // Another refund, a close or a payment event got there first: nothing was written; the owner is told what is left now.
  if (!result.written) throw changedMeanwhile(await adminOrderNow(order.id));
  return adminOrderNow(order.id);
}
