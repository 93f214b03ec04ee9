import { productUpdateSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { updateProduct } from '../../../services/admin-products.ts';

export const handler = httpRoute('PUT /api/admin/products/{id}', { body: productUpdateSchema }, async ({ params, body }) =>
  ok(await updateProduct(params.id, body)),
);
