import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { stockMovements } from '#lambdas/services/admin-stock.ts';

export const handler = httpRoute('GET /api/admin/products/{id}/stock-movements', {}, async ({ params }) =>
  ok(await stockMovements(params.id)),
);
