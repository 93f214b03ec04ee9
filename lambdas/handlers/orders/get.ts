import { orderAccessQuerySchema } from '#shared/schemas/order-access.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { customerOrder } from '../../services/orders.ts';

export const handler = httpRoute('GET /api/orders/{id}', { query: orderAccessQuerySchema }, async ({ params, query }) => ok(await customerOrder(params.id, query.token)));
