/** The back-office's answers about one customer (GDPR access and erasure); part of `api.ts`. */
import type { ContactMessage, OrderSummary } from './api.ts';

/**
 * GET /api/admin/customers/{ref}: everything the shop has of one customer (the e-mail of the order or message `ref` names,
 * `customer-ref.ts`), newest first.
 */
export interface CustomerResponse {
  readonly customer: {
    readonly email: string;
    /** From their latest order or message. */
    readonly name?: string;
    readonly phone?: string;
    readonly orders: readonly OrderSummary[];
    readonly messages: readonly ContactMessage[];
    /** Orders in all; of them, paid (Enviar, Enviado, Concluído) and their total in cents. */
    readonly totals: { readonly orders: number; readonly paidOrders: number; readonly paidCents: number };
  };
}

/**
 * POST /api/admin/customers/{ref}/anonymise: what this call did; all 0 (and a message saying so) when
 * nothing of the e-mail was left. Refused (409 `customer_has_open_orders`) while an order is not final.
 */
export interface CustomerAnonymisedResponse {
  readonly anonymised: {
    readonly email: string;
    /** Orders that lost the customer's personal data (they stay, for the accounts). */
    readonly orders: number;
    /** Proofs of payment deleted with them. */
    readonly proofs: number;
    readonly contactMessages: number;
    readonly stockAlerts: number;
    /** Unpaid reservations closed first (stock back), when the owner chose to (`closeOpen`). */
    readonly closedReservations?: number;
  };
  /** pt-PT: what was done, or that nothing was left to do. */
  readonly message: string;
}
