import { formatCents } from '#shared/money.ts';

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

/**
 * A line's amount as the customer pays it; with a discount, the amount before the discount struck
 * through beside it, so the struck amounts add up to the subtotal and the others to the total.
 */
export function LineAmount({ beforeDiscountCents, cents }: { beforeDiscountCents: number; cents: number }) {
  return (
    <span className="line-amount">
      {beforeDiscountCents > cents && (
        <s className="line-amount__was">
          <span className="visually-hidden">Sem desconto: </span>
          {formatCents(beforeDiscountCents)}
        </s>
      )}
      <span className="line-amount__now">{formatCents(cents)}</span>
    </span>
  );
}
