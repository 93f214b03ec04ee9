import { salesQuerySchema } from '#shared/schemas/sales-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { salesOf } from '#lambdas/services/sales.ts';

export const handler = httpRoute('GET /api/admin/sales', { query: salesQuerySchema }, async ({ query }) => ok(await salesOf(query)));
