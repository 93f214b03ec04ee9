import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { productById } from '../../../services/catalog.ts';

export const handler = httpRoute('GET /api/admin/products/{id}', {}, async ({ params }) => ok({ product: await productById(params.id) }));
