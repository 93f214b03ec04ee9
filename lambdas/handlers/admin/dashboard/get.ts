import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { dashboard } from '#lambdas/services/dashboard.ts';

export const handler = httpRoute('GET /api/admin/dashboard', {}, async () => ok(await dashboard()));
