import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { deleteCollection } from '#lambdas/services/collection-edits.ts';

export const handler = httpRoute('DELETE /api/admin/collections/{id}', {}, async ({ params }) => {
  await deleteCollection(params.id);
  return ok({ deleted: params.id! });
});
