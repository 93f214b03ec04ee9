/** Back-office use case on the back-in-stock requests customers sent: the list, newest first. */
import type { StockAlertsPage } from '#shared/api.ts';
import { DEFAULT_PAGE_SIZE } from '#shared/schemas/limits.ts';
import type { PageQuery } from '#shared/schemas/admin-query.ts';
import { listStockAlerts } from '../repositories/stock-alerts.ts';

export async function stockAlertsPage(query: PageQuery): Promise<StockAlertsPage> {
  const page = await listStockAlerts(query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
  return { alerts: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
