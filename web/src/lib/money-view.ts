/**
 * The customer's pages read their order's money from the one view (`shared/payment-view.ts`,
 * docs/design.md §35). An order kept in this tab from before the ledger existed reads as its status says.
 */
import type { CustomerOrder } from '#shared/api.ts';
import { financialStatus, type LedgerLine } from '#shared/ledger.ts';
import { isPaidStatus, PROOF_STATUS } from '#shared/order-status.ts';
import { paymentView, type PaymentView } from '#shared/payment-view.ts';

type Kept = Omit<CustomerOrder, 'ledger' | 'financialStatus'> & Partial<Pick<CustomerOrder, 'ledger' | 'financialStatus'>>;

/** The payment view of a customer's order. */
export function customerMoneyView(order: Kept): PaymentView {
  const ledger: readonly LedgerLine[] = order.ledger ?? [];
  const fallback = isPaidStatus(order.status) ? 'paid' : order.status === PROOF_STATUS ? 'verifying' : financialStatus(ledger);
  return paymentView({
    status: order.status,
    financialStatus: order.financialStatus ?? fallback,
    ledger,
    paymentMethod: order.paymentMethod,
  });
}
