/**
 * The accountant's export: CSV that Portuguese Excel opens (UTF-8 with BOM, `;`,
 * CRLF, `12,34`, the header on row 1), orders or lines of a range of Lisbon days (the movements:
 * `movements-export.test.ts`); read back here: columns, accents, totals
 * equal to the orders', a formula-like name neutralised; bad ranges refused in Portuguese.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csvMoney } from '#shared/csv.ts';
import { dayKey } from '#shared/dates.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { createProduct, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminToken, call, twin } from '../support/twin.ts';
import { clientFetch } from '../support/clients.ts';

/** The CSV as a spreadsheet reads it: rows of cells (quoted cells with `;`, `""` and line breaks handled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const setStatus = async (id: string, status: string) =>
  call('PATCH', `/api/admin/orders/${id}`, { token: await adminToken(), body: { status } });

const exportCsv = async (query: string) => {
  const answer = await clientFetch(`${twin().url}/api/admin/orders/export?${query}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return { status: answer.status, headers: answer.headers, bytes: Buffer.from(await answer.arrayBuffer()) };
};

describe('GET /api/admin/orders/export', () => {
  it('orders and lines of today, read back: BOM, columns, accents, comma money, totals equal orders; a formula stays text', async () => {
    const piece = await createProduct({
      name: `Colar Conceição ${randomUUID().slice(0, 4)}`,
      stock: 10,
      priceCents: 2490,
      discountPercent: 10,
    });
    const tag = randomUUID().slice(0, 6);
    const a = await placeOrder(
      await orderBody([{ productId: piece.id, quantity: 2 }], {
        firstName: 'Conceição',
        lastName: `Araújo ${tag}`,
        address: 'Rua "Nova"; 3',
      }),
    );
    const b = await placeOrder(
      await orderBody([{ productId: piece.id, quantity: 1 }], { firstName: '=HYPERLINK("https://evil.example")', lastName: `Mal ${tag}` }),
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    // Paid (the payment confirmed): what the export holds unless asked for other statuses.
    for (const placed of [a, b]) expect((await setStatus(placed.body.order.id, 'Enviar')).status).toBe(200);
    const today = dayKey(new Date());

    const orders = await exportCsv(`from=${today}&to=${today}`);
    expect(orders.status).toBe(200);
    expect(orders.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(orders.headers.get('content-disposition')).toBe(
      `attachment; filename="encomendas-${today}-a-${today}-enviar-enviado-concluido.csv"`,
    );
    // The header is Excel's row 1: the byte-order mark, then at once its first cell (no line before it).
    expect([...orders.bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'N'.charCodeAt(0)]);
    const rows = parseCsv(orders.bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Nº encomenda',
      'Data',
      'Estado',
      'Nome',
      'Apelido',
      'E-mail',
      'Telefone',
      'Morada',
      'Código postal',
      'Localidade',
      'País',
      'Pagamento',
      'Envio',
      'Subtotal',
      'Desconto',
      'Portes',
      'Total',
      'Estado do pagamento',
      'Recebido',
      'Devolvido',
      'NIF',
      'Fatura',
      'Notas de crédito',
      'Oferta',
      'Embrulho (€)',
      'Pagamento no Stripe',
      'Comissão do Stripe',
      'Líquido recebido',
      'Reembolsado pelo Stripe',
      'Código de desconto',
      'Desconto do código',
    ]);
    const rowOf = (n: number) => rows.find((r) => r[0] === String(n))!;
    const rowA = rowOf(a.body.order.orderNumber);
    expect(rowA.slice(3, 5)).toEqual(['Conceição', `Araújo ${tag}`]);
    expect(rowA[7]).toBe('Rua "Nova"; 3');
    expect(rowA[16]).toBe(csvMoney(a.body.order.totalCents));
    // Paid by transfer, the proof checked: the ledger's method, status and what came in.
    expect(rowA.slice(11, 12).concat(rowA.slice(17, 20))).toEqual([
      'Transferência Bancária',
      'Pago',
      csvMoney(a.body.order.totalCents),
      '0,00',
    ]);
    expect(rowA[13]).toBe(csvMoney(a.body.order.subtotalCents));
    expect(rowA[14]).toBe(csvMoney(a.body.order.discountCents));
    expect(rowOf(b.body.order.orderNumber)[3]).toBe(`'=HYPERLINK("https://evil.example")`);

    const lines = await exportCsv(`from=${today}&to=${today}&kind=lines`);
    expect(lines.headers.get('content-disposition')).toBe(
      `attachment; filename="linhas-de-encomendas-${today}-a-${today}-enviar-enviado-concluido.csv"`,
    );
    const lineRows = parseCsv(lines.bytes.toString('utf8').slice(1));
    expect(lineRows[0]).toEqual([
      'Nº encomenda',
      'Data',
      'Estado',
      'Peça',
      'Código',
      'SKU',
      'Quantidade',
      'Preço unitário',
      'Desconto (%)',
      'Preço com desconto',
      'Total da linha',
    ]);
    const lineA = lineRows.find((r) => r[0] === String(a.body.order.orderNumber))!;
    expect(lineA.slice(3, 4)).toEqual([piece.name]);
    expect(lineA[6]).toBe('2');
    expect(lineA[10]).toBe(csvMoney(a.body.order.lines[0]!.lineTotalCents));
  });

  it('the status filter and the day range: another status or yesterday only has none of them', async () => {
    const piece = await createProduct({ stock: 3 });
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    const today = dayKey(new Date());
    const yesterday = dayKey(new Date(Date.now() - 86_400_000));
    const number = String(placed.body.order.orderNumber);
    const has = async (query: string) => parseCsv((await exportCsv(query)).bytes.toString('utf8').slice(1)).some((r) => r[0] === number);
    expect(await has(`from=${today}&to=${today}&status=Confirmar%20Pagamento`)).toBe(true);
    expect(await has(`from=${today}&to=${today}&status=Enviado`)).toBe(false);
    expect(await has(`from=${yesterday}&to=${yesterday}`)).toBe(false);
  });

  it('is the sales by default: no unpaid reservation, no proof to check, no closed order; other statuses by choice, named', async () => {
    const piece = await createProduct({ stock: 10, priceCents: 2490 });
    const reserved = await placeOrder(reservationBody([{ productId: piece.id, quantity: 2 }]));
    const toCheck = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    const paid = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    const cancelled = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect((await setStatus(paid.body.order.id, 'Enviar')).status).toBe(200);
    expect((await setStatus(cancelled.body.order.id, 'Encerrada')).status).toBe(200);
    const today = dayKey(new Date());
    const numbers = (text: string) =>
      parseCsv(text)
        .slice(1)
        .map((row) => row[0]);
    const mine = [reserved, toCheck, paid, cancelled].map((placed) => String(placed.body.order.orderNumber));

    const sales = await exportCsv(`from=${today}&to=${today}`);
    const listed = numbers(sales.bytes.toString('utf8').slice(1)).filter((n) => mine.includes(n!));
    expect(listed).toEqual([String(paid.body.order.orderNumber)]);
    for (const row of parseCsv(sales.bytes.toString('utf8').slice(1)).slice(1))
      expect(['Enviar', 'Enviado', 'Concluído']).toContain(row[2]);

    const chosen = await exportCsv(`from=${today}&to=${today}&status=${encodeURIComponent('Encerrada,Aguarda Pagamento')}`);
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get('content-disposition')).toBe(
      `attachment; filename="encomendas-${today}-a-${today}-aguarda-pagamento-encerrada.csv"`,
    );
    const chosenText = chosen.bytes.toString('utf8').slice(1);
    expect(parseCsv(chosenText)[0]![0]).toBe('Nº encomenda');
    expect(
      numbers(chosenText)
        .filter((n) => mine.includes(n!))
        .sort(),
    ).toEqual([reserved, cancelled].map((placed) => String(placed.body.order.orderNumber)).sort());

    const refused = await call('GET', `/api/admin/orders/export?from=${today}&to=${today}&status=Pago`, { token: await adminToken() });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.status).toBe(validationTexts.export.statuses);
  });

  it('refuses bad ranges in Portuguese, and anyone who is not an admin', async () => {
    const token = await adminToken();
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-12-01', validationTexts.export.date],
      ['from=2026-02-30&to=2026-03-01', validationTexts.export.date],
      ['from=2026-05-02&to=2026-05-01', validationTexts.export.order],
      ['from=2024-01-01&to=2026-01-01', validationTexts.export.tooLong(366)],
      ['from=2026-01-01&to=2026-01-02&kind=tudo', validationTexts.export.kind],
    ];
    for (const [query, message] of cases) {
      const answer = await call('GET', `/api/admin/orders/export?${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(Object.values(answer.body.error.fields ?? {}).concat(answer.body.error.message), query).toContain(message);
    }
    expect((await call('GET', '/api/admin/orders/export?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });
});
