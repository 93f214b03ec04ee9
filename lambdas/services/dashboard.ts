/**
 * The back-office dashboard: the counters (one consistent BatchGet, whatever the number of orders or
 * messages) and the sold-out and low pieces of the (small, cached) catalogue, size by size. No table is
 * read whole.
 */
import type { DashboardPeriod, DashboardResponse } from '#shared/api.ts';
import { lastDays } from '#shared/dates.ts';
import { hasLowStockSize, hasSoldOutSize, isSoldOut } from '#shared/stock.ts';
import { monthKey } from '#shared/mb-way.ts';
import { ORDER_STATUSES, PROOF_STATUS, RESERVED_STATUS, type OrderStatus } from '#shared/order-status.ts';
import { COUNTER, getCounters } from '../repositories/counters.ts';
import { publicCatalogue } from './catalogue-reads.ts';
import { goLive, shopSettings } from './settings.ts';

export { PAID_STATUSES } from './counters.ts';

export async function dashboard(now = new Date()): Promise<DashboardResponse> {
  const month = monthKey(now);
  const week = lastDays(now, 7);
  const periods: Record<DashboardPeriod['period'], readonly string[]> = { today: [week[0]!], week, month: [month] };
  const names = [
    ...ORDER_STATUSES.map(COUNTER.orders),
    ...[month, ...week].flatMap((period) => [COUNTER.revenue(period), COUNTER.received(period)]),
    COUNTER.pendingStockAlerts,
    COUNTER.unreadContactMessages,
    COUNTER.reservedUnits,
    COUNTER.unconfirmedUnits,
  ];
  const [counters, products, settings, goLiveNow] = await Promise.all([
    getCounters(names),
    publicCatalogue(now.getTime()),
    shopSettings(now.getTime()),
    goLive(now.getTime()),
  ]);
  const sum = (keys: readonly string[], counter: (period: string) => string) =>
    keys.reduce((total, key) => total + (counters[counter(key)] ?? 0), 0);
  return {
    periods: (Object.keys(periods) as DashboardPeriod['period'][]).map((period) => ({
      period,
      receivedOrders: sum(periods[period], COUNTER.received),
      revenueCents: sum(periods[period], COUNTER.revenue),
    })),
    ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((status) => [status, counters[COUNTER.orders(status)] ?? 0])) as Record<
      OrderStatus,
      number
    >,
    month,
    monthRevenueCents: counters[COUNTER.revenue(month)] ?? 0,
    outOfStockProducts: products.filter((p) => isSoldOut(p)).length,
    soldOutSizeProducts: products.filter((p) => hasSoldOutSize(p)).length,
    lowStockProducts: products.filter((p) => hasLowStockSize(p, settings.lowStockThreshold)).length,
    lowStockThreshold: settings.lowStockThreshold,
    pendingStockAlerts: counters[COUNTER.pendingStockAlerts] ?? 0,
    unreadContactMessages: counters[COUNTER.unreadContactMessages] ?? 0,
    // Never below 0: a shop whose reservations began before this counter needs `npm run recount` once.
    goLive: goLiveNow,
    openReservations: {
      count: Math.max(0, counters[COUNTER.orders(RESERVED_STATUS)] ?? 0),
      units: Math.max(0, counters[COUNTER.reservedUnits] ?? 0),
    },
    unconfirmedProofs: {
      count: Math.max(0, counters[COUNTER.orders(PROOF_STATUS)] ?? 0),
      units: Math.max(0, counters[COUNTER.unconfirmedUnits] ?? 0),
    },
  };
}
