import { productInputSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { adminActor } from '#lambdas/http/identity.ts';
import { created } from '#lambdas/http/response.ts';
import { createProduct } from '#lambdas/services/admin-products.ts';

export const handler = httpRoute('POST /api/admin/products', { body: productInputSchema }, async ({ event, body }) =>
  created({ product: await createProduct(body, adminActor(event)) }),
);
