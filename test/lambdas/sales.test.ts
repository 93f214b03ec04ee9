/**
 * The owner's sales view (docs/sales.md) through the real handler and the twin: an order paid today
 * adds its total to today's revenue and one order; a refund lowers the day's revenue and shows apart;
 * the view's totals, per method too, are the Movimentos CSV's and the orders CSV's of the same days
 * (every status); the weeks and months add up to the days; a bad query is refused in Portuguese.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dayKey } from '#shared/dates.ts';
import { apiTexts, validationTexts } from '#shared/messages/index.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import type { SalesResponse } from '#shared/sales.ts';
import { MAX_SALES_DAYS } from '#shared/schemas/limits.ts';
import { createProduct, orderBody, placeOrder } from '../support/factories.ts';
import { adminIdToken, adminToken, call, twin } from '../support/twin.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { clientFetch } from '../support/clients.ts';

// A shop of its own: the day's totals compared here are every order of the day, and the shared twin's
// other files place orders of every shape meanwhile (CI run of stop 46: 35 orders against 34).
twinOfItsOwn();

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const sales = async (query: string) => call<SalesResponse & ErrorBody>('GET', `/api/admin/sales?${query}`, { token: await adminToken() });
const patch = async (id: string, body: object) => call('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });

async function exportCsv(query: string): Promise<string[][]> {
  const answer = await clientFetch(`${twin().url}/api/admin/orders/export?${query}`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  expect(answer.status).toBe(200);
  return (await answer.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => line.split(';'));
}
const cents = (money: string | undefined) => (!money ? 0 : Math.round(Number(money.replace(',', '.')) * 100));

const today = dayKey(new Date());

/** Today's figures (the day's period). */
async function todays(): Promise<SalesResponse['periods'][number]> {
  const answer = await sales(`from=${today}&to=${today}&by=day`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.periods.map((p) => p.period)).toEqual([today]);
  return answer.body.periods[0]!;
}

describe('the sales view reads paid money from the ledger', () => {
  it('a paid order adds its total and one order; a refund lowers the day and shows apart', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 3480 });
    const before = await todays();
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email: `vendas.${randomUUID().slice(0, 8)}@exemplo.pt`, paymentMethod: 'transferencia' }));
    expect(placed.status).toBe(201);
    const { id, totalCents } = placed.body.order;
    // Reserved, not paid: no money yet.
    expect((await todays()).revenueCents - before.revenueCents).toBe(0);
    expect((await patch(id, { status: 'Enviar' })).status).toBe(200);
    const paid = await todays();
    // Other files add orders to today meanwhile: at least ours.
    expect(paid.paidCents - before.paidCents).toBeGreaterThanOrEqual(totalCents);
    expect(paid.orders - before.orders).toBeGreaterThanOrEqual(1);

    const closed = await patch(id, { status: 'Encerrada', refundCents: 1000, refundMethod: 'paypal' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const refunded = await todays();
    expect(refunded.refundedCents - paid.refundedCents).toBeGreaterThanOrEqual(1000);
    expect(refunded.revenueCents).toBe(refunded.paidCents - refunded.refundedCents);
    expect(refunded.averageBasketCents).toBe(Math.round(refunded.revenueCents / refunded.orders));
    // Our order's pieces are ranked (it kept 24,80 €).
    const range = await sales(`from=${today}&to=${today}`);
    expect(range.body.topPieces.some((p) => p.productId === piece.id && p.quantity === 1)).toBe(true);
  });

  it('equals the Movimentos and orders CSVs of the same days, and weeks and months add up to the days', async () => {
    const statuses = encodeURIComponent(ORDER_STATUSES.join(','));
    // Other files may add an order between the reads: read until the view is the same before and after the CSVs.
    for (let attempt = 1; ; attempt++) {
      const first = (await sales(`from=${today}&to=${today}&by=day`)).body;
      const movements = (await exportCsv(`from=${today}&to=${today}&status=${statuses}&kind=movements`)).slice(1).filter((row) => row[3] !== 'Total');
      const orders = await exportCsv(`from=${today}&to=${today}&status=${statuses}`);
      const again = (await sales(`from=${today}&to=${today}&by=day`)).body;
      if (JSON.stringify(first) !== JSON.stringify(again) && attempt < 5) continue;
      const payments = movements.filter((row) => row[3] === 'Pagamento');
      const refunds = movements.filter((row) => row[3] === 'Devolução');
      expect(first.totals.paidCents).toBe(payments.reduce((sum, row) => sum + cents(row[6]), 0));
      expect(first.totals.refundedCents).toBe(refunds.reduce((sum, row) => sum + cents(row[7]), 0));
      expect(first.totals.revenueCents).toBe(first.totals.paidCents - first.totals.refundedCents);
      for (const method of first.methods) {
        const label = ledgerMethodLabel(method.method);
        expect([method.paidCents, method.refundedCents], label).toEqual([
          payments.filter((row) => row[4] === label).reduce((sum, row) => sum + cents(row[6]), 0),
          refunds.filter((row) => row[4] === label).reduce((sum, row) => sum + cents(row[7]), 0),
        ]);
      }
      // The orders CSV: the orders that kept money are the view's orders; its "Recebido" and "Devolvido" its totals.
      const [header, ...rows] = orders;
      const cell = (row: string[], name: string) => row[header!.indexOf(name)];
      expect(first.totals.orders).toBe(rows.filter((row) => cents(cell(row, 'Recebido')) > cents(cell(row, 'Devolvido'))).length);
      expect(first.totals.paidCents).toBe(rows.reduce((sum, row) => sum + cents(cell(row, 'Recebido')), 0));
      expect(first.totals.refundedCents).toBe(rows.reduce((sum, row) => sum + cents(cell(row, 'Devolvido')), 0));

      const week = (await sales(`from=${today}&to=${today}&by=week`)).body;
      const month = (await sales(`from=${today}&to=${today}&by=month`)).body;
      if ((JSON.stringify(week.totals) !== JSON.stringify(first.totals) || JSON.stringify(month.totals) !== JSON.stringify(first.totals)) && attempt < 5) continue;
      expect(week.periods).toEqual([{ ...first.periods[0], period: week.periods[0]!.period }]);
      expect(month.periods).toEqual([{ ...first.periods[0], period: today.slice(0, 7) }]);
      break;
    }
  });

  it('refuses a bad query in Portuguese, beside its field', async () => {
    const v = validationTexts.sales;
    const cases: [string, string, string][] = [
      ['from=2026-12-01&to=2026-12-07&by=year', 'by', v.by],
      ['from=2026-12-07&to=2026-12-01', 'to', v.order],
      ['from=2026-02-30&to=2026-03-01', 'from', v.date],
      ['from=07-12-2026&to=2026-12-07', 'from', v.date],
      ['to=2026-12-07', 'from', v.date],
      ['from=2025-01-01&to=2026-12-31', 'to', v.tooLong(MAX_SALES_DAYS)],
    ];
    for (const [query, field, message] of cases) {
      const answer = await sales(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message, query).toBe(apiTexts.invalidQuery);
      expect(answer.body.error.fields?.[field], query).toBe(message);
    }
    // A year is allowed; an anonymous caller is not.
    expect((await sales(`from=2025-12-08&to=2026-12-07&by=month`)).status).toBe(200);
    expect((await call('GET', `/api/admin/sales?from=${today}&to=${today}`)).status).toBe(401);
  });
});
