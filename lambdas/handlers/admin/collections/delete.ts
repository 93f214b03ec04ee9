import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { deleteCollection } from '../../../services/catalog.ts';

export const handler = httpRoute('DELETE /api/admin/collections/{id}', {}, async ({ params }) => {
  await deleteCollection(params.id);
  return ok({ deleted: params.id! });
});
