/**
 * Calendar dates and times as the shop reads them: in Portugal's mainland time zone, whatever the
 * time zone of the server or of the browser.
 */
import { commonTexts } from './messages/index.ts';

/** The shop's time zone. */
export const SHOP_TIME_ZONE = 'Europe/Lisbon';

/** Year, month (1-12) and day of a moment in Lisbon. */
export interface LisbonDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const dateFormat = new Intl.DateTimeFormat('pt-PT', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('pt-PT', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The calendar date of a moment in Lisbon (UTC+0 in winter, UTC+1 in summer).
 *
 * @example
 * lisbonDate(new Date('2026-03-31T23:30:00Z')); // { year: 2026, month: 4, day: 1 }
 */
export function lisbonDate(moment: Date): LisbonDate {
  const parts = partsFormat.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The Lisbon calendar day of a moment, `YYYY-MM-DD` (the dashboard's daily counters).
 *
 * @example dayKey(new Date('2026-03-31T23:30:00Z')); // '2026-04-01'
 */
export function dayKey(moment: Date = new Date()): string {
  const { year, month, day } = lisbonDate(moment);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The Lisbon days of the `count` days ending with `moment`'s, newest first.
 *
 * @example lastDays(new Date('2026-03-02T12:00:00Z'), 3); // ['2026-03-02', '2026-03-01', '2026-02-28']
 */
export function lastDays(moment: Date, count: number): string[] {
  const days: string[] = [];
  // Noon-to-noon steps never skip or repeat a day across a daylight-saving change.
  const { year, month, day } = lisbonDate(moment);
  for (let i = 0; i < count; i++) days.push(dayKey(new Date(Date.UTC(year, month - 1, day - i, 12))));
  return days;
}

/**
 * The moment a Lisbon day (`YYYY-MM-DD`) begins, as an ISO instant (UTC): midnight in Lisbon, which is
 * 00:00Z in winter and 23:00Z of the day before in summer.
 *
 * @example lisbonDayStart('2026-07-01') // '2026-06-30T23:00:00.000Z'
 * @example lisbonDayStart('2026-01-15') // '2026-01-15T00:00:00.000Z'
 */
export function lisbonDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(Date.UTC(year, month - 1, date) - offsetHours * 3_600_000);
    if (dayKey(candidate) === day && dayKey(new Date(candidate.getTime() - 1)) !== day) return candidate.toISOString();
  }
  throw new Error(`Not a day: ${day}`);
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * pt-PT date in Lisbon, 'dd/mm/aaaa', or 'N/D' when the value is missing or not a date.
 *
 * @example
 * formatDate('2026-03-31T23:30:00Z'); // '01/04/2026'
 */
export function formatDate(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : commonTexts.notAvailable;
}

/**
 * pt-PT time in Lisbon, 'hh:mm' (24 h), or 'N/D'.
 *
 * @example
 * formatTime('2026-03-31T23:30:00Z'); // '00:30'
 */
export function formatTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : commonTexts.notAvailable;
}

/**
 * pt-PT date and time in Lisbon, 'dd/mm/aaaa hh:mm', or 'N/D'.
 *
 * @example
 * formatDateTime('2026-01-15T09:05:00Z'); // '15/01/2026 09:05'
 */
export function formatDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : commonTexts.notAvailable;
}
