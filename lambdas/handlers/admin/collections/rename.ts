import { collectionInputSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { renameCollection } from '#lambdas/services/collection-edits.ts';

export const handler = httpRoute('PUT /api/admin/collections/{id}', { body: collectionInputSchema }, async ({ params, body }) =>
  ok({ collection: await renameCollection(params.id, body.name) }),
);
