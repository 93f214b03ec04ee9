/**
 * The sales view's tables (docs/sales.md): the chart's numbers per period with the range's totals,
 * the best pieces, and the money per method. On a phone each row reads as a card (`adm-table--cards`).
 */
import { formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import type { SalesFigures, SalesResponse } from '#shared/sales.ts';
import { nameWithSize } from '#shared/variants.ts';
import { salesTexts as t } from './sales-texts.ts';

/** The columns of the periods' table; `wide`: left out on a phone (in the totals' cards above, and in/back less what was kept). */
const FIGURE_COLUMNS = [
  [t.revenue, (f: SalesFigures) => formatCents(f.revenueCents), false],
  [t.orders, (f: SalesFigures) => String(f.orders), false],
  [t.averageBasket, (f: SalesFigures) => formatCents(f.averageBasketCents), true],
  [t.paid, (f: SalesFigures) => formatCents(f.paidCents), true],
  [t.refunded, (f: SalesFigures) => formatCents(f.refundedCents), false],
] as const;
const columnClass = (wide: boolean) => (wide ? 'adm-num sales-wide' : 'adm-num');

/** The numbers of the chart, one row per period, and the totals of the range: a plain table (one line a period) even on a phone. */
export function PeriodsTable({ sales }: { readonly sales: SalesResponse }) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table sales-periods" data-testid="sales-table">
        <caption className="visually-hidden">{t.tableTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{t.period}</th>
            {FIGURE_COLUMNS.map(([label, , wide]) => (
              <th key={label} scope="col" className={columnClass(wide)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sales.periods.map((p) => (
            <tr key={p.period} data-period={p.period}>
              <th scope="row">{t.periodLabel(p.period, sales.by)}</th>
              {FIGURE_COLUMNS.map(([label, value, wide]) => (
                <td key={label} className={columnClass(wide)}>
                  {value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="adm-strong" data-testid="sales-total">
            <th scope="row">{t.total}</th>
            {FIGURE_COLUMNS.map(([label, value, wide]) => (
              <td key={label} className={columnClass(wide)}>
                {value(sales.totals)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The pieces (in their sizes) most sold in the range. */
export function TopPiecesTable({ sales }: { readonly sales: SalesResponse }) {
  if (sales.topPieces.length === 0) return <p className="muted">{t.topEmpty}</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards" data-testid="sales-top-pieces">
        <thead>
          <tr>
            <th scope="col">{t.piece}</th>
            <th scope="col" className="adm-num">
              {t.units}
            </th>
            <th scope="col" className="adm-num">
              {t.linesTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.topPieces.map((piece) => (
            <tr key={`${piece.productId}:${piece.size ?? ''}`}>
              <th scope="row">{nameWithSize(piece.name, piece.size)}</th>
              <td className="adm-num" data-label={t.units}>
                {piece.quantity}
              </td>
              <td className="adm-num" data-label={t.linesTotal}>
                {formatCents(piece.lineTotalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What came in and went back per method (the Movimentos CSV's totals). */
export function MethodsTable({ sales }: { readonly sales: SalesResponse }) {
  if (sales.methods.length === 0) return null;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards" data-testid="sales-methods">
        <thead>
          <tr>
            <th scope="col">{t.method}</th>
            <th scope="col" className="adm-num">
              {t.paid}
            </th>
            <th scope="col" className="adm-num">
              {t.refunded}
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.methods.map((m) => (
            <tr key={m.method}>
              <th scope="row">{ledgerMethodLabel(m.method)}</th>
              <td className="adm-num" data-label={t.paid}>
                {formatCents(m.paidCents)}
              </td>
              <td className="adm-num" data-label={t.refunded}>
                {formatCents(m.refundedCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
