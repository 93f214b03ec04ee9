import { collectionInputSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { created } from '../../../http/response.ts';
import { createCollection } from '../../../services/catalog.ts';

export const handler = httpRoute('POST /api/admin/collections', { body: collectionInputSchema }, async ({ body }) =>
  created({ collection: await createCollection(body.name) }),
);
