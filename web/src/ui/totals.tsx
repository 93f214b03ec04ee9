import { formatCents } from '../../../shared/money.ts';

export interface TotalsRow {
  readonly label: string;
  /** Cents; shown with two decimals. A string is shown as it is ('Grátis'). */
  readonly value: number | string;
  /** A discount: shown with a minus sign. */
  readonly negative?: boolean;
  /** The amount to pay. */
  readonly total?: boolean;
}

/** The money summary of a cart or an order: label and amount per row, the total last and stronger. */
export function Totals({ rows }: { rows: readonly TotalsRow[] }) {
  return (
    <dl className="totals">
      {rows.map((row) => (
        <div key={row.label} className={row.total ? 'totals__row totals__row--total' : 'totals__row'}>
          <dt>{row.label}</dt>
          <dd data-total={row.label}>
            {typeof row.value === 'string' ? row.value : `${row.negative && row.value > 0 ? '−' : ''}${formatCents(row.value)}`}
          </dd>
        </div>
      ))}
    </dl>
  );
}
