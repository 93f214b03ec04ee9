import { ordersQuerySchema } from '#shared/schemas/admin-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { ordersPage } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('GET /api/admin/orders', { query: ordersQuerySchema }, async ({ query }) => ok(await ordersPage(query)));
