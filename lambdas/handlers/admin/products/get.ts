import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { adminProductById } from '#lambdas/services/admin-products.ts';

export const handler = httpRoute('GET /api/admin/products/{id}', {}, async ({ params }) =>
  ok({ product: await adminProductById(params.id) }),
);
