/**
 * Money you can account for (docs/money.md), through the real handlers and the twin: an order paid by
 * transfer (its proof checked by the owner), then closed with part of it given back by PayPal, reads
 * the same amounts on the customer's order, the cancellation mail, the owner's order and both CSVs;
 * the "Movimentos" CSV has one row per payment, refund and fee, its header on row 1, and totals per
 * method that match the orders CSV of the same query. A refund larger than what was paid changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { csvMoney } from '#shared/csv.ts';
import { dayKey } from '#shared/dates.ts';
import { refundTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { createProduct, customerOrderView, mailsTo, orderBody, placeOrder } from '../support/factories.ts';
import { adminIdToken, adminToken, call, twin } from '../support/twin.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { clientFetch } from '../support/clients.ts';

// A shop of its own: the day's totals compared here are every order of the day, and the shared twin's
// other files place orders of every shape meanwhile (CI run of stop 46: 35 orders against 34).
twinOfItsOwn();

type Answer = { order: Order; error?: { code: string; message: string; fields?: Record<string, string> } };
const patch = async (id: string, body: object) => call<Answer>('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });

/** The CSV as Excel reads it (no quoted cells in these files' money rows), and its raw bytes. */
async function exportCsv(query: string) {
  const answer = await clientFetch(`${twin().url}/api/admin/orders/export?${query}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const rows = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
  return { status: answer.status, disposition: answer.headers.get('content-disposition'), bytes, rows };
}

const cents = (money: string) => (money === '' ? 0 : Math.round(Number(money.replace(',', '.')) * 100));

describe('a manual partial refund, everywhere the same', () => {
  it('customer page, mail, owner order, orders CSV and Movimentos CSV say 10,00 € back by PayPal of 34,80 € by transfer', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 3480 });
    const email = `movimentos.${randomUUID().slice(0, 8)}@exemplo.pt`;
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email, paymentMethod: 'transferencia' }));
    expect(placed.status).toBe(201);
    const { id, orderNumber, totalCents, accessToken } = placed.body.order;
    expect((await patch(id, { status: 'Enviar' })).status).toBe(200);

    // More than was paid: refused beside its field, nothing changes.
    const tooMuch = await patch(id, { status: 'Encerrada', refundCents: totalCents + 1, refundMethod: 'paypal' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error?.fields?.refundCents).toBe(refundTexts.manualRange(formatCents(totalCents)));
    expect((await call<Answer>('GET', `/api/admin/orders/${id}`, { token: await adminIdToken() })).body.order.status).toBe('Enviar');

    const closed = await patch(id, { status: 'Encerrada', refundCents: 1000, refundMethod: 'paypal' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.order.financialStatus).toBe('partially_refunded');
    expect(closed.body.order.ledger?.filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ method: 'paypal', source: 'owner', state: 'refunded', amountCents: 1000, reason: 'manual' }),
    ]);

    // The customer's order: the same refund, no names nor notes.
    const customer = await customerOrderView(id, accessToken);
    expect(customer.body.order.financialStatus).toBe('partially_refunded');
    expect(customer.body.order.ledger).toEqual([
      expect.objectContaining({ kind: 'payment', method: 'transferencia', state: 'paid', amountCents: totalCents }),
      expect.objectContaining({ kind: 'refund', method: 'paypal', state: 'refunded', amountCents: 1000 }),
    ]);
    expect(JSON.stringify(customer.body.order.ledger)).not.toContain('@');

    // The cancellation mail says what went back, and how.
    const mails = await mailsTo(email);
    const cancelled = mails.find((mail) => /cancelad/i.test(mail.subject));
    expect(cancelled?.body.text).toContain('Já te devolvemos 10,00 € por PayPal.');

    // The orders CSV: the method that paid, the financial status, in and back; the header on row 1.
    const today = dayKey(new Date());
    const query = `from=${today}&to=${today}&status=${encodeURIComponent('Enviar,Enviado,Concluido,Encerrada')}`;
    const orders = await exportCsv(query);
    expect(orders.status).toBe(200);
    expect(orders.disposition).toBe(`attachment; filename="encomendas-${today}-a-${today}-enviar-enviado-concluido-encerrada.csv"`);
    expect([...orders.bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'N'.charCodeAt(0)]);
    const header = orders.rows[0]!;
    const mine = orders.rows.find((row) => row[0] === String(orderNumber))!;
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect([cell(mine, 'Pagamento'), cell(mine, 'Estado do pagamento'), cell(mine, 'Recebido'), cell(mine, 'Devolvido')]).toEqual([
      'Transferência Bancária',
      'Parcialmente devolvido',
      csvMoney(totalCents),
      '10,00',
    ]);

    // Movimentos: one row per movement, then totals per method that match the orders CSV.
    const movements = await exportCsv(`${query}&kind=movements`);
    expect(movements.disposition).toBe(`attachment; filename="movimentos-${today}-a-${today}-enviar-enviado-concluido-encerrada.csv"`);
    const [columns, ...rest] = movements.rows;
    expect(columns).toEqual([
      'Data',
      'Nº encomenda',
      'Estado da encomenda',
      'Movimento',
      'Método',
      'Origem',
      'Entrada',
      'Saída',
      'Moeda',
      'Pagamento no Stripe',
      'Reembolso no Stripe',
      'Código de desconto',
    ]);
    const ofMine = rest.filter((row) => row[1] === String(orderNumber)).map((row) => row.slice(3, 9));
    expect(ofMine).toEqual([
      ['Pagamento', 'Transferência Bancária', 'Comprovativo verificado', csvMoney(totalCents), '', 'EUR'],
      ['Devolução', 'PayPal', 'Registado pela loja', '', '10,00', 'EUR'],
    ]);
    // The totals: per method, the sums of the movements above them; of all methods, the sum of those.
    // (Other test files add orders to the same days meanwhile: the files are compared order by order.)
    const moves = rest.filter((row) => row[3] !== 'Total');
    const sums = new Map<string, [number, number]>();
    for (const row of moves)
      sums.set(row[4]!, [(sums.get(row[4]!)?.[0] ?? 0) + cents(row[6]!), (sums.get(row[4]!)?.[1] ?? 0) + cents(row[7]!)]);
    const totals = rest.filter((row) => row[3] === 'Total');
    expect(new Map(totals.filter((row) => row[4] !== 'Todos os métodos').map((row) => [row[4], [cents(row[6]!), cents(row[7]!)]]))).toEqual(
      sums,
    );
    const all = totals.find((row) => row[4] === 'Todos os métodos')!;
    expect([cents(all[6]!), cents(all[7]!)]).toEqual([...sums.values()].reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]));
    // Every order of the orders CSV: its "Recebido" and "Devolvido" are its movements' in and refunds, by the method named.
    for (const row of orders.rows.slice(1)) {
      // An order that moved between the two reads (another file's) is not compared.
      const its = moves.filter((move) => move[1] === row[0]);
      if (its.some((move) => move[2] !== cell(row, 'Estado'))) continue;
      expect(its.length > 0, row[0]).toBe(cents(cell(row, 'Recebido')!) > 0);
      expect(
        its.filter((move) => move[3] === 'Pagamento').reduce((sum, move) => sum + cents(move[6]!), 0),
        row[0],
      ).toBe(cents(cell(row, 'Recebido')!));
      expect(
        its.filter((move) => move[3] === 'Devolução').reduce((sum, move) => sum + cents(move[7]!), 0),
        row[0],
      ).toBe(cents(cell(row, 'Devolvido')!));
      for (const move of its.filter((m) => m[3] === 'Pagamento')) expect(move[4], row[0]).toBe(cell(row, 'Pagamento'));
    }
  });
});
