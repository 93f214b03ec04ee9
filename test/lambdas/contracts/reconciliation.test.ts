/**
 * The accountant's sums reconcile (docs/money.md, "Money that did not pay the order"): a provider
 * payment of another amount or currency never pays the order, but its money arrived; given back, it
 * nets to nothing in the orders CSV, the Movimentos CSV and the sales view alike.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { financialStatus, orderLedger, paidCents, receivedCents, refundedCents } from '#shared/ledger.ts';
import { salesReport } from '#shared/sales.ts';
import { movementsCsv } from '#lambdas/services/movements-export.ts';
import { moneyCells } from '#lambdas/services/orders-export.ts';

const AT = '2026-12-07T10:00:00.000Z';
const PAID_AT = '2026-12-07T10:05:00.000Z';
const REFUND_AT = '2026-12-07T12:00:00.000Z';
const line = {
  productId: 'p',
  name: 'Anel',
  code: 'p',
  sku: 'p',
  quantity: 1,
  priceCents: 3480,
  discountPercent: 0,
  unitPriceCents: 3480,
  lineTotalCents: 3480,
};
// The provider took 30,00 € for a 34,80 € order: recorded, the order did not move, the owner gives it back.
const taken: ProviderPaymentRecord = {
  provider: 'stripe',
  method: 'mbway',
  status: 'succeeded',
  paymentId: 'pi_x',
  paidAt: PAID_AT,
  amountCents: 3000,
  currency: 'EUR',
  mismatch: true,
  feeCents: 50,
  netCents: 2950,
};

function order(providerPayment: ProviderPaymentRecord, extra: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderNumber: 7,
    status: 'Encerrada',
    createdAt: AT,
    totalCents: 3480,
    paymentMethod: 'mbway',
    lines: [line],
    timeline: [],
    providerPayment,
    ...extra,
  } as unknown as Order;
}

/** The Movimentos CSV's rows as cells, without the header. */
function movementRows(orders: Order[]): string[][] {
  return movementsCsv(orders)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => row.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
}

describe('a payment of another amount, given back', () => {
  const refunded = order({ ...taken, refunds: [{ refundId: 're_x', amountCents: 3000, at: REFUND_AT, reason: 'cancel' }] });

  it('is money in that never paid the order, and its refund brings the order back to nothing', () => {
    const ledger = orderLedger(refunded);
    expect(paidCents(ledger)).toBe(0);
    expect(receivedCents(ledger)).toBe(3000);
    expect(refundedCents(ledger)).toBe(3000);
    expect(financialStatus(ledger)).toBe('refunded');
  });

  it('the orders CSV says received 30,00 and given back 30,00', () => {
    expect(moneyCells(refunded).cells).toEqual(['Devolvido', '30,00', '30,00']);
  });

  it('Movimentos has the money in, its fee and the refund, and totals that net to the fee', () => {
    const rows = movementRows([refunded]);
    expect(rows.map((row) => [row[3], row[6], row[7]])).toEqual([
      // the totals: MB WAY, then all methods
      ['Pagamento de outro valor ou moeda (não pagou a encomenda)', '30,00', ''],
      ['Comissão', '', '0,50'],
      ['Devolução', '', '30,00'],
      ['Total', '30,00', '30,50'],
      ['Total', '30,00', '30,50'],
    ]);
  });

  it('the sales view counts no sale and no revenue', () => {
    const report = salesReport([refunded], { from: '2026-12-07', to: '2026-12-07', by: 'day' });
    expect(report.totals).toMatchObject({ paidCents: 3000, refundedCents: 3000, revenueCents: 0, orders: 0 });
    expect(report.topPieces).toEqual([]);
    expect(report.methods).toEqual([{ method: 'mbway', paidCents: 3000, refundedCents: 3000 }]);
  });

  it('not yet given back, it is money in but no sale', () => {
    const held = order(taken);
    expect(moneyCells(held).cells).toEqual(['Falhou', '30,00', '0,00']);
    const report = salesReport([held], { from: '2026-12-07', to: '2026-12-07', by: 'day' });
    expect(report.totals).toMatchObject({ revenueCents: 3000, orders: 0 });
    expect(report.topPieces).toEqual([]);
  });
});

describe('a payment in another currency', () => {
  it('stands apart in Movimentos with its own totals, and adds nothing to the euros', () => {
    const usd = order({
      ...taken,
      currency: 'USD',
      amountCents: 3480,
      feeCents: undefined,
      netCents: undefined,
      refunds: [{ refundId: 're_u', amountCents: 3480, at: REFUND_AT, reason: 'cancel' }],
    });
    const ledger = orderLedger(usd);
    expect([receivedCents(ledger), refundedCents(ledger)]).toEqual([0, 0]);
    expect(moneyCells(usd).cells.slice(1)).toEqual(['0,00', '0,00']);
    const rows = movementRows([usd]);
    expect(rows.map((row) => [row[3], row[4], row[6], row[7], row[8]])).toEqual([
      ['Pagamento de outro valor ou moeda (não pagou a encomenda)', 'MB WAY', '34,80', '', 'USD'],
      ['Devolução', 'MB WAY', '', '34,80', 'USD'],
      ['Total', 'MB WAY', '34,80', '34,80', 'USD'],
      ['Total', 'Todos os métodos', '0,00', '0,00', 'EUR'],
      ['Total', 'Todos os métodos', '34,80', '34,80', 'USD'],
    ]);
  });
});
