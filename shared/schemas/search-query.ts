/**
 * `?q=` of `GET /api/search` (zod/mini, a query): any text is a search (`shared/search.ts` cuts and
 * folds it; nothing to look for finds nothing), so nothing here is refused.
 */
import * as z from 'zod/mini';
import './zod-config.ts';

export const searchQuerySchema = z.object({ q: z.optional(z.string()) });
export type SearchQuery = z.infer<typeof searchQuerySchema>;
