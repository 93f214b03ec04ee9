import { productInputSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { adminActor } from '../../../http/identity.ts';
import { created } from '../../../http/response.ts';
import { createProduct } from '../../../services/admin-products.ts';

export const handler = httpRoute('POST /api/admin/products', { body: productInputSchema }, async ({ event, body }) =>
  created({ product: await createProduct(body, adminActor(event)) }),
);
