import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { productById } from '../../services/catalogue-reads.ts';

export const handler = httpRoute('GET /api/products/{id}', {}, async ({ params }) => ok({ product: await productById(params.id) }));
