/**
 * The query of the accountant's export (`GET /api/admin/orders/export`): its days, statuses and kind,
 * and the file name that says them. Its own file, apart from the lists' queries (`./admin-query.ts`), so
 * that the export and the lists each carry only their schema (zod's schemas are built at load).
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages/index.ts';
import { isOrderStatus, ORDER_STATUSES, PAID_STATUSES, type OrderStatus } from '../order-status.ts';
import { MAX_EXPORT_DAYS } from './limits.ts';

export { MAX_EXPORT_DAYS } from './limits.ts';

const v = queryValidationTexts;

const exportDay = z.string({ error: v.export.date }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.export.date }),
  z.refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), {
    error: v.export.date,
  }),
);

/** What the accountant's export holds, one row each: orders, their lines, or the movements of their money. */
export const EXPORT_KINDS = ['orders', 'lines', 'movements'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * `?from=&to=&status=&kind=` of the accountant's export: Lisbon days, both included, at most a year;
 * `status` is one status or several separated by commas (`Enviar,Enviado`), absent for the paid ones
 * (`exportStatuses`); `kind` is `orders` (one row an order), `lines` (one row a piece of an order) or
 * `movements` (one row a movement of the orders' money: docs/money.md).
 */
export const ordersExportQuerySchema = z
  .object({
    from: exportDay,
    to: exportDay,
    status: z.optional(
      z
        .string({ error: v.export.statuses })
        .check(z.refine((list) => parseExportStatuses(list) !== undefined, { error: v.export.statuses })),
    ),
    kind: z._default(z.enum(EXPORT_KINDS, { error: v.export.kind }), 'orders'),
  })
  .check(
    z.refine((q) => q.from <= q.to, { error: v.export.order, path: ['to'] }),
    z.refine((q) => (Date.parse(`${q.to}T12:00:00Z`) - Date.parse(`${q.from}T12:00:00Z`)) / 86_400_000 < MAX_EXPORT_DAYS, {
      error: v.export.tooLong(MAX_EXPORT_DAYS),
      path: ['to'],
    }),
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

/** The export's file name, before its range and statuses. */
const EXPORT_FILE_PREFIX: Record<ExportKind, string> = { orders: 'encomendas', lines: 'linhas-de-encomendas', movements: 'movimentos' };

/**
 * The export's file name (the server's `content-disposition`, the browser's saved file): what it holds,
 * its days and its statuses, so two exports of the same days never share a name.
 *
 * @example exportFileName({ kind: 'orders', from: '2026-12-01', to: '2026-12-07' }) //
 * 'encomendas-2026-12-01-a-2026-12-07-enviar-enviado-concluido.csv'
 */
export function exportFileName(query: Pick<OrdersExportQuery, 'kind' | 'from' | 'to' | 'status'>): string {
  const slugs = exportStatuses(query).map((status) => status.toLowerCase().replace(/\s+/g, '-'));
  return `${EXPORT_FILE_PREFIX[query.kind]}-${query.from}-a-${query.to}-${slugs.join('-')}.csv`;
}
