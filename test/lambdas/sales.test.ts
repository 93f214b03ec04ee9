/**
 * The owner's sales view (docs/sales.md) through the real handler and the twin: an order paid today
 * adds its total to today's revenue and one order; a refund lowers the day's revenue and shows apart;
 * the view's totals, per method too, are the Movimentos CSV's and the orders CSV's of the same days
 * (every status); the weeks and months add up to the days; a bad query is refused in Portuguese. The
 * view's CSV ("Descarregar CSV") says the same figures as the view, per code too, and its money equals
 * the Movimentos CSV's of the same days.
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
import { adminIdToken, adminToken, call, callRoute, twin } from '../support/twin.ts';
import { csvMoney } from '#shared/csv.ts';
import { salesCsvTexts } from '#shared/messages/index.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { clientFetch } from '../support/clients.ts';

// A shop of its own: the day's totals compared here are every order of the day, and the shared twin's
// other files place orders of every shape meanwhile (CI run of stop 46: 35 orders against 34).
twinOfItsOwn();

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const sales = async (query: string) => call<SalesResponse & ErrorBody>('GET', `/api/admin/sales?${query}`, { token: await adminToken() });
const patch = async (id: string, body: object) => call('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });

async function exportCsv(query: string): Promise<string[][]> {
  const answer = await clientFetch(`${twin().url}/api/admin/orders/export?${query}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
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
    const placed = await placeOrder(
      await orderBody([{ productId: piece.id, quantity: 1 }], {
        email: `vendas.${randomUUID().slice(0, 8)}@exemplo.pt`,
        paymentMethod: 'transferencia',
      }),
    );
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
      const movements = (await exportCsv(`from=${today}&to=${today}&status=${statuses}&kind=movements`))
        .slice(1)
        .filter((row) => row[3] !== 'Total');
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
      if (
        (JSON.stringify(week.totals) !== JSON.stringify(first.totals) || JSON.stringify(month.totals) !== JSON.stringify(first.totals)) &&
        attempt < 5
      )
        continue;
      expect(week.periods).toEqual([{ ...first.periods[0], period: week.periods[0]!.period }]);
      expect(month.periods).toEqual([{ ...first.periods[0], period: today.slice(0, 7) }]);
      break;
    }
  });

  it("the view's CSV: the view's figures, section by section, and the Movimentos' money of the same days", async () => {
    // A sale with a code of its own, so that the codes' section has a line.
    const code = `VENDAS${randomUUID()
      .replace(/[^2-9A-HJ-NP-Z]/gi, '')
      .toUpperCase()
      .slice(0, 6)}`;
    const made = await callRoute(
      'POST /api/admin/discount-codes',
      { body: { code, type: 'percent', percent: 10, active: true } },
      { token: await adminToken() },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const piece = await createProduct({ stock: 5, priceCents: 1740 });
    const placed = await placeOrder({
      ...(await orderBody([{ productId: piece.id, quantity: 2 }], {
        email: `vendas.csv.${randomUUID().slice(0, 8)}@exemplo.pt`,
        paymentMethod: 'transferencia',
      })),
      discountCode: code,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.totalCents).toBe(3132);
    expect((await patch(placed.body.order.id, { status: 'Enviar' })).status).toBe(200);

    const statuses = encodeURIComponent(ORDER_STATUSES.join(','));
    for (let attempt = 1; ; attempt++) {
      const view = (await sales(`from=${today}&to=${today}&by=day`)).body;
      const answer = await clientFetch(`${twin().url}/api/admin/sales/export?from=${today}&to=${today}&by=day`, {
        headers: { authorization: `Bearer ${await adminToken()}` },
      });
      const movements = (await exportCsv(`from=${today}&to=${today}&status=${statuses}&kind=movements`))
        .slice(1)
        .filter((row) => row[3] !== 'Total');
      const again = (await sales(`from=${today}&to=${today}&by=day`)).body;
      if (JSON.stringify(view) !== JSON.stringify(again) && attempt < 5) continue;

      // Excel-friendly as the other CSVs: BOM, `;`, CRLF, a name that says its days and grouping.
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${salesCsvTexts.fileName(today, today, 'day')}"`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      // The sections, one under the other, a blank row between.
      const [periods = [], pieces = [], codes = [], methods = []] = text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n$/, '')
        .split('\r\n\r\n')
        .map((block) => block.split('\r\n').map((line) => line.split(';')));
      const figures = (f: SalesResponse['totals']) => [
        csvMoney(f.revenueCents),
        String(f.orders),
        csvMoney(f.averageBasketCents),
        csvMoney(f.paidCents),
        csvMoney(f.refundedCents),
      ];
      expect(periods).toEqual([
        [salesCsvTexts.period.day, ...salesCsvTexts.figures],
        [today, ...figures(view.periods[0]!)],
        [salesCsvTexts.total, ...figures(view.totals)],
      ]);
      expect(pieces).toEqual([
        [...salesCsvTexts.pieces],
        ...view.topPieces.map((p) => [p.name, p.size ?? '', String(p.quantity), csvMoney(p.lineTotalCents)]),
      ]);
      expect(codes).toEqual([
        [...salesCsvTexts.codes],
        ...view.codes.map((c) => [c.code, csvMoney(c.revenueCents), String(c.orders), csvMoney(c.discountCents), String(c.uses)]),
      ]);
      expect(codes).toContainEqual([code, '31,32', '1', '3,48', '1']);
      expect(methods).toEqual([
        [...salesCsvTexts.methods],
        ...view.methods.map((m) => [ledgerMethodLabel(m.method), csvMoney(m.paidCents), csvMoney(m.refundedCents)]),
      ]);

      // Its money is the Movimentos': in and back in all, and per method.
      const total = periods.at(-1)!;
      const payments = movements.filter((row) => row[3] === 'Pagamento');
      const refunds = movements.filter((row) => row[3] === 'Devolução');
      expect([cents(total[4]), cents(total[5])]).toEqual([
        payments.reduce((sum, row) => sum + cents(row[6]), 0),
        refunds.reduce((sum, row) => sum + cents(row[7]), 0),
      ]);
      expect(cents(total[1])).toBe(cents(total[4]) - cents(total[5]));
      for (const [label, paid, refunded] of methods.slice(1)) {
        expect([cents(paid), cents(refunded)], label).toEqual([
          payments.filter((row) => row[4] === label).reduce((sum, row) => sum + cents(row[6]), 0),
          refunds.filter((row) => row[4] === label).reduce((sum, row) => sum + cents(row[7]), 0),
        ]);
      }
      break;
    }
    // By week: the Monday names the period; a bad query and an anonymous caller are refused as the view's.
    const weekly = await call<string>('GET', `/api/admin/sales/export?from=${today}&to=${today}&by=week`, { token: await adminToken() });
    expect(weekly.status).toBe(200);
    expect(
      String(weekly.body)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]!
        .split(';')[0],
    ).toBe((await sales(`from=${today}&to=${today}&by=week`)).body.periods[0]!.period);
    expect((await call('GET', `/api/admin/sales/export?from=${today}&to=2020-01-01`, { token: await adminToken() })).status).toBe(400);
    expect((await call('GET', `/api/admin/sales/export?from=${today}&to=${today}`)).status).toBe(401);
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
