import { salesQuerySchema } from '#shared/schemas/sales-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { text } from '#lambdas/http/response.ts';
import { exportSales } from '#lambdas/services/sales-export.ts';

export const handler = httpRoute('GET /api/admin/sales/export', { query: salesQuerySchema }, async ({ query }) => {
  const { filename, csv } = await exportSales(query);
  return text(csv, 'text/csv; charset=utf-8', { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' });
});
