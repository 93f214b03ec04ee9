/**
 * Every word about an order's money, from one place (docs/design.md §35): from the order's status (its
 * fulfilment), its financial status and its ledger, what the customer reads (thank-you page, order page,
 * mails), what the owner reads (list, order box, CSV) and which customer mails are true to offer.
 *
 * ```ts
 * const view = paymentView({ status, financialStatus, ledger, paymentMethod });
 * view.methodLabel;     // 'Transferência Bancária': the method that paid (or is being checked)
 * view.customerLine;    // 'Pagamento por Transferência Bancária a verificar: …'
 * view.totalLabel;      // 'Total a pagar' until paid or a proof is sent ('Total' while it is checked), then 'Total pago'
 * view.mailButtons;     // ['order-received'] while the proof is checked
 * ```
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from './payment-methods.ts';
import {
  decisivePayment,
  paidCents,
  shownMethod,
  refundedCents,
  refundPendingCents,
  type FinancialStatus,
  type LedgerLine,
  type LedgerMethod,
} from './ledger.ts';
import { CASH_LABEL, ledgerTexts } from './messages/ledger.ts';
import { totalLabels } from './messages/checkout.ts';
import { formatCents } from './money.ts';
import {
  CLOSED_STATUS,
  isPaidStatus,
  PROOF_STATUS,
  RESERVED_STATUS,
  SHIPPED_STATUSES,
  DELIVERED_STATUS,
  type OrderStatus,
} from './order-status.ts';

/** The customer mails the owner sends (or sends again) from an order (`POST /api/admin/orders/{id}/emails`). */
export const ADMIN_EMAIL_KINDS = ['order-received', 'payment-confirmed', 'shipped', 'review-request', 'order-cancelled'] as const;
export type AdminEmailKind = (typeof ADMIN_EMAIL_KINDS)[number];

/** What the view reads of an order. */
export interface PaymentViewInput {
  readonly status: OrderStatus;
  readonly financialStatus: FinancialStatus;
  readonly ledger: readonly LedgerLine[];
  /** The method chosen at checkout: named while nothing was tried yet. */
  readonly paymentMethod: PaymentMethodId;
}

/** One refund as every surface shows it. */
export interface RefundLine {
  readonly amountCents: number;
  readonly method: LedgerMethod;
  readonly methodLabel: string;
  readonly at: string;
  readonly state: 'pending' | 'refunded';
  /** "Devolvido: 34,80 € por MB WAY, em 07/12/2026" (or "Devolução pedida: …"). */
  readonly text: string;
}

export interface PaymentView {
  readonly financialStatus: FinancialStatus;
  /** The method that paid, else the one being checked, else the latest tried, else the one chosen. */
  readonly method: LedgerMethod;
  readonly methodLabel: string;
  /** Whether the money is in now (paid, or partly given back): only then "confirmado" and "Total pago". */
  readonly moneyIn: boolean;
  readonly paidCents: number;
  readonly refundedCents: number;
  readonly refundPendingCents: number;
  /** The customer's one line about the payment. */
  readonly customerLine: string;
  /** The total's label: "Total a pagar", "Total pago" (only when paid) or "Total". */
  readonly totalLabel: string;
  /** The owner's short word for the financial status ("A verificar"). */
  readonly ownerStatus: string;
  /** How the owner knows ("Confirmado pelo Stripe", "Comprovativo verificado por …"), when anything is known. */
  readonly ownerSource?: string;
  readonly refunds: readonly RefundLine[];
  readonly mailButtons: readonly AdminEmailKind[];
}

/** The pt-PT name of a ledger method. */
export function ledgerMethodLabel(method: LedgerMethod): string {
  return method === 'numerario' ? CASH_LABEL : PAYMENT_METHOD_LABELS[method];
}

/** A day as the customer reads it (Lisbon time): 07/12/2026. */
export function ledgerDate(iso: string): string {
  return new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );
}

function refundLines(ledger: readonly LedgerLine[]): RefundLine[] {
  return ledger
    .filter(
      (entry): entry is LedgerLine & { state: 'pending' | 'refunded' } =>
        entry.kind === 'refund' && (entry.state === 'refunded' || entry.state === 'pending'),
    )
    .map((entry) => {
      const methodLabel = ledgerMethodLabel(entry.method);
      const amount = formatCents(entry.amountCents);
      const text =
        entry.state === 'refunded'
          ? ledgerTexts.refundLine(amount, methodLabel, ledgerDate(entry.settledAt ?? entry.at))
          : ledgerTexts.refundPendingLine(amount, methodLabel);
      return {
        amountCents: entry.amountCents,
        method: entry.method,
        methodLabel,
        at: entry.settledAt ?? entry.at,
        state: entry.state,
        text,
      };
    });
}

function customerLine(input: PaymentViewInput, methodLabel: string, refunded: number, pending: number): string {
  const t = ledgerTexts.customer;
  const base = ((): string => {
    switch (input.financialStatus) {
      case 'unpaid':
        return input.status === CLOSED_STATUS ? t.unpaidClosed : t.unpaid(methodLabel);
      case 'verifying':
        return t.verifying(methodLabel);
      case 'paid':
        return t.paid(methodLabel);
      case 'failed':
        return t.failed(methodLabel);
      case 'partially_refunded':
        return t.partiallyRefunded(methodLabel, formatCents(refunded));
      case 'refunded':
        return t.refunded(formatCents(refunded));
    }
  })();
  return pending > 0 ? `${base} ${t.refundPending(formatCents(pending))}` : base;
}

function ownerSource(entry: LedgerLine | undefined): string | undefined {
  if (!entry) return undefined;
  const s = ledgerTexts.source;
  if (entry.source === 'provider')
    return entry.state === 'paid' ? s.provider(entry.provider === 'stripe' ? 'Stripe' : (entry.provider ?? '')) : undefined;
  if (entry.source === 'proof')
    return entry.state === 'verifying' ? s.proofWaiting : entry.state === 'paid' ? s.proofChecked(entry.by ?? '') : undefined;
  return entry.state === 'paid' ? s.owner(entry.by ?? '') : undefined;
}

/**
 * Whether the customer mail `kind` says something true now: "recebemos o teu comprovativo" only while
 * the proof waits for the owner; "confirmámos o pagamento" only while the order is paid and not closed
 * nor given back; the tracking once shipped; the review request once delivered; the cancellation once closed.
 */
export function mailTrue(kind: AdminEmailKind, status: OrderStatus, financial: FinancialStatus): boolean {
  switch (kind) {
    case 'order-received':
      return status === PROOF_STATUS && financial === 'verifying';
    case 'payment-confirmed':
      return isPaidStatus(status) && (financial === 'paid' || financial === 'partially_refunded');
    case 'shipped':
      return SHIPPED_STATUSES.includes(status);
    case 'review-request':
      return status === DELIVERED_STATUS;
    case 'order-cancelled':
      return status === CLOSED_STATUS;
  }
}

/** The one view of an order's money (see the module's comment). */
export function paymentView(input: PaymentViewInput): PaymentView {
  const decisive = decisivePayment(input.ledger);
  const method: LedgerMethod = shownMethod(input.ledger, input.paymentMethod);
  const methodLabel = ledgerMethodLabel(method);
  const moneyIn = input.financialStatus === 'paid' || input.financialStatus === 'partially_refunded';
  const refunded = refundedCents(input.ledger);
  const pending = refundPendingCents(input.ledger);
  // A proof being checked: neither paid nor still to pay (the customer did their part): the plain 'Total'.
  const settledOrChecking = input.status === CLOSED_STATUS || input.financialStatus === 'refunded' || input.financialStatus === 'verifying';
  const totalLabel = moneyIn ? totalLabels.paid : settledOrChecking ? totalLabels.closed : totalLabels.due;
  // All of it given back: how it came is no longer what the owner reads (no "Confirmado pelo Stripe" on a refunded order).
  const source = input.financialStatus === 'refunded' ? undefined : ownerSource(decisive);
  return {
    financialStatus: input.financialStatus,
    method,
    methodLabel,
    moneyIn,
    paidCents: paidCents(input.ledger),
    refundedCents: refunded,
    refundPendingCents: pending,
    customerLine: customerLine(input, methodLabel, refunded, pending),
    totalLabel,
    ownerStatus: ledgerTexts.owner[input.financialStatus],
    ...(source ? { ownerSource: source } : {}),
    refunds: refundLines(input.ledger),
    mailButtons: ADMIN_EMAIL_KINDS.filter((kind) => mailTrue(kind, input.status, input.financialStatus)),
  };
}

/** Whether a reservation is still waiting for its money (for pages that offer paying). */
export function awaitsPayment(input: Pick<PaymentViewInput, 'status' | 'financialStatus'>): boolean {
  return input.status === RESERVED_STATUS && (input.financialStatus === 'unpaid' || input.financialStatus === 'failed');
}
