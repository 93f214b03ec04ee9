/**
 * The owner's sales view (docs/sales.md): the orders placed in the range's Lisbon days, read by the
 * listing index's date key (as the accountant's export, never the whole table), summed from their
 * ledgers by `salesReport` (`shared/sales.ts`).
 */
import { lisbonDayStart } from '#shared/dates.ts';
import { salesReport, type SalesResponse } from '#shared/sales.ts';
import type { SalesQuery } from '#shared/schemas/sales-query.ts';
import { ordersCreatedBetween } from '../repositories/orders.ts';

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export async function salesOf(query: SalesQuery): Promise<SalesResponse> {
  const orders = await ordersCreatedBetween(lisbonDayStart(query.from), lisbonDayStart(nextDay(query.to)));
  return salesReport(orders, query);
}
