/**
 * The owner's sales view (docs/sales.md): the paid money of the orders placed in a range of Lisbon
 * days, read from each order's ledger (docs/money.md) the way the "Movimentos" CSV reads it — payments
 * `paid` in, refunds `refunded` out — grouped by day, week (Monday to Sunday) or month, with the best
 * pieces of the range and the money per method. Pure: the server gives it the orders, the screen shows
 * its answer.
 */
import type { Order } from './api.ts';
import { dayKey } from './dates.ts';
import { entryFlow, inShopCurrency, moneyOf, paidCents, receivedCents, refundedCents, type LedgerMethod } from './ledger.ts';
import type { SalesGrouping } from './schemas/sales-query.ts';
import { salesByCode, type SalesCode } from './sales-codes.ts';

/** The money and orders of one period, or of the whole range. All amounts integer cents. */
export interface SalesFigures {
  /** Money that came in (payments `paid`). */
  readonly paidCents: number;
  /** Money that went back (refunds `refunded`), shown apart. */
  readonly refundedCents: number;
  /** What the shop kept: in less back. */
  readonly revenueCents: number;
  /** Orders that kept money (a fully refunded order is not a sale). */
  readonly orders: number;
  /** Revenue per order kept, rounded to the cent; 0 without orders. */
  readonly averageBasketCents: number;
}

/** One bar of the chart: a day `YYYY-MM-DD`, a week (its Monday, `YYYY-MM-DD`) or a month `YYYY-MM`. */
export interface SalesPeriod extends SalesFigures {
  readonly period: string;
}

/** A piece (in one size) of the orders that kept money: units and what its lines came to. */
export interface SalesPiece {
  readonly productId: string;
  readonly name: string;
  readonly size?: string;
  readonly quantity: number;
  readonly lineTotalCents: number;
}

/** In and back per method, as the Movimentos CSV totals them. */
export interface SalesMethod {
  readonly method: LedgerMethod;
  readonly paidCents: number;
  readonly refundedCents: number;
}

/** `GET /api/admin/sales`: the periods of the range (empty ones too, oldest first), its totals, its best pieces, its methods. */
export interface SalesResponse {
  readonly from: string;
  readonly to: string;
  readonly by: SalesGrouping;
  readonly periods: readonly SalesPeriod[];
  readonly totals: SalesFigures;
  readonly topPieces: readonly SalesPiece[];
  readonly methods: readonly SalesMethod[];
  /** Per discount code: its return and uses in the range (`shared/sales-codes.ts`). */
  readonly codes: readonly SalesCode[];
}

/** How many pieces the view ranks. */
export const TOP_PIECES = 10;

const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period a Lisbon day belongs to.
 *
 * @example periodOf('2026-12-06', 'week') // '2026-11-30' (its Monday)
 * @example periodOf('2026-12-06', 'month') // '2026-12'
 */
export function periodOf(day: string, by: SalesGrouping): string {
  if (by === 'month') return day.slice(0, 7);
  if (by === 'day') return day;
  const date = noon(day);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return isoDay(date);
}

/** The periods from `from`'s to `to`'s, oldest first. */
export function periodsOf(from: string, to: string, by: SalesGrouping): string[] {
  const periods: string[] = [];
  for (let date = noon(from); isoDay(date) <= to; date.setUTCDate(date.getUTCDate() + 1)) {
    const period = periodOf(isoDay(date), by);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

interface Sums {
  paid: number;
  refunded: number;
  orders: number;
}

function figures({ paid, refunded, orders }: Sums): SalesFigures {
  const revenue = paid - refunded;
  return {
    paidCents: paid,
    refundedCents: refunded,
    revenueCents: revenue,
    orders,
    averageBasketCents: orders > 0 ? Math.round(revenue / orders) : 0,
  };
}

/** Adds an order's kept pieces to the ranking (keyed by piece and size). */
function addPieces(pieces: Map<string, SalesPiece>, order: Order): void {
  for (const line of order.lines) {
    const key = `${line.productId}\u0000${line.size ?? ''}`;
    const seen = pieces.get(key);
    pieces.set(key, {
      productId: line.productId,
      name: line.name,
      ...(line.size ? { size: line.size } : {}),
      quantity: (seen?.quantity ?? 0) + line.quantity,
      lineTotalCents: (seen?.lineTotalCents ?? 0) + line.lineTotalCents,
    });
  }
}

/** Adds an order's money in and out to the methods (each entry by its own method, in euros, as Movimentos). */
function addMethods(methods: Map<LedgerMethod, { paid: number; refunded: number }>, order: Order): void {
  for (const entry of moneyOf(order).ledger) {
    const { inCents: paid, outCents: refunded } = entryFlow(entry);
    if ((!paid && !refunded) || !inShopCurrency(entry)) continue;
    const sums = methods.get(entry.method) ?? { paid: 0, refunded: 0 };
    methods.set(entry.method, { paid: sums.paid + paid, refunded: sums.refunded + refunded });
  }
}

/**
 * The sales of `orders` (those placed from `from` to `to`, Lisbon days): each order counts in the
 * period of the day it was placed, with what its ledger says came in and went back; an order counts
 * as a sale while it keeps money (`paid > refunded`), and only those orders' pieces are ranked.
 */
export function salesReport(
  orders: readonly Order[],
  query: { readonly from: string; readonly to: string; readonly by: SalesGrouping },
): SalesResponse {
  const { from, to, by } = query;
  const sums = new Map<string, Sums>(periodsOf(from, to, by).map((period) => [period, { paid: 0, refunded: 0, orders: 0 }]));
  const pieces = new Map<string, SalesPiece>();
  const methods = new Map<LedgerMethod, { paid: number; refunded: number }>();
  for (const order of orders) {
    const sum = sums.get(periodOf(dayKey(new Date(order.createdAt)), by));
    const { ledger } = moneyOf(order);
    // Money in as Movimentos counts it (an amount that did not pay the order too, until it is given back);
    // the order is a sale only once paid, and while it keeps money.
    const paid = receivedCents(ledger);
    const refunded = refundedCents(ledger);
    if (!sum || (paid === 0 && refunded === 0)) continue;
    const kept = paidCents(ledger) > 0 && paid > refunded;
    Object.assign(sum, { paid: sum.paid + paid, refunded: sum.refunded + refunded, orders: sum.orders + (kept ? 1 : 0) });
    if (kept) addPieces(pieces, order);
    addMethods(methods, order);
  }
  const all = [...sums.values()].reduce(
    (total, sum) => ({ paid: total.paid + sum.paid, refunded: total.refunded + sum.refunded, orders: total.orders + sum.orders }),
    { paid: 0, refunded: 0, orders: 0 },
  );
  const ranked = [...pieces.values()].sort(
    (a, b) => b.quantity - a.quantity || b.lineTotalCents - a.lineTotalCents || a.name.localeCompare(b.name, 'pt'),
  );
  return {
    from,
    to,
    by,
    periods: [...sums].map(([period, sum]) => ({ period, ...figures(sum) })),
    totals: figures(all),
    topPieces: ranked.slice(0, TOP_PIECES),
    methods: [...methods]
      .map(([method, sum]) => ({ method, paidCents: sum.paid, refundedCents: sum.refunded }))
      .sort((a, b) => b.paidCents - a.paidCents),
    codes: salesByCode(orders),
  };
}
