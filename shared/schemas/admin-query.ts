/**
 * Query strings of the back-office lists: page size and cursor, and for orders the status filter and
 * the order-number search. Query values arrive as strings. The accountant's export has its own file
 * (`./orders-export-query.ts`), so that neither function carries the other's schema.
 *
 * Made with `zod/mini`, as the other query of a read route (`./order-access.ts`): the list functions
 * read, and carry about 20 KB of zod instead of about 95 KB for the classic API.
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages/index.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { MAX_SEARCH_LENGTH, searchPlan } from '../order-search.ts';
import { MAX_PAGE_SIZE } from './limits.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts';

const v = queryValidationTexts;

const pageFields = {
  limit: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,3}$/, { error: v.pageQuery.limit })), z.transform(Number)),
      z.int().check(z.minimum(1, { error: v.pageQuery.limit }), z.maximum(MAX_PAGE_SIZE, { error: v.pageQuery.limit })),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(1000, { error: v.pageQuery.cursor }))),
};

/**
 * `?limit=&cursor=` of a newest-first list.
 *
 * @example pageQuerySchema.parse({ limit: '50' }) // { limit: 50 }
 */
export const pageQuerySchema = z.object(pageFields);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * `?status=&q=&limit=&cursor=` of the orders list; `q` is what the owner remembers: part of the
 * customer's name, e-mail or phone, or the order number (`shared/order-search.ts`).
 */
export const ordersQuerySchema = z.object({
  ...pageFields,
  status: z.optional(z.enum(ORDER_STATUSES, { error: v.pageQuery.status })),
  q: z
    .pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH, { error: v.pageQuery.search }))),
      z.transform((q: string | undefined) => (q ? q : undefined)),
    )
    .check(z.refine((q) => q === undefined || searchPlan(q) !== undefined, { error: v.pageQuery.search })),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;
