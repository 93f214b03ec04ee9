/**
 * Query strings of the back-office lists: page size and cursor, and for orders the status filter and
 * the order-number search. Query values arrive as strings.
 *
 * Made with `zod/mini`, as the other query of a read route (`./order-access.ts`): the list functions
 * read, and carry about 20 KB of zod instead of about 95 KB for the classic API.
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages/index.ts';
import { isOrderStatus, ORDER_STATUSES, PAID_STATUSES, type OrderStatus } from '../order-status.ts';
import { MAX_SEARCH_LENGTH, searchPlan } from '../order-search.ts';
import { MAX_EXPORT_DAYS, MAX_PAGE_SIZE } from './limits.ts';

export { DEFAULT_PAGE_SIZE, MAX_EXPORT_DAYS, MAX_PAGE_SIZE } from './limits.ts';

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

const exportDay = z
  .string({ error: v.export.date })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.export.date }),
    z.refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), { error: v.export.date }),
  );

/**
 * `?from=&to=&status=&kind=` of the accountant's export: Lisbon days, both included, at most a year;
 * `status` is one status or several separated by commas (`Enviar,Enviado`), absent for the paid ones
 * (`exportStatuses`); `kind` is `orders` (one row an order) or `lines` (one row a piece of an order).
 */
export const ordersExportQuerySchema = z
  .object({
    from: exportDay,
    to: exportDay,
    status: z.optional(z.string({ error: v.export.statuses }).check(z.refine((list) => parseExportStatuses(list) !== undefined, { error: v.export.statuses }))),
    kind: z._default(z.enum(['orders', 'lines'], { error: v.export.kind }), 'orders'),
  })
  .check(
    z.refine((q) => q.from <= q.to, { error: v.export.order, path: ['to'] }),
    z.refine((q) => (Date.parse(`${q.to}T12:00:00Z`) - Date.parse(`${q.from}T12:00:00Z`)) / 86_400_000 < MAX_EXPORT_DAYS, { error: v.export.tooLong(MAX_EXPORT_DAYS), path: ['to'] }),
  );
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/**
 * The statuses an export's `status` names, without repeats, in the lifecycle's order; undefined when
 * one of them is not a status (or none is named).
 *
 * @example parseExportStatuses('Enviado,Enviar') // ['Enviar', 'Enviado']
 */
export function parseExportStatuses(list: string): OrderStatus[] | undefined {
  const named = list.split(',').map((part) => part.trim());
  if (named.length === 0 || !named.every(isOrderStatus)) return undefined;
  return ORDER_STATUSES.filter((status) => named.includes(status));
}

/**
 * The statuses an export includes: those its query names, else the paid ones (`PAID_STATUSES`: the
 * accountant's sales). Pass it `ORDER_STATUSES.join(',')` for every order.
 */
export function exportStatuses(query: Pick<OrdersExportQuery, 'status'>): readonly OrderStatus[] {
  return (query.status !== undefined ? parseExportStatuses(query.status) : undefined) ?? PAID_STATUSES;
}
