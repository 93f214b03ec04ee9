/**
 * The query of the owner's sales view (`GET /api/admin/sales?from=&to=&by=`, docs/sales.md): Lisbon
 * days, both included, at most `MAX_SALES_DAYS`, grouped by day, week (Monday to Sunday) or month.
 * Its own file, so that the sales function carries only this schema (zod's schemas are built at load).
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages/index.ts';
import { MAX_SALES_DAYS } from './limits.ts';

const v = queryValidationTexts.sales;

/** How the sales view groups its days. */
export const SALES_GROUPINGS = ['day', 'week', 'month'] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

const salesDay = z.string({ error: v.date }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.date }),
  z.refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), {
    error: v.date,
  }),
);

/** Days from `from` to `to`, both included (noon to noon: a daylight-saving change never skews it). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD&by=day|week|month` (`by` is `day` when absent). */
export const salesQuerySchema = z
  .object({
    from: salesDay,
    to: salesDay,
    by: z._default(z.enum(SALES_GROUPINGS, { error: v.by }), 'day'),
  })
  .check(
    z.refine((q) => q.from <= q.to, { error: v.order, path: ['to'] }),
    z.refine((q) => daysInRange(q.from, q.to) <= MAX_SALES_DAYS, { error: v.tooLong(MAX_SALES_DAYS), path: ['to'] }),
  );
export type SalesQuery = z.infer<typeof salesQuerySchema>;
