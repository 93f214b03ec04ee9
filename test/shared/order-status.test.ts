import { describe, expect, it } from 'vitest';
import {
  INITIAL_ORDER_STATUS,
  ORDER_NUMBER_MAX,
  ORDER_NUMBER_MIN,
  ORDER_STATUSES,
  ORDER_STATUS_INFO,
  generateOrderNumber,
  isOrderStatus,
} from '../../shared/order-status.ts';

/** WCAG relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('order statuses', () => {
  it('are the five values, in order, and a new order starts at the first', () => {
    expect(ORDER_STATUSES).toEqual(['Confirmar Pagamento', 'Enviar', 'Enviado', 'Concluido', 'Encerrada']);
    expect(INITIAL_ORDER_STATUS).toBe('Confirmar Pagamento');
  });

  it('have pt-PT labels', () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_INFO[status].label)).toEqual([
      'Confirmar Pagamento',
      'Enviar',
      'Enviado',
      'Concluído',
      'Encerrada',
    ]);
  });

  it('have distinct badge colours with at least 7:1 contrast', () => {
    const backgrounds = new Set(ORDER_STATUSES.map((status) => ORDER_STATUS_INFO[status].badge.background));
    expect(backgrounds.size).toBe(5);
    for (const status of ORDER_STATUSES) {
      const { background, text } = ORDER_STATUS_INFO[status].badge;
      expect(background).toMatch(/^#[0-9a-f]{6}$/);
      expect(text).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(background, text)).toBeGreaterThanOrEqual(7);
    }
  });

  it('are guarded exactly', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const value of ['Concluído', 'concluido', 'enviado', '', null, 1]) expect(isOrderStatus(value)).toBe(false);
  });
});

describe('generateOrderNumber', () => {
  it('spans 100000 to 999999 inclusive', () => {
    expect(ORDER_NUMBER_MIN).toBe(100_000);
    expect(ORDER_NUMBER_MAX).toBe(999_999);
    expect(generateOrderNumber(() => 0)).toBe(100_000);
    expect(generateOrderNumber(() => 0.5)).toBe(550_000);
    expect(generateOrderNumber(() => 0.9999999)).toBe(999_999);
  });

  it('stays in range even for a random source that returns 1 or less than 0', () => {
    expect(generateOrderNumber(() => 1)).toBe(999_999);
    expect(generateOrderNumber(() => -0.1)).toBe(100_000);
  });

  it('gives 6-digit integers with Math.random', () => {
    for (let i = 0; i < 1000; i += 1) {
      const number = generateOrderNumber();
      expect(Number.isInteger(number)).toBe(true);
      expect(String(number)).toMatch(/^[1-9]\d{5}$/);
    }
  });
});
