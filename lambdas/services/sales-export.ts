/**
 * The sales view as a file ("Descarregar CSV" in "Vendas", docs/sales.md): the same report as
 * `GET /api/admin/sales` for the same query (`salesOf`: the orders placed in the range's Lisbon days,
 * paid money from their ledgers), as CSV that Portuguese Excel opens as it is (`shared/csv.ts`, as the
 * orders and Movimentos CSVs). One sheet, its sections one under the other, each with its own header
 * row, a blank row between: the periods (revenue, orders, average basket, in, and refunds apart) and
 * their total; the best pieces; the discount codes; the payment methods.
 */
import { csvDocument, csvMoney } from '#shared/csv.ts';
import { salesCsvTexts as t } from '#shared/messages/index.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import type { SalesFigures, SalesResponse } from '#shared/sales.ts';
import type { SalesQuery } from '#shared/schemas/sales-query.ts';
import { salesOf } from './sales.ts';

type Row = readonly (string | number)[];

const figureCells = (f: SalesFigures): Row => [
  csvMoney(f.revenueCents),
  f.orders,
  csvMoney(f.averageBasketCents),
  csvMoney(f.paidCents),
  csvMoney(f.refundedCents),
];

/** The CSV of a sales report: the periods' header is row 1, the other sections follow. */
export function salesCsv(report: SalesResponse): string {
  const periods: Row[] = [...report.periods.map((p) => [p.period, ...figureCells(p)]), [t.total, ...figureCells(report.totals)]];
  const pieces: Row[] = report.topPieces.map((piece) => [piece.name, piece.size ?? '', piece.quantity, csvMoney(piece.lineTotalCents)]);
  const codes: Row[] = report.codes.map((code) => [
    code.code,
    csvMoney(code.revenueCents),
    code.orders,
    csvMoney(code.discountCents),
    code.uses,
  ]);
  const methods: Row[] = report.methods.map((method) => [
    ledgerMethodLabel(method.method),
    csvMoney(method.paidCents),
    csvMoney(method.refundedCents),
  ]);
  const section = (header: Row, rows: Row[]): Row[] => [[], header, ...rows];
  return csvDocument(
    [t.period[report.by], ...t.figures],
    [...periods, ...section(t.pieces, pieces), ...section(t.codes, codes), ...section(t.methods, methods)],
  );
}

export async function exportSales(query: SalesQuery): Promise<{ filename: string; csv: string }> {
  return { filename: t.fileName(query.from, query.to, query.by), csv: salesCsv(await salesOf(query)) };
}
