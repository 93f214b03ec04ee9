import { productUpdateSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { updateProduct } from '#lambdas/services/admin-products.ts';

export const handler = httpRoute('PUT /api/admin/products/{id}', { body: productUpdateSchema }, async ({ params, body }) =>
  ok(await updateProduct(params.id, body)),
);
