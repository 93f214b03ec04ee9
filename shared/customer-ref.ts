/**
 * The back-office's address of one customer (`{prefix}/clientes/{ref}`, `/api/admin/customers/{ref}`):
 * an opaque reference to one of their records, never their e-mail, so no access log, browser history
 * or CloudFront log holds who the customer is. The server reads the record's e-mail
 * (`lambdas/services/customers.ts`) and shows everything under it.
 *
 * - `e<order id>`: the customer of that order (`e123456`);
 * - `m<message id>`: the customer who sent that contact message (`m` and a UUID);
 * - `a<request id>`: the customer of that back-in-stock request (`a` and 32 hex digits), so a customer
 *   who only asked to be told of a restock can be seen and erased too.
 */

export type CustomerRef = { readonly kind: 'order' | 'message' | 'alert'; readonly id: string };

const ORDER_REF = /^e(\d{6})$/;
const MESSAGE_REF = /^m([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const ALERT_REF = /^a([0-9a-f]{32})$/;

/** @example orderCustomerRef('123456') // 'e123456' */
export function orderCustomerRef(orderId: string): string {
  return `e${orderId}`;
}

/** @example messageCustomerRef('0b7c…') // 'm0b7c…' */
export function messageCustomerRef(messageId: string): string {
  return `m${messageId}`;
}

/** @example alertCustomerRef('5f0c…') // 'a5f0c…' */
export function alertCustomerRef(alertId: string): string {
  return `a${alertId}`;
}

/** The record a reference names; undefined when it is not one (an e-mail, anything else). */
export function parseCustomerRef(ref: string | undefined): CustomerRef | undefined {
  const order = ORDER_REF.exec(ref ?? '');
  if (order) return { kind: 'order', id: order[1]! };
  const message = MESSAGE_REF.exec((ref ?? '').toLowerCase());
  if (message) return { kind: 'message', id: message[1]! };
  const alert = ALERT_REF.exec(ref ?? '');
  if (alert) return { kind: 'alert', id: alert[1]! };
  return undefined;
}
