/**
 * The sales view's sums (shared/sales.ts, docs/sales.md): Lisbon days, Monday weeks and months with
 * the empty ones, paid money less refunds, a fully refunded order not a sale, the best pieces of the
 * orders that kept money.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import type { LedgerEntry } from '#shared/ledger.ts';
import { periodOf, periodsOf, salesReport } from '#shared/sales.ts';

const line = (productId: string, quantity: number, lineTotalCents: number, size?: string) => ({
  productId,
  name: `Peça ${productId}`,
  ...(size ? { size } : {}),
  code: productId,
  sku: productId,
  quantity,
  priceCents: lineTotalCents / quantity,
  discountPercent: 0,
  unitPriceCents: lineTotalCents / quantity,
  lineTotalCents,
});

function order(createdAt: string, totalCents: number, refunds: number[] = [], lines = [line('a', 1, totalCents)]): Order {
  const ledgerRecords: LedgerEntry[] = refunds.map((amountCents, i) => ({
    id: `refund:manual:${i}`,
    kind: 'refund',
    method: 'paypal',
    source: 'owner',
    state: 'refunded',
    amountCents,
    currency: 'EUR',
    at: createdAt,
    settledAt: createdAt,
    by: 'admin@example.com',
    reason: 'manual',
  }));
  return {
    id: createdAt,
    orderNumber: 1,
    status: 'Enviado',
    createdAt,
    totalCents,
    paymentMethod: 'transferencia',
    paidOutsideAt: createdAt,
    lines,
    ledgerRecords,
  } as unknown as Order;
}

describe('the periods', () => {
  it('weeks begin on Monday, months by their first day, empty ones kept', () => {
    expect(periodOf('2026-12-06', 'week')).toBe('2026-11-30');
    expect(periodOf('2026-12-07', 'week')).toBe('2026-12-07');
    expect(periodsOf('2026-11-29', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsOf('2026-03-28', '2026-04-02', 'day')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    expect(periodsOf('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});

describe('salesReport', () => {
  it('counts an order on its Lisbon day, paid less refunded, and a fully refunded order is no sale', () => {
    const orders = [
      order('2026-07-01T23:30:00.000Z', 3480), // 2 July in Lisbon (summer time)
      order('2026-07-02T10:00:00.000Z', 2000, [500]),
      order('2026-07-02T11:00:00.000Z', 1500, [1500]),
      order('2026-07-05T11:00:00.000Z', 900, [], [line('b', 2, 600, '14'), line('a', 1, 300)]),
    ];
    const report = salesReport(orders, { from: '2026-07-01', to: '2026-07-05', by: 'day' });
    expect(report.periods.map((p) => [p.period, p.revenueCents, p.orders])).toEqual([
      ['2026-07-01', 0, 0],
      ['2026-07-02', 3480 + 1500, 2],
      ['2026-07-03', 0, 0],
      ['2026-07-04', 0, 0],
      ['2026-07-05', 900, 1],
    ]);
    expect(report.periods[1]).toMatchObject({ paidCents: 6980, refundedCents: 2000, averageBasketCents: Math.round(4980 / 2) });
    expect(report.totals).toEqual({
      paidCents: 7880,
      refundedCents: 2000,
      revenueCents: 5880,
      orders: 3,
      averageBasketCents: Math.round(5880 / 3),
    });
    expect(report.methods).toEqual([
      { method: 'transferencia', paidCents: 7880, refundedCents: 0 },
      { method: 'paypal', paidCents: 0, refundedCents: 2000 },
    ]);
    // The refunded order's piece is not ranked; a piece in two sizes is two rows.
    expect(report.topPieces.map((p) => [p.productId, p.size, p.quantity, p.lineTotalCents])).toEqual([
      ['a', undefined, 3, 3480 + 2000 + 300],
      ['b', '14', 2, 600],
    ]);
    const weeks = salesReport(orders, { from: '2026-07-01', to: '2026-07-05', by: 'week' });
    expect(weeks.periods.map((p) => [p.period, p.revenueCents])).toEqual([['2026-06-29', 5880]]);
  });

  it('leaves out unpaid orders and those outside the range', () => {
    const unpaid = {
      ...order('2026-07-02T10:00:00.000Z', 2000),
      status: 'Aguarda Pagamento',
      paidOutsideAt: undefined,
    } as unknown as Order;
    const report = salesReport([unpaid, order('2026-08-01T10:00:00.000Z', 1000)], { from: '2026-07-01', to: '2026-07-31', by: 'month' });
    expect(report.periods).toEqual([
      { period: '2026-07', paidCents: 0, refundedCents: 0, revenueCents: 0, orders: 0, averageBasketCents: 0 },
    ]);
    expect(report.topPieces).toEqual([]);
  });
});
