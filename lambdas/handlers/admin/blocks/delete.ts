import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { removeBlock } from '#lambdas/services/abuse.ts';

export const handler = httpRoute('DELETE /api/admin/blocks/{id}', {}, async ({ params }) => ok(await removeBlock(params.id)));
