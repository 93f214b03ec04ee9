import { ordersQuerySchema } from '../../../../shared/schemas/admin-query.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { ordersPage } from '../../../services/admin-orders.ts';

export const handler = httpRoute('GET /api/admin/orders', { query: ordersQuerySchema }, async ({ query }) => ok(await ordersPage(query)));
