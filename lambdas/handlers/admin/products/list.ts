import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { adminProducts } from '../../../services/admin-products.ts';

export const handler = httpRoute('GET /api/admin/products', {}, async () => ok({ products: await adminProducts() }));
