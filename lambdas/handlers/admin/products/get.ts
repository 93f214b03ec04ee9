import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { adminProductById } from '../../../services/admin-products.ts';

export const handler = httpRoute('GET /api/admin/products/{id}', {}, async ({ params }) => ok({ product: await adminProductById(params.id) }));
