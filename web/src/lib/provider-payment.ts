/**
 * A payment the provider takes (docs/design.md §34), as the customer's pages show it: what is true of
 * it now (`providerView`), and the order's live status while it can still change by itself
 * (`watchOrder`: `GET /api/orders/{id}` every few seconds while the page is visible, until the deadline).
 */
import type { CustomerOrder } from '#shared/api.ts';
import type { MultibancoReference, ProviderMethod } from '#shared/automatic-payments.ts';
import { providerPaymentTexts } from '#shared/messages/index.ts';
import type { PaymentInstructions } from '#shared/payment-methods.ts';
import { CLOSED_STATUS, everPaid, isPaidStatus, RESERVED_STATUS } from '#shared/order-status.ts';
import type { ProofMethod } from '#shared/ledger.ts';

/**
 * What the customer's page says of a provider payment:
 * - `starting`: the request or the reference is being made (seconds);
 * - `pending`: the MB WAY request waits for the approval, or the reference for its payment;
 * - `registering`: the provider took the payment, the order is not paid yet (seconds): nothing "confirmed" yet;
 * - `confirmed`: the order is paid (`Enviar` onwards);
 * - `failed`: the request failed (`reason`): the reservation is payable by a manual method until its deadline;
 * - `over`: the reservation's time ran out unpaid;
 * - `late`: the payment came after the reservation closed: it is given back (`refundedCents` once done);
 * - `refunded`: a closed order whose payment was given back, all or part;
 * - `other`: nothing of the provider to say (a proof sent by hand, a closed order never paid).
 */
export type ProviderView =
  | { readonly kind: 'starting' | 'registering' | 'confirmed' | 'over' | 'other'; readonly method: ProviderMethod }
  | { readonly kind: 'pending'; readonly method: ProviderMethod; readonly multibanco?: MultibancoReference }
  | { readonly kind: 'failed'; readonly method: ProviderMethod; readonly reason: string }
  | { readonly kind: 'late'; readonly method: ProviderMethod; readonly refundedCents?: number }
  | { readonly kind: 'refunded'; readonly method: ProviderMethod; readonly refundedCents: number };

type ViewedOrder = Pick<CustomerOrder, 'status' | 'providerPayment' | 'timeline'>;

/**
 * What is true of the order's provider payment now; `timeOver`: the reservation's deadline has passed.
 * Undefined for an order paid by hand.
 */
export function providerView(order: ViewedOrder, timeOver: boolean): ProviderView | undefined {
  const payment = order.providerPayment;
  if (!payment) return undefined;
  const { method } = payment;
  const refundedCents = payment.refundedCents ?? 0;
  // Paid by another method (a failed request, then a proof the owner checked): nothing of the provider to say.
  if (isPaidStatus(order.status)) return payment.status === 'succeeded' ? { kind: 'confirmed', method } : { kind: 'other', method };
  if (order.status === CLOSED_STATUS) {
    if (payment.status !== 'succeeded') return { kind: 'other', method };
    // Paid once (then cancelled by the shop), or paid only after the reservation closed.
    const wasPaid = everPaid(order.timeline);
    if (wasPaid) return refundedCents > 0 ? { kind: 'refunded', method, refundedCents } : { kind: 'other', method };
    return { kind: 'late', method, ...(refundedCents > 0 ? { refundedCents } : {}) };
  }
  if (order.status !== RESERVED_STATUS) return { kind: 'other', method };
  if (timeOver) return { kind: 'over', method };
  switch (payment.status) {
    case 'starting':
      return { kind: 'starting', method };
    case 'pending':
      return { kind: 'pending', method, ...(payment.multibanco ? { multibanco: payment.multibanco } : {}) };
    case 'succeeded':
      return { kind: 'registering', method };
    case 'failed':
      return { kind: 'failed', method, reason: payment.failure ?? providerPaymentTexts.failedDefault };
  }
}

/** Whether the provider takes the method these instructions are for (no proof: its notification confirms). */
export function isAutomatic(instructions: PaymentInstructions | undefined): boolean {
  return instructions !== undefined && 'automatic' in instructions && instructions.automatic === true;
}

/** Whether the order can still change by itself (the provider's answer is awaited): the page keeps asking. */
export function watchesOrder(view: ProviderView | undefined): boolean {
  return view?.kind === 'starting' || view?.kind === 'pending' || view?.kind === 'registering';
}

/** How often the page asks for the order while its payment is awaited. */
export const POLL_MS = 3000;

/** What the loop needs of the page: `document` (its visibility) and the timers, so a test can drive them. */
export interface WatchEnvironment {
  readonly document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  readonly now: () => number;
  readonly setTimeout: (run: () => void, ms: number) => number;
  readonly clearTimeout: (id: number) => void;
}

export interface OrderWatch {
  /** One read of the order. */
  readonly load: () => Promise<CustomerOrder>;
  /** Each order read; answers whether to keep watching (false once its payment has an outcome). */
  readonly onOrder: (order: CustomerOrder) => boolean;
  /** The reservation's deadline: no read after it. */
  readonly until?: string;
  readonly intervalMs?: number;
  /** Read at once rather than after the first interval (the order the page has may be old). */
  readonly immediate?: boolean;
}

/**
 * Reads the order every `intervalMs` while the page is visible, until `onOrder` says stop or the
 * deadline comes. Hidden (a phone customer switched to the MB WAY app), it stops asking; visible again,
 * it reads at once and goes on. A failed read is tried again at the next turn. Returns the stop.
 */
export function watchOrder(
  { load, onOrder, until, intervalMs = POLL_MS, immediate = false }: OrderWatch,
  env: WatchEnvironment,
): () => void {
  const deadline = until === undefined ? Number.POSITIVE_INFINITY : Date.parse(until);
  let timer: number | undefined;
  let reading = false;
  let stopped = false;
  const visible = () => env.document.visibilityState === 'visible';

  const schedule = () => {
    if (stopped || reading || timer !== undefined || !visible() || env.now() >= deadline) return;
    timer = env.setTimeout(() => {
      timer = undefined;
      void read();
    }, intervalMs);
  };
  const read = async () => {
    if (stopped || reading || !visible() || env.now() >= deadline) return;
    reading = true;
    try {
      const order = await load();
      if (!stopped && !onOrder(order)) stopped = true;
    } catch (error) {
      console.warn('Reading the order failed; trying again', error);
    } finally {
      reading = false;
    }
    schedule();
  };
  const onVisibility = () => {
    if (visible()) {
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
      void read();
    } else if (timer !== undefined) {
      env.clearTimeout(timer);
      timer = undefined;
    }
  };
  env.document.addEventListener('visibilitychange', onVisibility);
  if (immediate) void read();
  else schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) env.clearTimeout(timer);
    env.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The method the payment page's heading names: after a failed automatic request (or its time over),
 * the manual method the customer chose to pay with instead ("1. Paga com Transferência bancária", not
 * "com MB WAY"); otherwise the order's own (undefined).
 */
export function headingMethod(view: ProviderView | undefined, manual: ProofMethod | undefined): ProofMethod | undefined {
  return view && (view.kind === 'failed' || view.kind === 'over') ? manual : undefined;
}
