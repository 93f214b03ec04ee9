import { collectionInputSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { created } from '#lambdas/http/response.ts';
import { createCollection } from '#lambdas/services/collection-edits.ts';

export const handler = httpRoute('POST /api/admin/collections', { body: collectionInputSchema }, async ({ body }) =>
  created({ collection: await createCollection(body.name) }),
);
