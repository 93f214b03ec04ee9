import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { catalog } from '../../../services/catalog.ts';

export const handler = httpRoute('GET /api/admin/products', {}, async () => ok({ products: await catalog.listProducts() }));
