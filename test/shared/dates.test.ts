import { describe, expect, it } from 'vitest';
import { dayKey, lastDays, SHOP_TIME_ZONE, formatDate, formatDateTime, formatTime, lisbonDate } from '#shared/dates.ts';

describe('Lisbon dates', () => {
  it('uses Portugal mainland time', () => {
    expect(SHOP_TIME_ZONE).toBe('Europe/Lisbon');
  });

  it('gives the Lisbon calendar date in summer and in winter', () => {
    expect(lisbonDate(new Date('2026-03-31T23:30:00Z'))).toEqual({ year: 2026, month: 4, day: 1 });
    expect(lisbonDate(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it('formats pt-PT dates and 24-hour times in Lisbon', () => {
    expect(formatDate('2026-03-31T23:30:00Z')).toBe('01/04/2026');
    expect(formatTime('2026-03-31T23:30:00Z')).toBe('00:30');
    expect(formatDateTime(new Date('2026-01-15T09:05:00Z'))).toBe('15/01/2026 09:05');
    expect(formatDateTime('2026-07-15T21:45:00Z')).toBe('15/07/2026 22:45');
  });

  it("shows 'N/D' for a missing or broken date", () => {
    for (const value of [undefined, null, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('N/D');
      expect(formatDate(value)).toBe('N/D');
      expect(formatTime(value)).toBe('N/D');
    }
  });
});

describe('dayKey and lastDays (the dashboard periods, Lisbon days)', () => {
  it('names the Lisbon day, across midnight and the daylight-saving changes', () => {
    expect(dayKey(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(dayKey(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
    expect(lastDays(new Date('2026-03-30T00:30:00Z'), 3)).toEqual(['2026-03-30', '2026-03-29', '2026-03-28']);
    expect(lastDays(new Date('2026-10-26T12:00:00Z'), 2)).toEqual(['2026-10-26', '2026-10-25']);
    expect(lastDays(new Date('2026-03-01T23:30:00Z'), 3)).toEqual(['2026-03-01', '2026-02-28', '2026-02-27']);
    expect(new Set(lastDays(new Date(), 7)).size).toBe(7);
  });
});
