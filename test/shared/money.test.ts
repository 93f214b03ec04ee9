import { describe, expect, it } from 'vitest';
import { CENTS_PER_EURO, CURRENCY, eurosToCents, formatCents, parseEuroInput } from '#shared/money.ts';
import { moneyTexts } from '#shared/messages/index.ts';

describe('formatCents', () => {
  it.each([
    [1250, '12,50 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [300, '3,00 €'],
    [1699, '16,99 €'],
    [123456, '1234,56 €'],
    [12345678, '123 456,78 €'],
    [1_000_000, '10 000,00 €'],
    [-1250, '-12,50 €'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('always shows two decimals and only plain spaces (no U+00A0 or U+202F)', () => {
    for (const cents of [1, 10, 100, 99_999, 12_345_678]) {
      const text = formatCents(cents);
      expect(text).toMatch(/^\d[\d ]*,\d{2} €$/);
      expect(text).not.toMatch(/[\u00a0\u202f]/);
    }
  });

  it('shows every amount up to 1000 € exactly to the cent', () => {
    for (let cents = 0; cents <= 100_000; cents += 1) {
      const euros = String(Math.floor(cents / 100));
      const grouped = euros.length >= 5 ? euros.replace(/\B(?=(\d{3})+$)/g, ' ') : euros;
      const expected = `${grouped},${String(cents % 100).padStart(2, '0')} €`;
      if (formatCents(cents) !== expected) expect(formatCents(cents)).toBe(expected);
    }
  });

  it('is in euros, 100 cents each', () => {
    expect(CURRENCY).toBe('EUR');
    expect(CENTS_PER_EURO).toBe(100);
  });
});

describe('eurosToCents', () => {
  it('rounds away floating-point noise', () => {
    expect(eurosToCents(12.34)).toBe(1234);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(100)).toBe(10_000);
  });
});

describe('parseEuroInput', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12.5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['0,01', 1],
    ['0', 0],
    [' 1 234,56 ', 123456],
    ['1.234,56', 123456],
    ['1\u00a0234,56', 123456],
    ['12,50 €', 1250],
    ['€12', 1200],
    ['007,10', 710],
    ['10000', 1_000_000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseEuroInput(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', moneyTexts.required],
    ['   ', moneyTexts.required],
    ['€', moneyTexts.required],
    ['-5', moneyTexts.negative],
    ['-0,50', moneyTexts.negative],
    ['12,345', moneyTexts.tooManyDecimals],
    ['1.234', moneyTexts.tooManyDecimals],
    ['abc', moneyTexts.invalid],
    ['12,', moneyTexts.invalid],
    [',5', moneyTexts.invalid],
    ['1,2,3', moneyTexts.invalid],
    ['1e3', moneyTexts.invalid],
    ['12.34,5', moneyTexts.invalid],
    ['99999999999999', moneyTexts.tooLarge],
  ])('refuses %j with its message', (text, message) => {
    expect(parseEuroInput(text)).toEqual({ ok: false, message });
  });

  it('keeps the largest accepted amount a safe integer', () => {
    const result = parseEuroInput('9999999999999,99');
    expect(result).toEqual({ ok: true, cents: 999_999_999_999_999 });
    expect(Number.isSafeInteger(result.ok && result.cents)).toBe(true);
  });
});
