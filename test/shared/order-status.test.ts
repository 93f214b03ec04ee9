import { describe, expect, it } from 'vitest';
import {
  adminNextStatuses,
  canTransition,
  isBeforeShipping,
  isPaidOutsideMove,
  isPaidStatus,
  ORDER_NUMBER_MAX,
  PAID_STATUSES,
  ORDER_TRANSITIONS,
  ORDER_NUMBER_MIN,
  ORDER_STATUSES,
  ORDER_STATUS_INFO,
  generateOrderNumber,
  isOrderStatus,
} from '#shared/order-status.ts';

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
  it('are a reservation awaiting payment, then the five of the order lifecycle, in order', () => {
    expect(ORDER_STATUSES).toEqual(['Aguarda Pagamento', 'Confirmar Pagamento', 'Enviar', 'Enviado', 'Concluido', 'Encerrada']);
  });

  it('move only forward along the lifecycle, or to closed; closed is final', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      'Aguarda Pagamento': ['Confirmar Pagamento', 'Enviar', 'Encerrada'],
      'Confirmar Pagamento': ['Enviar', 'Encerrada'],
      Enviar: ['Enviado', 'Encerrada'],
      Enviado: ['Concluido', 'Encerrada'],
      Concluido: ['Encerrada'],
      Encerrada: [],
    });
    expect(canTransition('Enviado', 'Enviar')).toBe(false);
    expect(canTransition('Encerrada', 'Confirmar Pagamento')).toBe(false);
    expect(canTransition('Enviar', 'Enviado')).toBe(true);
  });

  it('leave the proof to the customer: the owner marks a reservation paid outside the site (with a note) or cancels it', () => {
    expect(adminNextStatuses('Aguarda Pagamento')).toEqual(['Enviar', 'Encerrada']);
    expect(adminNextStatuses('Confirmar Pagamento')).toEqual(['Enviar', 'Encerrada']);
    expect(isPaidOutsideMove('Aguarda Pagamento', 'Enviar')).toBe(true);
    for (const [from, to] of [
      ['Confirmar Pagamento', 'Enviar'],
      ['Aguarda Pagamento', 'Confirmar Pagamento'],
      ['Aguarda Pagamento', 'Encerrada'],
    ] as const) {
      expect(isPaidOutsideMove(from, to)).toBe(false);
    }
  });

  it('call an order paid once its payment is confirmed: Enviar, Enviado, Concluido', () => {
    expect(PAID_STATUSES).toEqual(['Enviar', 'Enviado', 'Concluido']);
    expect(ORDER_STATUSES.filter(isPaidStatus)).toEqual(['Enviar', 'Enviado', 'Concluido']);
  });

  it('tell the statuses before shipping (closing them is a cancellation) from those after', () => {
    expect(ORDER_STATUSES.filter(isBeforeShipping)).toEqual(['Aguarda Pagamento', 'Confirmar Pagamento', 'Enviar']);
  });

  it('have pt-PT labels', () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_INFO[status].label)).toEqual([
      'Aguarda Pagamento',
      'Confirmar Pagamento',
      'Enviar',
      'Enviado',
      'Concluído',
      'Encerrada',
    ]);
  });

  it('have distinct badge colours with at least 7:1 contrast', () => {
    const backgrounds = new Set(ORDER_STATUSES.map((status) => ORDER_STATUS_INFO[status].badge.background));
    expect(backgrounds.size).toBe(ORDER_STATUSES.length);
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
