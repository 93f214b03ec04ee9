/**
 * The e-mails an order causes: to the customer (every one recorded on the order, sent or failed, so
 * the owner sees it and can send again) and to the owner (a paid order to check). A failed send never
 * undoes what caused it.
 */
import type { Order, OrderEmailRecord } from '../../shared/api.ts';
import { formatCents } from '../../shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment-methods.ts';
import type { MailData } from '../contracts/mail-templates.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { logger } from '../logger.ts';
import { setting } from '../repositories/clients.ts';
import { sendTemplatedMail } from '../repositories/mail.ts';
import { appendOrderEmail } from '../repositories/orders.ts';

/** The customer e-mails an order can have, with their data. */
export type CustomerMailKind = OrderEmailRecord['kind'];

/**
 * Sends one e-mail to the order's customer and records the outcome on the order. Answers the record
 * and the order as updated (or as it was, if recording failed).
 */
export async function mailCustomer<K extends CustomerMailKind>(
  order: Order,
  kind: K,
  data: MailData[K],
  now: Date,
  extra: { readonly trackingCode?: string } = {},
): Promise<{ record: OrderEmailRecord; order: Order }> {
  const trackingCode = extra.trackingCode ? { trackingCode: extra.trackingCode } : {};
  let record: OrderEmailRecord;
  try {
    await sendTemplatedMail(order.email, kind, data);
    record = { kind, status: 'sent', at: now.toISOString(), ...trackingCode };
  } catch (error) {
    logger.error('customer e-mail failed', { orderId: order.id, kind, error: error as Error });
    record = { kind, status: 'failed', at: now.toISOString(), ...trackingCode, error: error instanceof Error ? error.message.slice(0, 300) : String(error) };
  }
  const updated = await appendOrderEmail(order.id, record).catch((error: unknown) => {
    logger.error('could not record e-mail outcome', { orderId: order.id, error: error as Error });
    return undefined;
  });
  return { record, order: updated ?? order };
}

/** Tells the customer their order was closed before shipping (cancelled by the shop, or expired unpaid). */
export function mailCancellation(order: Order, expired: boolean, now: Date) {
  return mailCustomer(order, 'order-cancelled', { nome: order.firstName, numero: order.orderNumber, expirada: expired }, now);
}

/** Tells the owner (the shop's own address) that a proof of payment arrived. */
export async function mailOwnerNewOrder(order: Order): Promise<void> {
  await sendTemplatedMail(setting(MAIL_ENV.from), 'owner-new-order', {
    numero: order.orderNumber,
    cliente: `${order.firstName} ${order.lastName}`,
    email: order.email,
    total: formatCents(order.totalCents),
    metodo: PAYMENT_METHOD_LABELS[order.paymentMethod],
  }).catch((error: unknown) => logger.error('owner e-mail failed', { orderId: order.id, error: error as Error }));
}
