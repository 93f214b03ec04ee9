/**
 * An order's money as a ledger (docs/design.md §35, docs/money.md): one entry per payment attempt and
 * per refund, and one financial status derived from it. Every page, mail, list, counter and export
 * reads the ledger (`orderLedger`) and the view of `payment-view.ts`, never the order's payment fields.
 *
 * The ledger is derived from what the order stores about its money (the provider payment with its
 * refunds, the proof and the owner's checks on the timeline, the owner's "paid outside the site") plus
 * the entries stored as such (`ledgerRecords`: manual refunds, provider events the order could not take).
 * So every order ever stored has a ledger at read time, whatever its shape (docs/money.md).
 */
import type { ProviderPaymentRecord } from './automatic-payments.ts';
import { CURRENCY } from './money.ts';
import { CLOSED_STATUS, isPaidStatus, PROOF_STATUS, RESERVED_STATUS, type OrderStatus } from './order-status.ts';
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from './payment-methods.ts';

/** How money can come or go back: the shop's payment methods, plus cash for a sale in person. */
export const LEDGER_METHODS = [...PAYMENT_METHOD_IDS, 'numerario'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

/** The manual methods a proof can be for (`method` of `POST /api/orders/{id}/proof`). */
export const PROOF_METHODS = ['transferencia', 'paypal', 'revolut', 'mbway'] as const satisfies readonly PaymentMethodId[];
export type ProofMethod = (typeof PROOF_METHODS)[number];

/** The methods a manual refund can go back by (the owner gives the money back herself). */
export const MANUAL_REFUND_METHODS = [
  'transferencia',
  'paypal',
  'revolut',
  'mbway',
  'numerario',
] as const satisfies readonly LedgerMethod[];
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

/**
 * How the shop knows: `provider` (the provider's signed event or answer), `proof` (a proof the owner
 * checks or checked), `owner` (the owner marked it paid, or gave the money back, with a note).
 */
export type LedgerSource = 'provider' | 'proof' | 'owner';

/**
 * Payments: `pending` (asked, waiting for the customer), `verifying` (a proof waits for the owner),
 * `paid`, `failed` (declined, expired, a proof not accepted, an event that did not match).
 * Refunds: `pending` (asked of the provider), `refunded` (the money went back).
 */
export type LedgerState = 'pending' | 'verifying' | 'paid' | 'failed' | 'refunded';

/** One movement of an order's money. Amounts are integer cents of `currency`. */
export interface LedgerEntry {
  /** Stable within the order (`payment:provider`, `refund:re_…`, `refund:manual:<time>`). */
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly method: LedgerMethod;
  readonly source: LedgerSource;
  readonly state: LedgerState;
  readonly amountCents: number;
  readonly currency: string;
  /** When the entry began (asked, proof sent, refund asked). */
  readonly at: string;
  /** When it was settled: paid, refunded, failed. */
  readonly settledAt?: string;
  /** Who acted: 'cliente', 'loja' (the shop or its provider) or the admin's e-mail. */
  readonly by: string;
  readonly provider?: string;
  readonly paymentId?: string;
  readonly refundId?: string;
  readonly feeCents?: number;
  readonly netCents?: number;
  /** The owner's word (paid outside the site, a manual refund), or why it failed. */
  readonly note?: string;
  /**
   * Refunds: a payment that came after the reservation closed, the owner's cancellation, part given back of an order that goes on, made in
   * the provider's dashboard, or given back by hand.
   */
  readonly reason?: 'late' | 'cancel' | 'partial' | 'outside' | 'manual';
  /**
   * A `failed` payment whose money reached the shop all the same: the provider took another amount or
   * currency than the order's. It never pays the order, but it is money in until it is given back
   * (docs/money.md, "Money that did not pay the order").
   */
  readonly received?: true;
}

/** What the rules read of an entry (the customer's view of the ledger has no ids, names nor notes). */
export type LedgerLine = Pick<LedgerEntry, 'kind' | 'method' | 'state' | 'amountCents' | 'at'> &
  Partial<Omit<LedgerEntry, 'kind' | 'method' | 'state' | 'amountCents' | 'at'>>;

/** The financial statuses (`financialStatus` of the orders, DESIGN's fixed names). */
export const FINANCIAL_STATUSES = ['unpaid', 'verifying', 'paid', 'partially_refunded', 'refunded', 'failed'] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

/** What an order stores about its money: every shape since the first release has a subset of it. */
export interface MoneyFacts {
  readonly status: OrderStatus;
  readonly createdAt: string;
  readonly totalCents: number;
  readonly paymentMethod: PaymentMethodId;
  readonly proofKey?: string;
  /** The manual method the proof is for, when not the one chosen at checkout (or chosen after a failed automatic payment). */
  readonly proofMethod?: ProofMethod;
  /** When the customer chose `proofMethod` after a failed automatic payment (docs/payment-switch.md). */
  readonly proofMethodAt?: string;
  readonly paidOutsideAt?: string;
  readonly providerPayment?: ProviderPaymentRecord;
  readonly timeline?: readonly {
    readonly at: string;
    readonly kind: string;
    readonly from?: OrderStatus;
    readonly to?: OrderStatus;
    readonly by: string;
    readonly text?: string;
  }[];
  /** Entries stored as such (manual refunds, provider events the order could not take). */
  readonly ledgerRecords?: readonly LedgerEntry[];
}

const SHOP = 'loja';
const CUSTOMER = 'cliente';

/** The provider payment's entries: the payment and each refund (done, or asked and not done yet). */
function providerEntries(order: MoneyFacts, payment: ProviderPaymentRecord): LedgerEntry[] {
  // A payment of another amount or currency never pays the order: recorded as failed, for the owner to give back.
  const state: LedgerState = payment.mismatch
    ? 'failed'
    : payment.status === 'succeeded'
      ? 'paid'
      : payment.status === 'failed'
        ? 'failed'
        : 'pending';
  const entries: LedgerEntry[] = [
    {
      id: 'payment:provider',
      kind: 'payment',
      method: payment.method,
      source: 'provider',
      state,
      amountCents: payment.amountCents ?? payment.multibanco?.amountCents ?? order.totalCents,
      currency: payment.currency ?? CURRENCY,
      at: order.createdAt,
      ...(payment.paidAt ? { settledAt: payment.paidAt } : {}),
      by: SHOP,
      provider: payment.provider,
      ...(payment.paymentId ? { paymentId: payment.paymentId } : {}),
      ...(payment.feeCents !== undefined ? { feeCents: payment.feeCents } : {}),
      ...(payment.netCents !== undefined ? { netCents: payment.netCents } : {}),
      ...(payment.failure ? { note: payment.failure } : {}),
      ...(payment.mismatch && payment.status === 'succeeded' ? { received: true as const } : {}),
    },
  ];
  for (const refund of payment.refunds ?? []) {
    entries.push({
      id: `refund:${refund.refundId}`,
      kind: 'refund',
      method: payment.method,
      source: 'provider',
      state: 'refunded',
      amountCents: refund.amountCents,
      currency: payment.currency ?? CURRENCY,
      at: refund.at,
      settledAt: refund.at,
      by: SHOP,
      provider: payment.provider,
      refundId: refund.refundId,
      ...(payment.paymentId ? { paymentId: payment.paymentId } : {}),
      reason: refund.reason,
    });
  }
  if (payment.refundRequestedCents !== undefined) {
    const asked =
      payment.refundPartial ?? [...(order.timeline ?? [])].reverse().find((entry) => entry.kind === 'status' && entry.to === CLOSED_STATUS);
    const late = !order.timeline?.some((entry) => entry.kind === 'status' && entry.to === 'Enviar');
    const reason = payment.refundPartial ? 'partial' : late ? 'late' : 'cancel';
    entries.push({
      id: 'refund:requested',
      kind: 'refund',
      method: payment.method,
      source: 'provider',
      state: 'pending',
      amountCents: payment.refundRequestedCents,
      currency: payment.currency ?? CURRENCY,
      at: asked?.at ?? payment.paidAt ?? order.createdAt,
      by: asked?.by ?? SHOP,
      provider: payment.provider,
      reason,
    });
  }
  return entries;
}

/**
 * The proof's entry: `verifying` while it waits for the owner, `paid` once the owner moved the order
 * on from `Confirmar Pagamento` (or the order is paid: the first release kept no timeline), `failed`
 * when the order closed without the owner accepting it.
 */
function proofEntry(order: MoneyFacts): LedgerEntry {
  const timeline = order.timeline ?? [];
  const sent = timeline.find((entry) => entry.kind === 'status' && entry.to === PROOF_STATUS);
  const checked = timeline.find((entry) => entry.kind === 'status' && entry.from === PROOF_STATUS);
  const accepted = checked ? checked.to !== CLOSED_STATUS : isPaidStatus(order.status);
  const state: LedgerState = order.status === PROOF_STATUS ? 'verifying' : accepted ? 'paid' : 'failed';
  const method = order.proofMethod ?? order.paymentMethod;
  return {
    id: 'payment:proof',
    kind: 'payment',
    method,
    source: 'proof',
    state,
    amountCents: order.totalCents,
    currency: CURRENCY,
    at: sent?.at ?? order.createdAt,
    ...(state !== 'verifying' && checked ? { settledAt: checked.at, by: checked.by } : { by: CUSTOMER }),
  };
}

/**
 * The manual method chosen after a failed automatic payment (docs/payment-switch.md), before any proof:
 * `pending` while the reservation waits for the money, `failed` once it closed unpaid. A proof or the
 * owner's "paid outside the site" takes its place (their entries say how it was paid).
 */
function chosenMethodEntry(order: MoneyFacts, method: ProofMethod, at: string): LedgerEntry {
  const state: LedgerState = order.status === RESERVED_STATUS ? 'pending' : 'failed';
  return {
    id: 'payment:chosen',
    kind: 'payment',
    method,
    source: 'proof',
    state,
    amountCents: order.totalCents,
    currency: CURRENCY,
    at,
    by: CUSTOMER,
  };
}

/** The owner's "paid outside the site": paid, with her note (the timeline keeps it). */
function paidOutsideEntry(order: MoneyFacts, at: string): LedgerEntry {
  const move = order.timeline?.find((entry) => entry.kind === 'status' && entry.from === RESERVED_STATUS && entry.to === 'Enviar');
  const note = order.timeline?.find((entry) => entry.kind === 'note' && entry.at === at);
  return {
    id: 'payment:owner',
    kind: 'payment',
    method: order.paymentMethod,
    source: 'owner',
    state: 'paid',
    amountCents: order.totalCents,
    currency: CURRENCY,
    at,
    settledAt: at,
    by: move?.by ?? SHOP,
    ...(note?.text ? { note: note.text } : {}),
  };
}

/**
 * The order's ledger, oldest first: what its stored facts say about its money. An order paid before any
 * of these facts existed (no proof, no provider, no mark: never in the shop's flows) reads as paid by
 * its chosen method on the owner's word, so that a paid order never reads unpaid.
 */
export function orderLedger(order: MoneyFacts): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  if (order.providerPayment) entries.push(...providerEntries(order, order.providerPayment));
  if (order.proofKey) entries.push(proofEntry(order));
  else if (order.proofMethodAt && order.proofMethod && !order.paidOutsideAt)
    entries.push(chosenMethodEntry(order, order.proofMethod, order.proofMethodAt));
  if (order.paidOutsideAt) entries.push(paidOutsideEntry(order, order.paidOutsideAt));
  entries.push(...(order.ledgerRecords ?? []));
  const paidSomehow = entries.some((entry) => entry.kind === 'payment' && entry.state === 'paid');
  if (!paidSomehow && isPaidStatus(order.status)) {
    entries.push({
      id: 'payment:legacy',
      kind: 'payment',
      method: order.paymentMethod,
      source: 'owner',
      state: 'paid',
      amountCents: order.totalCents,
      currency: CURRENCY,
      at: order.createdAt,
      settledAt: order.createdAt,
      by: SHOP,
    });
  }
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Whether the entry is in the shop's currency: the sums below add euros only (another currency is shown apart). */
export function inShopCurrency(entry: LedgerLine): boolean {
  return (entry.currency ?? CURRENCY) === CURRENCY;
}

function sumOf(ledger: readonly LedgerLine[], counts: (entry: LedgerLine) => boolean): number {
  return ledger.filter((entry) => inShopCurrency(entry) && counts(entry)).reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** Whether a payment entry's money reached the shop: paid, or refused but arrived all the same (`received`). */
export function moneyArrived(entry: LedgerLine): boolean {
  return entry.kind === 'payment' && (entry.state === 'paid' || entry.received === true);
}

/** What an entry moved, in cents of its own currency: money in (a payment that arrived) or out (a refund made). */
export function entryFlow(entry: LedgerLine): { readonly inCents: number; readonly outCents: number } {
  if (moneyArrived(entry)) return { inCents: entry.amountCents, outCents: 0 };
  if (entry.kind === 'refund' && entry.state === 'refunded') return { inCents: 0, outCents: entry.amountCents };
  return { inCents: 0, outCents: 0 };
}

/** Cents that paid the order (payments `paid`). */
export function paidCents(ledger: readonly LedgerLine[]): number {
  return sumOf(ledger, (entry) => entry.kind === 'payment' && entry.state === 'paid');
}

/**
 * Cents that came in: what paid the order and what arrived without paying it (another amount), which
 * is owed back. The accountant's sums (orders CSV "Recebido", Movimentos, sales) read this, so that a
 * payment given back nets to nothing everywhere.
 */
export function receivedCents(ledger: readonly LedgerLine[]): number {
  return sumOf(ledger, moneyArrived);
}

/** Cents given back (refunds `refunded`). */
export function refundedCents(ledger: readonly LedgerLine[]): number {
  return sumOf(ledger, (entry) => entry.kind === 'refund' && entry.state === 'refunded');
}

/** Cents asked back and not given yet (refunds `pending`). */
export function refundPendingCents(ledger: readonly LedgerLine[]): number {
  return sumOf(ledger, (entry) => entry.kind === 'refund' && entry.state === 'pending');
}

/**
 * The one financial status of a ledger: money back (all of it: `refunded`, some: `partially_refunded`),
 * else `paid` once any payment is, `verifying` while a proof waits, `failed` when the latest attempt
 * failed, `unpaid` otherwise (nothing tried yet, or a request still pending).
 *
 * @example financialStatus([]) // 'unpaid'
 */
export function financialStatus(ledger: readonly LedgerLine[]): FinancialStatus {
  const payments = ledger.filter((entry) => entry.kind === 'payment');
  const refunded = refundedCents(ledger);
  if (refunded > 0 && refunded >= paidCents(ledger)) return 'refunded';
  if (refunded > 0) return 'partially_refunded';
  if (payments.some((entry) => entry.state === 'paid')) return 'paid';
  if (payments.some((entry) => entry.state === 'verifying')) return 'verifying';
  if (payments.some((entry) => entry.state === 'pending')) return 'unpaid';
  return payments.at(-1)?.state === 'failed' ? 'failed' : 'unpaid';
}

/** The payment that brought the money (the latest `paid`), else the one being checked, else the latest attempt. */
export function decisivePayment<T extends LedgerLine>(ledger: readonly T[]): T | undefined {
  const payments = ledger.filter((entry) => entry.kind === 'payment');
  return (
    payments.findLast((entry) => entry.state === 'paid') ?? payments.findLast((entry) => entry.state === 'verifying') ?? payments.at(-1)
  );
}

/** An order's ledger and financial status: as read (`toOrder` gives both), else derived from its money facts. */
export function moneyOf(order: MoneyFacts & { readonly ledger?: readonly LedgerEntry[]; readonly financialStatus?: FinancialStatus }): {
  readonly ledger: readonly LedgerEntry[];
  readonly financialStatus: FinancialStatus;
} {
  const ledger = order.ledger ?? orderLedger(order);
  return { ledger, financialStatus: order.financialStatus ?? financialStatus(ledger) };
}

/** The method every surface names: the one that paid, else the one being checked, else the latest tried, else the one chosen. */
export function shownMethod(ledger: readonly LedgerLine[], chosen: LedgerMethod): LedgerMethod {
  return decisivePayment(ledger)?.method ?? chosen;
}

/** Whether `value` is a financial status. */
export function isFinancialStatus(value: unknown): value is FinancialStatus {
  return (FINANCIAL_STATUSES as readonly unknown[]).includes(value);
}
