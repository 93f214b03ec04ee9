import { stockChangeSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { adminActor } from '#lambdas/http/identity.ts';
import { ok } from '#lambdas/http/response.ts';
import { changeStock } from '#lambdas/services/admin-stock.ts';

export const handler = httpRoute('POST /api/admin/products/{id}/stock', { body: stockChangeSchema }, async ({ event, params, body }) =>
  ok(await changeStock(params.id, body, adminActor(event))),
);
