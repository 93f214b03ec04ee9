/**
 * The customer e-mails the owner sends (or sends again) from an order's page
 * (`POST /api/admin/orders/{id}/emails`), and when each is true of the order. The server refuses a
 * mail that is not (409 `email_not_applicable`, nothing sent); the back-office hides its button with
 * the same rule:
 *
 * ```ts
 * import { applicableEmails, emailApplies } from '#shared/order-emails.ts';
 * applicableEmails(order); // e.g. ['payment-confirmed'] for an order in "Enviar"
 * ```
 */
import { CLOSED_STATUS, isPaidStatus, type OrderStatus } from './order-status.ts';

/** The kinds of e-mail the admin sends (or sends again) from the order detail: every customer e-mail of an order. */
export const ADMIN_EMAIL_KINDS = ['order-received', 'payment-confirmed', 'shipped', 'review-request', 'order-cancelled'] as const;

/** An admin e-mail kind. */
export type AdminEmailKind = (typeof ADMIN_EMAIL_KINDS)[number];

/** What the rule needs of an order (an `Order` of the admin API has it). */
export interface EmailedOrder {
  readonly status: OrderStatus;
  /** Set once the customer's proof of payment arrived. */
  readonly proofKey?: string;
}

/** The statuses of an order that left the shop (the tracking and the review request speak of a parcel on its way or delivered). */
const SHIPPED_STATUSES: readonly OrderStatus[] = ['Enviado', 'Concluido'];

/**
 * Whether the e-mail `kind` says something true of `order` now:
 *
 * - `order-received` ("Recebemos a tua encomenda e o teu comprovativo"): its proof of payment arrived
 *   and it is not closed;
 * - `payment-confirmed` ("Confirmámos o pagamento"): it is paid (`Enviar`, `Enviado`, `Concluido`);
 *   never a reservation, an order whose proof is still to check, or a closed one;
 * - `shipped` (with its tracking code) and `review-request`: it was shipped (`Enviado`, `Concluido`);
 * - `order-cancelled`: it is closed (`Encerrada`).
 *
 * @example emailApplies('payment-confirmed', { status: 'Aguarda Pagamento' }) // false
 * @example emailApplies('review-request', { status: 'Concluido' }) // true
 */
export function emailApplies(kind: AdminEmailKind, order: EmailedOrder): boolean {
  switch (kind) {
    case 'order-received':
      return typeof order.proofKey === 'string' && order.status !== CLOSED_STATUS;
    case 'payment-confirmed':
      return isPaidStatus(order.status);
    case 'shipped':
    case 'review-request':
      return SHIPPED_STATUSES.includes(order.status);
    case 'order-cancelled':
      return order.status === CLOSED_STATUS;
  }
}

/** The e-mails true of `order` now, in the order of `ADMIN_EMAIL_KINDS` (the buttons to show). */
export function applicableEmails(order: EmailedOrder): AdminEmailKind[] {
  return ADMIN_EMAIL_KINDS.filter((kind) => emailApplies(kind, order));
}
