/**
 * The sales view's ranges (docs/sales.md): the one it opens with and its quick choices, in Lisbon days.
 */
import { dayKey } from '#shared/dates.ts';
import { periodOf } from '#shared/sales.ts';
import type { SalesGrouping } from '#shared/schemas/sales-query.ts';

export interface SalesRange {
  readonly from: string;
  readonly to: string;
  readonly by: SalesGrouping;
}

/** `day` moved by `days` (may be negative). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `months` before `day`'s. */
function monthStart(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** The quick choices, ending today (Lisbon): the last 30 days by day, 12 weeks by week, 12 months by month. */
export function presetRanges(now: Date = new Date()): Record<'days30' | 'weeks12' | 'months12', SalesRange> {
  const today = dayKey(now);
  return {
    days30: { from: addDays(today, -29), to: today, by: 'day' },
    weeks12: { from: addDays(periodOf(today, 'week'), -77), to: today, by: 'week' },
    months12: { from: monthStart(today, 11), to: today, by: 'month' },
  };
}
