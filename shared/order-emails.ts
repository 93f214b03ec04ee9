/**
 * The customer e-mails the owner sends (or sends again) from an order's page
 * (`POST /api/admin/orders/{id}/emails`), and when each is true of the order: the rule is the payment
 * view's (`mailButtons` of `shared/payment-view.ts`, docs/design.md §35). The server refuses a mail that
 * is not (409 `email_not_applicable`, nothing sent); the back-office hides its button with the same rule:
 *
 * ```ts
 * import { applicableEmails, emailApplies } from '#shared/order-emails.ts';
 * applicableEmails(order); // e.g. ['payment-confirmed'] for a paid order in "Enviar"
 * ```
 */
import { financialStatus, orderLedger, type FinancialStatus, type MoneyFacts } from './ledger.ts';
import type { OrderStatus } from './order-status.ts';
import { ADMIN_EMAIL_KINDS, mailTrue, type AdminEmailKind } from './payment-view.ts';

export { ADMIN_EMAIL_KINDS, type AdminEmailKind };

/** What the rule needs of an order (an `Order` of the admin API has it). */
export interface EmailedOrder extends Partial<Omit<MoneyFacts, 'status'>> {
  readonly status: OrderStatus;
  /** The order's financial status (an admin order carries it); else derived from its money facts. */
  readonly financialStatus?: FinancialStatus;
}

function financialOf(order: EmailedOrder): FinancialStatus {
  if (order.financialStatus) return order.financialStatus;
  const facts: MoneyFacts = { createdAt: '', totalCents: 0, paymentMethod: 'transferencia', ...order };
  return financialStatus(orderLedger(facts));
}

/**
 * Whether the e-mail `kind` says something true of `order` now (`mailTrue` of `shared/payment-view.ts`).
 *
 * @example emailApplies('payment-confirmed', { status: 'Aguarda Pagamento' }) // false
 * @example emailApplies('review-request', { status: 'Concluido' }) // true
 */
export function emailApplies(kind: AdminEmailKind, order: EmailedOrder): boolean {
  return mailTrue(kind, order.status, financialOf(order));
}

/** The e-mails true of `order` now, in the order of `ADMIN_EMAIL_KINDS` (the buttons to show). */
export function applicableEmails(order: EmailedOrder): AdminEmailKind[] {
  const financial = financialOf(order);
  return ADMIN_EMAIL_KINDS.filter((kind) => mailTrue(kind, order.status, financial));
}
