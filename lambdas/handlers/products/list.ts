import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { publicCatalogue } from '../../services/catalog.ts';

export const handler = httpRoute('GET /api/products', {}, async () => ok({ products: await publicCatalogue() }));
