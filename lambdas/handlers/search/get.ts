import { searchQuerySchema } from '#shared/schemas/search-query.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { searchListing } from '../../services/catalogue-reads.ts';

/** Any `q` is accepted: the search cuts and folds it (`shared/search.ts`); nothing to look for answers no pieces. */
export const handler = httpRoute('GET /api/search', { query: searchQuerySchema }, async ({ query }) =>
  ok({ products: await searchListing(query.q) }),
);
