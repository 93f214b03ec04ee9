import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { publicCatalogue } from '../../services/catalogue-reads.ts';

export const handler = httpRoute('GET /api/products', {}, async () => ok({ products: await publicCatalogue() }));
