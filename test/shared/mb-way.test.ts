import { describe, expect, it } from 'vitest';
import {
  MBWAY_NUMBER_1_LIMIT,
  MBWAY_NUMBER_2_LIMIT,
  chooseMbWayNumber,
  mbWayCounter,
  monthKey,
  reservationMbWayNumber,
  type MbWayCounters,
} from '#shared/mb-way.ts';

describe('MB WAY number of the month', () => {
  it('has limits 35 and 40', () => {
    expect(MBWAY_NUMBER_1_LIMIT).toBe(35);
    expect(MBWAY_NUMBER_2_LIMIT).toBe(40);
  });

  it('uses number 1 for the first order of a month, with or without stored counters', () => {
    expect(chooseMbWayNumber({ count1: 0, count2: 0 })).toBe(1);
    expect(chooseMbWayNumber(undefined)).toBe(1);
    expect(chooseMbWayNumber(null)).toBe(1);
    expect(chooseMbWayNumber({})).toBe(1);
  });

  it('puts the 35th order on number 1 and the 36th on number 2', () => {
    expect(chooseMbWayNumber({ count1: 34, count2: 0 })).toBe(1); // 35th order
    expect(chooseMbWayNumber({ count1: 35, count2: 0 })).toBe(2); // 36th order
  });

  it('puts the 40th order of number 2 on it, then MB WAY is unavailable', () => {
    expect(chooseMbWayNumber({ count1: 35, count2: 39 })).toBe(2);
    expect(chooseMbWayNumber({ count1: 35, count2: 40 })).toBeNull();
    expect(chooseMbWayNumber({ count1: 36, count2: 41 })).toBeNull();
  });

  it('takes exactly 75 orders in a month, 35 then 40', () => {
    let counters: MbWayCounters = { count1: 0, count2: 0 };
    const used: number[] = [];
    for (let number = chooseMbWayNumber(counters); number !== null; number = chooseMbWayNumber(counters)) {
      used.push(number);
      const { field } = mbWayCounter(number);
      counters = { ...counters, [field]: counters[field] + 1 };
    }
    expect(used).toHaveLength(75);
    expect(used.filter((n) => n === 1)).toHaveLength(35);
    expect(used.slice(35).every((n) => n === 2)).toBe(true);
    expect(counters).toEqual({ count1: 35, count2: 40 });
  });

  it('names the counter and the bound of a conditional update', () => {
    expect(mbWayCounter(1)).toEqual({ field: 'count1', limit: 35 });
    expect(mbWayCounter(2)).toEqual({ field: 'count2', limit: 40 });
  });
});

describe('monthKey (Europe/Lisbon)', () => {
  it.each([
    // Summer time (UTC+1) starts on the last Sunday of March: 29 March 2026.
    ['2026-03-31T22:59:59Z', '2026-03'],
    ['2026-03-31T23:00:00Z', '2026-04'],
    ['2026-03-31T23:30:00Z', '2026-04'],
    ['2026-09-30T22:59:59Z', '2026-09'],
    ['2026-09-30T23:00:00Z', '2026-10'],
    // Winter time (UTC+0), after the last Sunday of October (25 October 2026).
    ['2026-10-31T23:30:00Z', '2026-10'],
    ['2026-11-01T00:00:00Z', '2026-11'],
    ['2026-01-31T23:30:00Z', '2026-01'],
    ['2026-02-01T00:00:00Z', '2026-02'],
    ['2026-02-28T23:59:59Z', '2026-02'],
    // Year boundary, in winter.
    ['2025-12-31T23:59:59Z', '2025-12'],
    ['2026-01-01T00:00:00Z', '2026-01'],
    // The night of the March change itself: 01:00 UTC becomes 02:00 local.
    ['2026-03-29T00:59:59Z', '2026-03'],
  ])('%s is %s', (iso, key) => {
    expect(monthKey(new Date(iso))).toBe(key);
  });

  it('keeps months of different years apart', () => {
    expect(monthKey(new Date('2025-04-15T12:00:00Z'))).not.toBe(monthKey(new Date('2026-04-15T12:00:00Z')));
  });

  it('defaults to now', () => {
    expect(monthKey()).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
  });
});

describe('the MB WAY number of an unpaid reservation', () => {
  it("follows the spec's order while a number has room counting live reservations", () => {
    expect(reservationMbWayNumber({ count1: 0, count2: 0 })).toBe(1);
    expect(reservationMbWayNumber({ count1: 10, count2: 0, live1: 24 })).toBe(1);
    expect(reservationMbWayNumber({ count1: 10, count2: 0, live1: 25 })).toBe(2);
  });

  it('when live reservations take up both numbers: the one with more room, never refused', () => {
    expect(reservationMbWayNumber({ count1: 10, count2: 0, live1: 80, live2: 50 })).toBe(2);
    expect(reservationMbWayNumber({ count1: 0, count2: 0, live1: 500, live2: 500 })).toBe(2);
    expect(reservationMbWayNumber({ count1: 0, count2: 0, live1: 100, live2: 900 })).toBe(1);
  });

  it('is refused only when paid orders fill both numbers; a full number is never given', () => {
    expect(reservationMbWayNumber({ count1: 35, count2: 40 })).toBeNull();
    expect(reservationMbWayNumber({ count1: 35, count2: 0, live2: 400 })).toBe(2);
    expect(reservationMbWayNumber({ count1: 0, count2: 40, live1: 400 })).toBe(1);
    expect(reservationMbWayNumber({ count1: 0, count2: 0 }, { number1: 0, number2: 0 })).toBeNull();
  });
});
