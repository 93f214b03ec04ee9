/**
 * What each change adds to the dashboard's counters (`lambdas/repositories/counters.ts`), and the
 * offline recount that rebuilds them from the tables. The order services put these counter items in
 * the same transaction as the order change they count.
 */
import { dayKey } from '#shared/dates.ts';
import { orderLedger, type MoneyFacts } from '#shared/ledger.ts';
import { monthKey } from '#shared/mb-way.ts';
import {
  CLOSED_STATUS,
  HELD_STATUSES,
  isPaidStatus,
  ORDER_STATUSES,
  PROOF_STATUS,
  PAID_STATUSES,
  RESERVED_STATUS,
  type OrderStatus,
} from '#shared/order-status.ts';
import { allCounters, COUNTER, countItem, setCounter } from '../repositories/counters.ts';
import { allHoldCounters, heldOrdersOf, setHoldCounter, type HoldCounter } from '../repositories/holds.ts';
import { CONTACT_LISTING } from '../repositories/contact-messages.ts';
import { ORDER_LISTING } from '../repositories/orders.ts';
import { allOfListing } from '../repositories/paging.ts';
import { STOCK_ALERT_LISTING } from '../repositories/stock-alerts.ts';
import type { TransactionItem } from '../repositories/transactions.ts';

/** Statuses whose orders count as paid for the month's revenue. */
export { PAID_STATUSES };

export const isPaid = isPaidStatus;

/** What the counters need of an order. */
export interface CountedOrder {
  readonly status: OrderStatus;
  readonly createdAt: string;
  readonly totalCents: number;
  /** The units its lines hold (a reservation's held stock); none given counts none. */
  readonly lines?: readonly { readonly quantity: number }[];
  /**
   * Its proof arrived and was not refused (waiting for the owner, or checked by her): what the dashboard's
   * "Encomendas recebidas (com comprovativo)" counts. Paid through the provider or marked paid outside the
   * site, an order came with no proof; a proof the owner closed without accepting no longer counts.
   */
  readonly hasProof?: boolean;
}

/** The units of an order's lines. */
const unitsOf = (order: Pick<CountedOrder, 'lines'>): number => (order.lines ?? []).reduce((sum, line) => sum + line.quantity, 0);

/** The Lisbon month and day an order was created: the periods it counts in. */
const periodsOf = (order: Pick<CountedOrder, 'createdAt'>): string[] => [
  monthKey(new Date(order.createdAt)),
  dayKey(new Date(order.createdAt)),
];

/** The revenue counters an order counts in: the Lisbon month and day it was created. */
export const revenueCountersOf = (order: Pick<CountedOrder, 'createdAt'>): string[] => periodsOf(order).map(COUNTER.revenue);

/** The "received" counters of an order (month and day of creation), counted while its proof is waiting or checked. */
export const receivedCountersOf = (order: Pick<CountedOrder, 'createdAt'>): string[] => periodsOf(order).map(COUNTER.received);

/** The counter items of a new order (its status; received if it comes with its proof; its revenue if it is born paid). */
export function newOrderCountItems(order: CountedOrder): TransactionItem[] {
  return [
    countItem(COUNTER.orders(order.status), 1),
    ...(order.status === RESERVED_STATUS ? [countItem(COUNTER.reservedUnits, unitsOf(order))] : []),
    ...(order.status === PROOF_STATUS ? [countItem(COUNTER.unconfirmedUnits, unitsOf(order))] : []),
    ...(order.status === PROOF_STATUS ? receivedCountersOf(order).map((name) => countItem(name, 1)) : []),
    ...(isPaid(order.status) ? revenueCountersOf(order).map((name) => countItem(name, order.totalCents)) : []),
  ];
}

/**
 * The counter items of a status move: one less in `from`, one more in `to`; a reservation that moves
 * holds its units no more; a reservation whose proof arrives is received (with its proof) in its
 * periods, and no longer once the owner closes it without accepting the proof; the order's total enters
 * its periods' revenue when it becomes paid and leaves it when it stops being paid.
 */
export function statusMoveCountItems(
  order: Pick<CountedOrder, 'createdAt' | 'totalCents' | 'lines'>,
  from: OrderStatus,
  to: OrderStatus,
): TransactionItem[] {
  const items: TransactionItem[] = [countItem(COUNTER.orders(from), -1), countItem(COUNTER.orders(to), 1)];
  if (from === RESERVED_STATUS) items.push(countItem(COUNTER.reservedUnits, -unitsOf(order)));
  if (from === PROOF_STATUS) items.push(countItem(COUNTER.unconfirmedUnits, -unitsOf(order)));
  if (to === PROOF_STATUS) items.push(countItem(COUNTER.unconfirmedUnits, unitsOf(order)));
  if (from === RESERVED_STATUS && to === PROOF_STATUS) items.push(...receivedCountersOf(order).map((name) => countItem(name, 1)));
  if (from === PROOF_STATUS && to === CLOSED_STATUS) items.push(...receivedCountersOf(order).map((name) => countItem(name, -1)));
  if (!isPaid(from) && isPaid(to)) items.push(...revenueCountersOf(order).map((name) => countItem(name, order.totalCents)));
  if (isPaid(from) && !isPaid(to)) items.push(...revenueCountersOf(order).map((name) => countItem(name, -order.totalCents)));
  return items;
}

/** The counters as the data says they should be (the pure part of the recount). */
export function countersFrom(data: {
  readonly orders: readonly CountedOrder[];
  readonly contactMessages: readonly { readonly read: boolean }[];
  readonly stockAlerts: readonly { readonly status: string }[];
}): Record<string, number> {
  const counters: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [COUNTER.orders(status), 0]));
  const add = (name: string, delta: number) => (counters[name] = (counters[name] ?? 0) + delta);
  counters[COUNTER.reservedUnits] = 0;
  counters[COUNTER.unconfirmedUnits] = 0;
  for (const order of data.orders) {
    add(COUNTER.orders(order.status), 1);
    if (order.status === RESERVED_STATUS) add(COUNTER.reservedUnits, unitsOf(order));
    if (order.status === PROOF_STATUS) add(COUNTER.unconfirmedUnits, unitsOf(order));
    if (order.hasProof) for (const name of receivedCountersOf(order)) add(name, 1);
    if (isPaid(order.status)) for (const name of revenueCountersOf(order)) add(name, order.totalCents);
  }
  counters[COUNTER.unreadContactMessages] = data.contactMessages.filter((message) => message.read !== true).length;
  counters[COUNTER.pendingStockAlerts] = data.stockAlerts.filter((alert) => alert.status === 'pending').length;
  return counters;
}

/** Every order, contact message and back-in-stock request, read through their listing indexes (offline only). */
export async function readCountedData() {
  const [orders, contactMessages, stockAlerts] = await Promise.all([
    allOfListing('orders', ORDER_LISTING),
    allOfListing('contactMessages', CONTACT_LISTING),
    allOfListing('stockAlerts', STOCK_ALERT_LISTING),
  ]);
  return {
    orders: orders.map((o) => ({
      status: o.status as OrderStatus,
      createdAt: String(o.createdAt),
      totalCents: Number(o.totalCents),
      lines: Array.isArray(o.lines) ? (o.lines as { quantity?: unknown }[]).map((line) => ({ quantity: Number(line.quantity ?? 0) })) : [],
      // The proof's ledger entry (docs/money.md): waiting or checked, not refused.
      hasProof: orderLedger(o as unknown as MoneyFacts).some((entry) => entry.source === 'proof' && entry.state !== 'failed'),
    })),
    contactMessages: contactMessages.map((m) => ({ read: m.read === true })),
    stockAlerts: stockAlerts.map((a) => ({ status: String(a.status) })),
  };
}

/**
 * Rebuilds every counter from the tables (reads them whole: run it offline, once, e.g. after deploying
 * the counters to a shop with data). A counter the data no longer backs is set to 0. Answers what it wrote.
 */
export async function recount(): Promise<Record<string, number>> {
  const [expected, existing] = await Promise.all([readCountedData().then(countersFrom), allCounters()]);
  const written: Record<string, number> = { ...Object.fromEntries(Object.keys(existing).map((name) => [name, 0])), ...expected };
  for (const [name, value] of Object.entries(written)) if (existing[name] !== value) await setCounter(name, value);
  await recountHolds();
  return written;
}

/**
 * Rebuilds the hold counters (`repositories/holds.ts`) from the held orders' bookkeeping: what each
 * key holds is the sum over its orders still in `HELD_STATUSES`; a counter no order backs is set to 0.
 * Answers how many counters it changed.
 */
export async function recountHolds(): Promise<number> {
  const held = (await Promise.all(HELD_STATUSES.map(heldOrdersOf))).flat();
  const expected = new Map<string, HoldCounter>();
  for (const order of held) {
    for (const name of order.holdKeys ?? []) {
      const before = expected.get(name) ?? { orders: 0, units: 0 };
      expected.set(name, { orders: before.orders + 1, units: before.units + (order.holdUnits ?? 0) });
    }
  }
  const stored = await allHoldCounters();
  let changed = 0;
  for (const name of new Set([...stored.keys(), ...expected.keys()])) {
    const want = expected.get(name) ?? { orders: 0, units: 0 };
    const have = stored.get(name);
    if (have?.orders === want.orders && have.units === want.units) continue;
    await setHoldCounter(name, want);
    changed++;
  }
  return changed;
}

/** The recount, only when there are no counters at all (a new table, e.g. the twin's first start after this change). */
export async function recountIfEmpty(): Promise<boolean> {
  if (Object.keys(await allCounters()).length > 0) return false;
  await recount();
  return true;
}
