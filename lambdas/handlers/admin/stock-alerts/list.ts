import { pageQuerySchema } from '#shared/schemas/admin-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { stockAlertsPage } from '#lambdas/services/admin-stock-alerts.ts';

export const handler = httpRoute('GET /api/admin/stock-alerts', { query: pageQuerySchema }, async ({ query }) =>
  ok(await stockAlertsPage(query)),
);
