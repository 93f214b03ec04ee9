/**
 * The back-office's customer view: one customer's orders and contact messages, by e-mail, reached
 * through an opaque reference to one of their records (`shared/customer-ref.ts`), never the e-mail.
 */
import type { CustomerResponse } from '#shared/api-customers.ts';
import { parseCustomerRef } from '#shared/customer-ref.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { InvalidInput, NotFound } from '../errors.ts';
import { recordEmail } from '../repositories/record-email.ts';
import { getOrderItem } from '../repositories/orders.ts';
import { customerHistory } from '../repositories/order-search.ts';
import { toOrderSummary } from '../repositories/orders.ts';
import { isPaid } from './counters.ts';

/**
 * The e-mail of the customer a `{ref}` path parameter names: the e-mail of that order or contact message.
 * 400 when it is no reference, 404 when the record is gone or anonymised (its e-mail emptied).
 */
export async function customerEmailOfRef(rawRef: string | undefined): Promise<string> {
  const ref = parseCustomerRef(rawRef);
  if (!ref) throw new InvalidInput(adminTexts.customerRefInvalid, { ref: adminTexts.customerRefInvalid }, 'invalid_customer_ref');
  const email =
    ref.kind === 'order'
      ? (await getOrderItem(ref.id))?.email
      : await recordEmail(ref.kind === 'message' ? 'contactMessages' : 'stockAlerts', ref.id);
  if (!email) throw new NotFound(adminTexts.customerGone, 'customer_not_found');
  // Stored e-mails were checked when they were written; the customer's records are found by it in lower case.
  return email.toLowerCase();
}

export async function customerView(rawRef: string | undefined): Promise<CustomerResponse> {
  const email = await customerEmailOfRef(rawRef);
  const history = await customerHistory(email);
  const latestOrder = history.orders[0];
  const latestMessage = history.messages[0];
  const latest = [
    latestOrder && { at: latestOrder.createdAt, name: `${latestOrder.firstName} ${latestOrder.lastName}`, phone: latestOrder.phone },
    latestMessage && { at: latestMessage.createdAt, name: latestMessage.name, phone: latestMessage.phone },
  ]
    .filter((who): who is { at: string; name: string; phone: string } => Boolean(who))
    .sort((a, b) => b.at.localeCompare(a.at))[0];
  const paid = history.orders.filter((order) => isPaid(order.status));
  return {
    customer: {
      email,
      ...(latest ? { name: latest.name, phone: latest.phone } : {}),
      orders: history.orders.map(toOrderSummary),
      messages: history.messages,
      totals: { orders: history.orders.length, paidOrders: paid.length, paidCents: paid.reduce((sum, order) => sum + order.totalCents, 0) },
    },
  };
}
