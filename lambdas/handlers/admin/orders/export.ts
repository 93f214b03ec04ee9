import { ordersExportQuerySchema } from '#shared/schemas/orders-export-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { text } from '#lambdas/http/response.ts';
import { exportOrders } from '#lambdas/services/orders-export.ts';

export const handler = httpRoute('GET /api/admin/orders/export', { query: ordersExportQuerySchema }, async ({ query }) => {
  const { filename, csv } = await exportOrders(query);
  return text(csv, 'text/csv; charset=utf-8', { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' });
});
