import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { orderDetail } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('GET /api/admin/orders/{id}', {}, async ({ params }) => ok(await orderDetail(params.id)));
