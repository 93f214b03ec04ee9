import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { deleteProduct } from '#lambdas/services/admin-products.ts';

export const handler = httpRoute('DELETE /api/admin/products/{id}', {}, async ({ params }) => {
  await deleteProduct(params.id);
  return ok({ deleted: params.id! });
});
