import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { deleteProduct } from '../../../services/admin-products.ts';

export const handler = httpRoute('DELETE /api/admin/products/{id}', {}, async ({ params }) => {
  await deleteProduct(params.id);
  return ok({ deleted: params.id! });
});
