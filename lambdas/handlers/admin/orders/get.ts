import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { orderDetail } from '../../../services/admin-orders.ts';

export const handler = httpRoute('GET /api/admin/orders/{id}', {}, async ({ params }) => ok(await orderDetail(params.id)));
