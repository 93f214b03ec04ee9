import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { stockMovements } from '../../../services/admin-stock.ts';

export const handler = httpRoute('GET /api/admin/products/{id}/stock-movements', {}, async ({ params }) => ok(await stockMovements(params.id)));
