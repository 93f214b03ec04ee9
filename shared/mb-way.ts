/**
 * MB WAY phone number of the month: per calendar month in Lisbon (`YYYY-MM`), number 1 until its
 * counter reaches 35, then number 2 until its counter reaches 40, then MB WAY is unavailable for the
 * rest of that month. Only paid orders count (with a proof, or marked paid by the owner: docs/design.md
 * §27): unpaid reservations are live holds that choose the number but never make MB WAY unavailable.
 */
import { lisbonDate } from './dates.ts';

/** Orders number 1 takes in a month. */
export const MBWAY_NUMBER_1_LIMIT = 35;
/** Orders number 2 takes in a month, after number 1 is full. */
export const MBWAY_NUMBER_2_LIMIT = 40;

/** How many orders each number takes in a month (the shop's settings; the spec's 35 and 40 by default). */
export interface MbWayLimits {
  readonly number1: number;
  readonly number2: number;
}

/** The spec's limits. */
export const DEFAULT_MBWAY_LIMITS: MbWayLimits = { number1: MBWAY_NUMBER_1_LIMIT, number2: MBWAY_NUMBER_2_LIMIT };

/** Which of the two numbers. */
export type MbWayNumber = 1 | 2;

/** One month's counters, as stored under the month key: paid orders (`countN`) and live unpaid reservations (`liveN`) per number. */
export interface MbWayCounters {
  readonly count1: number;
  readonly count2: number;
  readonly live1?: number;
  readonly live2?: number;
}

/**
 * The number the next MB WAY order of the month uses, or null when MB WAY is unavailable.
 * Missing counters (a month with no order yet) count as zero.
 *
 * @example
 * chooseMbWayNumber({ count1: 34, count2: 0 });  // 1 (the 35th order)
 * chooseMbWayNumber({ count1: 35, count2: 0 });  // 2 (the 36th order)
 * chooseMbWayNumber({ count1: 35, count2: 40 }); // null
 */
export function chooseMbWayNumber(
  counters: Partial<MbWayCounters> | null | undefined,
  limits: MbWayLimits = DEFAULT_MBWAY_LIMITS,
): MbWayNumber | null {
  if ((counters?.count1 ?? 0) < limits.number1) return 1;
  if ((counters?.count2 ?? 0) < limits.number2) return 2;
  return null;
}

/**
 * The number an unpaid MB WAY reservation is given, or null when the paid orders fill both numbers (the
 * only way MB WAY becomes unavailable). Counting the live reservations too: the first number, in the
 * spec's order, with room left; when both are taken up by live reservations, the one with more room
 * (a reservation is never refused because strangers reserved).
 *
 * @example
 * reservationMbWayNumber({ count1: 10, count2: 0, live1: 25 });          // 2 (number 1 taken up by live holds)
 * reservationMbWayNumber({ count1: 10, count2: 0, live1: 80, live2: 50 }); // 2 (more room: 40-50 > 35-90)
 * reservationMbWayNumber({ count1: 35, count2: 40, live1: 0 });          // null
 */
export function reservationMbWayNumber(
  counters: Partial<MbWayCounters> | null | undefined,
  limits: MbWayLimits = DEFAULT_MBWAY_LIMITS,
): MbWayNumber | null {
  const numbers = ([1, 2] as const).filter((n) => (counters?.[`count${n}`] ?? 0) < limitOf(n, limits));
  const room = (n: MbWayNumber) => limitOf(n, limits) - (counters?.[`count${n}`] ?? 0) - (counters?.[`live${n}`] ?? 0);
  const first = numbers[0];
  if (first === undefined) return null;
  return numbers.find((n) => room(n) > 0) ?? numbers.reduce((best, n) => (room(n) > room(best) ? n : best), first);
}

const limitOf = (n: MbWayNumber, limits: MbWayLimits) => (n === 1 ? limits.number1 : limits.number2);

/**
 * The counter an order on this number increments, and the value it must stay below: what a
 * conditional database update needs (`ADD count1 :one` if `count1 < 35`).
 *
 * @example
 * mbWayCounter(2); // { field: 'count2', limit: 40 }
 */
export function mbWayCounter(
  number: MbWayNumber,
  limits: MbWayLimits = DEFAULT_MBWAY_LIMITS,
): { readonly field: 'count1' | 'count2'; readonly limit: number } {
  return number === 1 ? { field: 'count1', limit: limits.number1 } : { field: 'count2', limit: limits.number2 };
}

/**
 * The `YYYY-MM` key of the calendar month of a moment in Lisbon time.
 *
 * @example
 * monthKey(new Date('2026-03-31T23:30:00Z')); // '2026-04' (00:30 in Lisbon summer time)
 * monthKey(new Date('2026-01-31T23:30:00Z')); // '2026-01' (winter: Lisbon is UTC)
 */
export function monthKey(moment: Date = new Date()): string {
  const { year, month } = lisbonDate(moment);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
