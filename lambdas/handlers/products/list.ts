import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { publicListing } from '../../services/catalogue-reads.ts';

export const handler = httpRoute('GET /api/products', {}, async () => ok({ products: await publicListing() }));
