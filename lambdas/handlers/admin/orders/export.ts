import { ordersExportQuerySchema } from '../../../../shared/schemas/admin-query.ts';
import { httpRoute } from '../../../http/handler.ts';
import { text } from '../../../http/response.ts';
import { exportOrders } from '../../../services/orders-export.ts';

export const handler = httpRoute('GET /api/admin/orders/export', { query: ordersExportQuerySchema }, async ({ query }) => {
  const { filename, csv } = await exportOrders(query);
  return text(csv, 'text/csv; charset=utf-8', { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' });
});
