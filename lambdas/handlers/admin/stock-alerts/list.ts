import { DEFAULT_PAGE_SIZE, pageQuerySchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { listStockAlerts } from '../../../repositories/stock-alerts.ts';

export const handler = httpRoute('GET /api/admin/stock-alerts', { query: pageQuerySchema }, async ({ query }) => {
  const page = await listStockAlerts(query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
  return ok({ alerts: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) });
});
