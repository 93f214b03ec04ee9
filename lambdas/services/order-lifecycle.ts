/**
 * Moving orders along the lifecycle of `shared/order-status.ts` (every status move of an order is made
 * here: the customer's payment, the owner's moves, closing, expiry): every move is conditioned on the
 * status that was read (two moves at once: one wins, the other is told), and closing an order gives
 * back, in the same transaction, what it held: the stock of every line (with its movement) and, before
 * shipping, its MB WAY slot. Every move out of the held statuses gives back the order's hold on its
 * customer's caps (docs/design.md §27) in the same transaction; every move of an MB WAY reservation ends
 * its live slot (paid: it becomes a paid one).
 */
import { randomUUID } from 'node:crypto';
import type { TimelineEntry } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { adminTexts, myOrderTexts, paymentEventTexts } from '#shared/messages/index.ts';
import { mbWayCounter } from '#shared/mb-way.ts';
import type { LedgerEntry, ProofMethod } from '#shared/ledger.ts';
import {
  CLOSED_STATUS,
  isBeforeShipping,
  isHeldStatus,
  PROOF_STATUS,
  RESERVED_STATUS,
  TO_SHIP_STATUS,
  type MoveCause,
  type OrderStatus,
} from '#shared/order-status.ts';
import type { TrackingCarrier } from '#shared/tracking.ts';
import type { StockActor, StockMovementReason } from '#shared/stock.ts';
import { DEFAULT_VARIANT_ID } from '#shared/variants.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { DomainError } from '../errors.ts';
import { logger } from '../logger.ts';
import { BUSINESS_METRICS, countEvent } from '../metrics.ts';
import { endMbWayLiveItems, releaseMbWayOrderItem } from '../repositories/mbway-counters.ts';
import { releaseHoldItem } from '../repositories/holds.ts';
import { releaseCodeUseItems } from '../repositories/discount-codes.ts';
import { whilePaymentOpen } from '../repositories/payment-events.ts';
import { expiredReservations, moveOrderItem, ORDER_IN_STATUS, toOrder, type OrderItem } from '../repositories/orders.ts';
import { claimProofItem, PROOF_UNCLAIMED } from '../repositories/order-proofs.ts';
import { giveSoleVariantFromRefusal } from '../repositories/legacy-products.ts';
import { giveBackStockItem, unitsByProduct } from '../repositories/product-stock.ts';
import { stockMovementItem } from '../repositories/stock-movements.ts';
import { writeTransaction, writeTransactionRetrying, type NamedCondition, type TransactionItem } from '../repositories/transactions.ts';
import { statusMoveCountItems } from './counters.ts';
import { moveMailItems } from './move-mails.ts';

/**
 * An order was being changed by another move at the same moment (the expiry job, the owner, another
 * tab) every time this one was tried: nothing was done, and asking again in a few seconds gets an
 * answer (409 with `Retry-After`, never a 500).
 */
export class OrderBusy extends DomainError {
  readonly retryAfterSeconds = 2;

  constructor() {
    super(409, 'order_busy', myOrderTexts.orderBusy);
  }
}

/** Who moved an order, as the timeline says it. */
export const CUSTOMER = 'cliente';
export const SHOP = 'loja';

export type MoveResult = 'moved' | 'status-changed';

/** The order as it is once moved (its mails are built from it: they say what is true after the move). */
function afterMove(order: OrderItem, to: OrderStatus, fields: object, entries: readonly TimelineEntry[]) {
  return toOrder({ ...order, ...fields, status: to, timeline: [...(order.timeline ?? []), ...entries] });
}

/** A timeline entry for a status change. */
export function statusEntry(from: OrderStatus, to: OrderStatus, by: string, now: Date, text?: string): TimelineEntry {
  return { at: now.toISOString(), kind: 'status', from, to, by, ...(text ? { text } : {}) };
}

/**
 * Writes `items` in one transaction with the order's conditioned move to `to` (`ORDER_IN_STATUS`) and
 * the dashboard's counters of the move. Answers 'status-changed' when the order is no longer in the
 * status that was read (or another condition of `stopOn` failed: what was asked is done or moot); retries races.
 */
async function moveWith(
  order: OrderItem,
  to: OrderStatus,
  moveItems: readonly TransactionItem[],
  stopOn: readonly string[] = [ORDER_IN_STATUS],
): Promise<MoveResult> {
  const items = [
    ...moveItems,
    ...statusMoveCountItems(order, order.status, to),
    ...holdReleaseItems(order, to),
    ...codeReleaseItems(order, to),
    ...mbwaySlotItems(order, to),
  ];
  // One token per move: the SDK's own retries of a lost answer are no-ops, two admins' moves are not.
  const token = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const result = await writeTransaction(items, token);
    if (result.written) return 'moved';
    if (stopOn.some((condition) => result.refused(condition))) return 'status-changed';
    const refused = result.refusals;
    if (refused.length > 0) {
      // A product from before sizes: given its size, the same close goes through (`npm run recount` not run yet).
      const migrated = await Promise.all(refused.map((reason) => giveSoleVariantFromRefusal(reason.old)));
      if (!migrated.every(Boolean) || attempt >= BACKOFF.orderMove.tries)
        throw new Error(`order ${order.id}: a give-back condition failed`);
      continue;
    }
    // Still conflicting (the expiry job, the owner, another tab on the same items): a 409 to ask again, never a 500.
    if (attempt >= BACKOFF.orderMove.tries) throw new OrderBusy();
    await backoff(BACKOFF.orderMove, attempt);
  }
}

/**
 * The items that give back an order's hold on its customer's caps when it leaves the held statuses (none for an order from before the
 * caps).
 */
function holdReleaseItems(order: OrderItem, to: OrderStatus): TransactionItem[] {
  if (!isHeldStatus(order.status) || isHeldStatus(to) || !order.holdKeys) return [];
  return order.holdKeys.map((name) => releaseHoldItem(name, order.holdUnits ?? 0));
}

/**
 * The items that give back an order's use of its discount code (docs/discount-codes.md): when it closes
 * while still held, unpaid or unconfirmed (expired, cancelled by the customer or the owner, closed as
 * suspicious). A paid order keeps its use, whatever happens to it later.
 */
function codeReleaseItems(order: OrderItem, to: OrderStatus): TransactionItem[] {
  if (to !== CLOSED_STATUS || !isHeldStatus(order.status) || !order.codeUseKeys) return [];
  return releaseCodeUseItems(order.codeUseKeys);
}

/**
 * What a move does to an MB WAY order's slot of the month (`mbwaySlot` of `MOVE_EFFECTS`): the month's
 * limits count money that arrived (docs/design.md §35), so a live reservation whose proof arrived stays
 * live until the owner confirms it (then it takes a paid slot), as does one paid outside the site or by
 * the provider; one that closes unpaid only ends. A paid order closed before shipping frees its paid
 * slot (as does an order from before, whose reservation or proof took a paid one).
 */
function mbwaySlotItems(order: OrderItem, to: OrderStatus): TransactionItem[] {
  if (!order.mbwayNumber || !order.mbwayMonth) return [];
  const counter = mbWayCounter(order.mbwayNumber);
  const live = order.mbwayLive && (order.status === RESERVED_STATUS || (order.status === PROOF_STATUS && order.mbwayLiveProof));
  if (live && to === PROOF_STATUS) return [];
  if (live) return endMbWayLiveItems(order.mbwayMonth, counter, to !== CLOSED_STATUS);
  if (to === CLOSED_STATUS && isBeforeShipping(order.status)) return [releaseMbWayOrderItem(order.mbwayMonth, counter)];
  return [];
}

/**
 * The owner moves an order to another status that holds nothing back (e.g. Enviar → Enviado), with the
 * mails of the move's effects (`MOVE_EFFECTS`); `tracking`: the code the shipped mail carries.
 */
export function moveOrder(
  order: OrderItem,
  to: OrderStatus,
  by: string,
  now: Date,
  tracking: { readonly trackingCode?: string; readonly carrier?: TrackingCarrier } = {},
): Promise<MoveResult> {
  const entry = statusEntry(order.status, to, by, now);
  const mails = moveMailItems(afterMove(order, to, {}, [entry]), order.status, to, 'owner', now, tracking);
  return moveWith(order, to, [moveOrderItem(order.id, { from: order.status, to, entry }, now), ...mails]);
}

/** What came of a customer's payment of a reservation (`payReservation`). */
export type PaymentMove =
  | { readonly kind: 'moved' }
  /** The proof backs an order already: `orderId` is the order its claim names (this one, for a repeated request). */
  | { readonly kind: 'proof-claimed'; readonly orderId: unknown }
  /** The order is no longer a reservation that can be paid (paid, closed or expired meanwhile), or kept meeting other transactions. */
  | { readonly kind: 'not-moved' };

/**
 * The customer's proof of payment moves a reservation to `Confirmar Pagamento`, only while it is still
 * a reservation that has not expired at `now`, in one transaction with the claim of the proof (a proof
 * backs one order), the dashboard's counters of the move and the e-mails of a paid order.
 */
export async function payReservation(
  order: OrderItem,
  proof: { readonly key: string; readonly contentType: string; readonly method?: ProofMethod },
  now: Date,
): Promise<PaymentMove> {
  const entry = statusEntry(RESERVED_STATUS, PROOF_STATUS, CUSTOMER, now, 'comprovativo enviado');
  // The proof's method, when not the one chosen at checkout (a declined automatic MB WAY paid by transfer): the ledger's entry says it.
  const fields = {
    proofKey: proof.key,
    proofContentType: proof.contentType,
    ...(proof.method && proof.method !== order.paymentMethod ? { proofMethod: proof.method } : {}),
    // Its MB WAY slot stays live until the owner confirms the money (`mbwaySlotItems`).
    ...(order.mbwayLive ? { mbwayLiveProof: true } : {}),
  };
  const move = moveOrderItem(order.id, { from: RESERVED_STATUS, to: PROOF_STATUS, entry, fields, requireUnexpiredAt: now }, now);
  const counted = [...statusMoveCountItems(order, RESERVED_STATUS, PROOF_STATUS), ...mbwaySlotItems(order, PROOF_STATUS)];
  const mails = moveMailItems(afterMove(order, PROOF_STATUS, fields, [entry]), RESERVED_STATUS, PROOF_STATUS, 'customer', now);
  const result = await writeTransactionRetrying([move, claimProofItem(proof.key, order.id, now), ...counted, ...mails], randomUUID());
  if (result.written) return { kind: 'moved' };
  const claimed = result.refused(PROOF_UNCLAIMED);
  return claimed ? { kind: 'proof-claimed', orderId: claimed.old?.orderId } : { kind: 'not-moved' };
}

/**
 * The owner marks a reservation paid outside the site (`Aguarda Pagamento → Enviar`, `isPaidOutsideMove`):
 * the customer paid but sent the proof by e-mail or phone, or none. Only while it is still a
 * reservation (whether its time ran out or not: until the expiry job closes it, its pieces are still
 * held), in one transaction with the dashboard's counters (received, revenue) and the customer's
 * payment-confirmed e-mail. Its stock stays taken and its MB WAY slot becomes a paid one; its hold on
 * the customer's caps is given back; it no longer expires. The timeline gets the move and, for the owner only, `note`.
 */
export function payOutsideSite(order: OrderItem, note: string, by: string, now: Date): Promise<MoveResult> {
  const to = TO_SHIP_STATUS;
  const entry = statusEntry(RESERVED_STATUS, to, by, now, adminTexts.paidOutsideEntry);
  const also: TimelineEntry[] = [{ at: now.toISOString(), kind: 'note', by, text: adminTexts.paidOutsideNote(note) }];
  const fields = { paidOutsideAt: now.toISOString() };
  const move = moveOrderItem(order.id, { from: RESERVED_STATUS, to, entry, also, fields }, now);
  return moveWith(order, to, [move, ...moveMailItems(afterMove(order, to, fields, [entry, ...also]), RESERVED_STATUS, to, 'owner', now)]);
}

/**
 * The payment provider confirmed a reservation's payment (`Aguarda Pagamento → Enviar`, as the owner's
 * "paid outside the site": nothing left to check), while the order still holds that payment open, in one
 * transaction with `eventItem` (the notification's record: a repeated one changes nothing), the
 * dashboard's counters, the customer's payment-confirmed e-mail and the owner's notification. Its stock
 * stays taken, its hold on the customer's caps is given back, it no longer expires. 'status-changed':
 * the order moved meanwhile or the event was applied already.
 */
export function payByProvider(
  order: OrderItem,
  payment: ProviderPaymentRecord & { readonly paymentId: string },
  eventItem: NamedCondition,
  now: Date,
): Promise<MoveResult> {
  const to = TO_SHIP_STATUS;
  // The shop moved it, on the provider's word (the owner's page says "automaticamente"), not the customer.
  const entry = statusEntry(RESERVED_STATUS, to, SHOP, now, paymentEventTexts.paidEntry(PAYMENT_METHOD_LABELS[payment.method]));
  const move = moveOrderItem(order.id, { from: RESERVED_STATUS, to, entry, fields: { providerPayment: payment } }, now);
  // The order as paid: the payment-confirmed mail says the provider confirmed it (`customerMail`).
  const mails = moveMailItems(afterMove(order, to, { providerPayment: payment }, [entry]), RESERVED_STATUS, to, 'provider', now);
  return moveWith(order, to, [whilePaymentOpen(move, payment.paymentId), eventItem, ...mails], [ORDER_IN_STATUS, eventItem.condition]);
}

/**
 * Closes an order (`Encerrada`). `restock`: its pieces go back to the stock, each line with a movement
 * (`reason`). Before shipping, its MB WAY slot of the month is freed too (`mbwaySlotItems`).
 */
export function closeOrder(
  order: OrderItem,
  options: {
    readonly restock: boolean;
    readonly reason: Extract<StockMovementReason, 'expiry' | 'cancellation' | 'return'>;
    readonly by: string;
    /** Who asked: the mails of the close follow from it (`MOVE_EFFECTS`: a suspicious close or an erasure tells nobody). */
    readonly cause: MoveCause;
    readonly text: string;
    /** The owner's notes on the timeline with the move (never shown to the customer). */
    readonly notes?: readonly TimelineEntry[];
    /** An order paid through the provider: the cents to give back (the payments consumer refunds them). */
    readonly refundCents?: number;
    /** A refund the owner made by hand (transfer, PayPal, Revolut, cash): recorded in the ledger with the close. */
    readonly manualRefund?: LedgerEntry;
  },
  now: Date,
): Promise<MoveResult> {
  const entry = statusEntry(order.status, CLOSED_STATUS, options.by, now, options.text);
  const manual = options.manualRefund ? { ledgerRecords: [...(order.ledgerRecords ?? []), options.manualRefund] } : {};
  const refundAsked =
    options.refundCents === undefined || !order.providerPayment
      ? {}
      : { providerPayment: { ...order.providerPayment, refundRequestedCents: options.refundCents } };
  const after = afterMove(order, CLOSED_STATUS, { ...manual, ...refundAsked }, [entry, ...(options.notes ?? [])]);
  const move = moveOrderItem(
    order.id,
    {
      from: order.status,
      to: CLOSED_STATUS,
      entry,
      also: options.notes,
      refundRequestedCents: options.refundCents,
      ...(options.manualRefund ? { ledgerRecord: options.manualRefund } : {}),
    },
    now,
  );
  const items: TransactionItem[] = [move];
  if (options.restock) {
    const actor: StockActor = { kind: 'order', orderId: order.id };
    // Lines ordered before sizes existed name none: they took the product's one size.
    const lines = order.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId ?? DEFAULT_VARIANT_ID,
      quantity: line.quantity,
    }));
    for (const [productId, units] of unitsByProduct(lines)) items.push(giveBackStockItem(productId, units, now));
    for (const line of lines) items.push(stockMovementItem({ ...line, delta: line.quantity, reason: options.reason, actor }, now));
  }
  items.push(...moveMailItems(after, order.status, CLOSED_STATUS, options.cause, now));
  return moveWith(order, CLOSED_STATUS, items);
}

/**
 * Closes every reservation whose time ran out before `now`: stock and MB WAY slot back and the
 * customer's e-mail queued, one transaction each. A reservation paid at the last moment is left alone
 * (its status moved). Answers how many were closed.
 */
export async function expireReservations(now: Date): Promise<number> {
  let expired = 0;
  for (const order of await expiredReservations(now)) {
    try {
      const result = await closeOrder(order, { restock: true, reason: 'expiry', by: SHOP, cause: 'expiry', text: 'reserva expirada' }, now);
      if (result === 'moved') expired++;
    } catch (error) {
      // One reservation that cannot close does not keep the others open: it is tried again next run
      // (a customer or the owner moving it at the same moment is expected, not a fault).
      if (error instanceof OrderBusy) logger.warn('reservation busy, expires next run', { orderId: order.id });
      else logger.error('reservation could not expire', { orderId: order.id, error: error as Error });
    }
  }
  countEvent(BUSINESS_METRICS.reservationsExpired, expired);
  return expired;
}
