/**
 * Query strings of the back-office lists: page size and cursor, and for orders the status filter and
 * the order-number search. Query values arrive as strings.
 */
import * as z from 'zod';
import { validationTexts } from '../messages.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { MAX_SEARCH_LENGTH, searchPlan } from '../order-search.ts';

const v = validationTexts;

/** Largest page the API serves. */
export const MAX_PAGE_SIZE = 100;
/** Page size when none is asked. */
export const DEFAULT_PAGE_SIZE = 20;

const pageFields = {
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: v.pageQuery.limit })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: v.pageQuery.limit }).max(MAX_PAGE_SIZE, { error: v.pageQuery.limit }))
    .optional(),
  cursor: z.string().max(1000, { error: v.pageQuery.cursor }).optional(),
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
  status: z.enum(ORDER_STATUSES, { error: v.pageQuery.status }).optional(),
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { error: v.pageQuery.search })
    .optional()
    .transform((q) => (q ? q : undefined))
    .refine((q) => q === undefined || searchPlan(q) !== undefined, { error: v.pageQuery.search }),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** The longest period one export covers (a year, as an accountant asks for). */
export const MAX_EXPORT_DAYS = 366;

const exportDay = z.string({ error: v.export.date }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.export.date }).refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), { error: v.export.date });

/**
 * `?from=&to=&status=&kind=` of the accountant's export: Lisbon days, both included, at most a year;
 * `kind` is `orders` (one row an order) or `lines` (one row a piece of an order).
 */
export const ordersExportQuerySchema = z
  .object({
    from: exportDay,
    to: exportDay,
    status: z.enum(ORDER_STATUSES, { error: v.pageQuery.status }).optional(),
    kind: z.enum(['orders', 'lines'], { error: v.export.kind }).default('orders'),
  })
  .refine((q) => q.from <= q.to, { error: v.export.order, path: ['to'] })
  .refine((q) => (Date.parse(`${q.to}T12:00:00Z`) - Date.parse(`${q.from}T12:00:00Z`)) / 86_400_000 < MAX_EXPORT_DAYS, { error: v.export.tooLong(MAX_EXPORT_DAYS), path: ['to'] });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;
