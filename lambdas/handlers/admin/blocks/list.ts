import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { blockList } from '#lambdas/services/abuse.ts';

export const handler = httpRoute('GET /api/admin/blocks', {}, async () => ok(await blockList()));
