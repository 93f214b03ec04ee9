/**
 * GDPR erasure of one customer, on their request ("Anonimizar dados do cliente" on the
 * back-office's customer page). Orders are the shop's accounting record and stay for
 * `ORDER_RETENTION_YEARS` (number, dates, status, pieces, amounts, shipping and payment methods,
 * country); everything else the shop keeps of the person goes:
 *
 * - each order's personal fields (`ANONYMISED_FIELDS`), the customer's data in its free texts, its mail
 *   problem, its proof of payment (the file; the order records `proofDeletedAt`) and its search terms
 *   (all but its number's), with a timeline entry by the admin;
 * - their contact messages, with their place in the history and the unread count;
 * - their back-in-stock requests, with the pending count.
 *
 * Refused, with nothing changed, while one of their orders is not final (`isFinalStatus`: still to
 * pay, confirm, ship or deliver). When the only open ones are unpaid reservations (anyone can make one
 * under a customer's e-mail), the refusal offers to close them (409 `customer_has_open_reservations`);
 * with `closeOpen` they are closed first (cancelled, stock and MB WAY slot back, no e-mail), then the
 * erasure runs. Every write is a transaction conditioned on what was read, so a
 * concurrent change (another admin doing the same, the owner reading a message, a status move, an
 * e-mail recorded) is never overwritten: the loser reads again or finds the work done. Running it
 * twice, or twice at once, ends in the same state as once; the answer counts what this call did.
 */
import { randomUUID } from 'node:crypto';
import type { TimelineEntry } from '#shared/api.ts';
import type { CustomerAnonymisedResponse } from '#shared/api-customers.ts';
import { abuseTexts, gdprTexts } from '#shared/messages/index.ts';
import { orderNumberTerms } from '#shared/order-search.ts';
import { isFinalStatus, RESERVED_STATUS } from '#shared/order-status.ts';
import { scrubbedOrderTexts } from '#shared/personal-data.ts';
import { Conflict } from '../errors.ts';
import { contactMessageItems, deleteContactMessageItems } from '../repositories/contact-messages.ts';
import { customerRecordIds, orderSearchDeleteItems } from '../repositories/order-search.ts';
import { anonymiseOrderItem, getOrderItem, type OrderItem } from '../repositories/orders.ts';
import { proofDeletedItem } from '../repositories/order-proofs.ts';
import { itemsById } from '../repositories/paging.ts';
import { allProductVariantIds } from '../repositories/products.ts';
import { deleteStockAlertItems, stockAlertItemsOf } from '../repositories/stock-alerts.ts';
import { deleteObjects } from '../repositories/storage.ts';
import { writeTransactionRetrying, type TransactionItem } from '../repositories/transactions.ts';
import { customerEmailOfRef } from './customers.ts';
import { closeOrder } from './order-lifecycle.ts';

/** Reads of one record before giving up when every attempt finds it changed meanwhile. */
const ATTEMPTS = 6;

export async function anonymiseCustomer(
  rawRef: string | undefined,
  by: string,
  now = new Date(),
  options: { readonly closeOpen?: boolean } = {},
): Promise<CustomerAnonymisedResponse> {
  const email = await customerEmailOfRef(rawRef);
  const { orderIds, messageIds } = await customerRecordIds(email);
  const [orderItems, contactMessages, stockAlerts] = await Promise.all([
    itemsById('orders', orderIds),
    contactMessageItems(messageIds),
    allProductVariantIds().then((products) => stockAlertItemsOf(email, products)),
  ]);
  const orders = orderItems as unknown as OrderItem[];

  const open = orders.filter((order) => !order.anonymisedAt && !isFinalStatus(order.status));
  const numbers = (list: readonly OrderItem[]) => list.map((order) => order.orderNumber).sort((a, b) => a - b);
  if (open.some((order) => order.status !== RESERVED_STATUS))
    throw new Conflict(gdprTexts.openOrders(numbers(open)), 'customer_has_open_orders');
  if (open.length > 0 && !options.closeOpen)
    throw new Conflict(abuseTexts.openReservations(numbers(open)), 'customer_has_open_reservations');
  const closedReservations = await closeReservations(open, by, now);

  let anonymisedOrders = 0;
  let proofs = 0;
  for (const order of orders) {
    const done = await anonymiseOrder(order.id, by, now);
    if (done.anonymised) anonymisedOrders += 1;
    if (done.proof) proofs += 1;
  }
  const anonymised = {
    email,
    orders: anonymisedOrders,
    proofs,
    contactMessages: await deleteEach('contactMessages', contactMessages, deleteContactMessageItems),
    stockAlerts: await deleteEach('stockAlerts', stockAlerts, deleteStockAlertItems),
    ...(closedReservations > 0 ? { closedReservations } : {}),
  };
  const nothing = anonymised.orders + anonymised.proofs + anonymised.contactMessages + anonymised.stockAlerts === 0;
  const message = nothing ? gdprTexts.nothingLeft(email) : gdprTexts.done(anonymised);
  return { anonymised, message: closedReservations > 0 ? `${abuseTexts.reservationsClosed(closedReservations)} ${message}` : message };
}

/**
 * Closes the customer's unpaid reservations (stock and MB WAY slot back; no e-mail: the customer asked
 * to be forgotten). One that moved meanwhile (paid, expired) is read again: refused unless it is final now.
 * Answers how many this call closed.
 */
async function closeReservations(reservations: readonly OrderItem[], by: string, now: Date): Promise<number> {
  let closed = 0;
  for (const reservation of reservations) {
    const moved = await closeOrder(
      reservation,
      { restock: true, reason: 'cancellation', by, cause: 'erasure', text: abuseTexts.erasureClosed },
      now,
    );
    if (moved === 'moved') {
      closed += 1;
      continue;
    }
    const current = await getOrderItem(reservation.id);
    if (current && !isFinalStatus(current.status))
      throw new Conflict(gdprTexts.openOrders([current.orderNumber]), 'customer_has_open_orders');
  }
  return closed;
}

/**
 * One order: its proof first (the file, then the order's record of it), then its personal data and its
 * search terms in one transaction. Each step reads the order again, so a step another call (or a crash
 * before) already did is not done twice: the next call goes on from where this one stopped.
 */
async function anonymiseOrder(id: string, by: string, now: Date): Promise<{ anonymised: boolean; proof: boolean }> {
  const note = (text: string): TimelineEntry => ({ at: now.toISOString(), kind: 'note', by, text });
  let proof = false;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const order = await getOrderItem(id);
    if (!order || order.anonymisedAt) return { anonymised: false, proof };
    // Final statuses only move to final statuses, so an order checked final stays so; this is a guard.
    if (!isFinalStatus(order.status)) throw new Conflict(gdprTexts.openOrders([order.orderNumber]), 'customer_has_open_orders');
    if (order.proofKey && !order.proofDeletedAt) {
      // S3 reports a key it could not delete in its answer (it does not throw): then the order must not say it went.
      const undeleted = await deleteObjects('proofs', [order.proofKey]);
      if (undeleted.length > 0) throw new Error(`order ${id}: its proof of payment could not be deleted`);
      const recorded = await writeTransactionRetrying(
        [proofDeletedItem(id, order.proofKey, note(gdprTexts.proofEntry), now)],
        randomUUID(),
      );
      if (recorded.written) proof = true;
      continue; // read again: the timeline grew (by this call or another)
    }
    const texts = scrubbedOrderTexts({ ...order, timeline: order.timeline ?? [], emails: order.emails ?? [] });
    const items: TransactionItem[] = [
      anonymiseOrderItem(order, texts, note(gdprTexts.orderEntry), now),
      ...orderSearchDeleteItems(order, new Set(orderNumberTerms(order.orderNumber))),
    ];
    const result = await writeTransactionRetrying(items, randomUUID());
    if (result.written) return { anonymised: true, proof };
    if (result.refusals.length === 0) throw new Error(`order ${id}: anonymisation kept conflicting`);
  }
  throw new Error(`order ${id}: changed at each of ${ATTEMPTS} attempts to anonymise it`);
}

/**
 * Deletes each item with its transaction, conditioned on the state read (a message's read mark, a
 * request's status). When the condition fails, the item changed meanwhile (the owner opened the
 * message) or is gone (another call deleted it): it is read again and deleted as it is now, or, gone,
 * not counted. Answers how many this call deleted.
 */
async function deleteEach(
  table: 'contactMessages' | 'stockAlerts',
  items: readonly Record<string, unknown>[],
  itemsOf: (item: Record<string, unknown>) => TransactionItem[],
): Promise<number> {
  let deleted = 0;
  for (const first of items) {
    let item: Record<string, unknown> | undefined = first;
    for (let attempt = 1; item; attempt++) {
      const result = await writeTransactionRetrying(itemsOf(item), randomUUID());
      if (result.written) {
        deleted += 1;
        break;
      }
      if (attempt >= ATTEMPTS || result.refusals.length === 0) throw new Error(`${table} ${String(first.id)}: deletion kept conflicting`);
      [item] = await itemsById(table, [String(first.id)]);
    }
  }
  return deleted;
}
