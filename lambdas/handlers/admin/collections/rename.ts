import { collectionInputSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { renameCollection } from '../../../services/catalog.ts';

export const handler = httpRoute('PUT /api/admin/collections/{id}', { body: collectionInputSchema }, async ({ params, body }) =>
  ok({ collection: await renameCollection(params.id, body.name) }),
);
