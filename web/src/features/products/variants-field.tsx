/**
 * The product form's "Tamanhos": the sizes of a piece (ring sizes, necklace and bracelet lengths), in
 * the order the shop shows them, each with its name, SKU and price difference, and, for a new piece,
 * its initial stock. Without sizes the piece sells as one (its stock is the form's "Stock inicial").
 * A size that exists keeps its id (and its stock, which changes only in "Ajustar stock"); a new one
 * starts at 0 on an existing piece.
 */
import { useId } from 'react';
import { MAX_VARIANT_LABEL, MAX_VARIANTS } from '#shared/variants.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.variants;

/** One size as typed. */
export interface VariantRow {
  /** The row's own key (the size's id, or a new one's made-up key). */
  readonly key: string;
  /** The size's id, when it exists already. */
  readonly id?: string;
  readonly label: string;
  readonly sku: string;
  /** The price difference in euros as typed ('' = none). */
  readonly extra: string;
  /** The initial stock as typed (a new piece only). */
  readonly stock: string;
}

/** A new, empty size row (its key unique even among rows of a draft restored from an earlier visit). */
export function newVariantRow(): VariantRow {
  return { key: `novo-${crypto.randomUUID()}`, label: '', sku: '', extra: '', stock: '0' };
}

export function VariantsField(props: {
  readonly rows: readonly VariantRow[];
  /** A new piece: each size has its initial stock. */
  readonly withStock: boolean;
  readonly error?: string;
  readonly onChange: (rows: readonly VariantRow[]) => void;
}) {
  const { rows, withStock, error, onChange } = props;
  const id = useId();
  const update = (key: string, change: Partial<VariantRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  const remove = (key: string) => onChange(rows.filter((r) => r.key !== key));
  return (
    <fieldset className="adm-sizes" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field-label">{t.title}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {rows.length === 0 ? t.noneHint : withStock ? t.newHint : t.editHint}
      </p>
      {rows.length > 0 && (
        <table className={withStock ? 'adm-table adm-sizes-table adm-sizes-table--stock' : 'adm-table adm-sizes-table'}>
          <thead>
            <tr>
              <th scope="col">{t.label}</th>
              <th scope="col">{t.sku}</th>
              <th scope="col">{t.extra}</th>
              {withStock && <th scope="col">{t.stock}</th>}
              <th scope="col">
                <span className="visually-hidden">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <VariantRowEditor
                key={row.key}
                row={row}
                index={index}
                last={index === rows.length - 1}
                withStock={withStock}
                onUpdate={update}
                onMove={move}
                onRemove={remove}
              />
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={rows.length >= MAX_VARIANTS}
        onClick={() => onChange([...rows, newVariantRow()])}
      >
        {t.add}
      </button>
    </fieldset>
  );
}

/** A size's row actions: move it up or down, or remove it. */
function VariantRowActions(props: {
  readonly name: string;
  readonly index: number;
  readonly last: boolean;
  readonly onMove: (index: number, by: -1 | 1) => void;
  readonly onRemove: () => void;
}) {
  const { name, index, last, onMove, onRemove } = props;
  return (
    <td className="adm-sizes-actions" data-label={t.actions}>
      <button
        type="button"
        className="button button--small button--secondary adm-icon-button"
        aria-label={t.upOf(name)}
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button button--small button--secondary adm-icon-button"
        aria-label={t.downOf(name)}
        disabled={last}
        onClick={() => onMove(index, 1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="button button--small button--secondary adm-icon-button"
        aria-label={t.removeOf(name)}
        onClick={onRemove}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </td>
  );
}

/** One size's row: its name, SKU, price difference (and a new piece's stock), moved up or down, or removed. */
function VariantRowEditor(props: {
  readonly row: VariantRow;
  readonly index: number;
  readonly last: boolean;
  readonly withStock: boolean;
  readonly onUpdate: (key: string, change: Partial<VariantRow>) => void;
  readonly onMove: (index: number, by: -1 | 1) => void;
  readonly onRemove: (key: string) => void;
}) {
  const { row, index, last, withStock, onUpdate, onMove, onRemove } = props;
  const name = row.label.trim() || t.unnamed(index + 1);
  const update = (change: Partial<VariantRow>) => onUpdate(row.key, change);
  return (
    <tr data-size-row={index}>
      <td data-label={t.label}>
        <input
          className="input"
          aria-label={t.labelOf(index + 1)}
          name={`size-label-${index}`}
          value={row.label}
          maxLength={MAX_VARIANT_LABEL}
          placeholder={t.labelPlaceholder}
          onChange={(e) => update({ label: e.target.value })}
        />
      </td>
      <td data-label={t.sku}>
        <input
          className="input"
          aria-label={t.skuOf(name)}
          name={`size-sku-${index}`}
          value={row.sku}
          maxLength={TEXT_LIMITS.sku}
          onChange={(e) => update({ sku: e.target.value })}
        />
      </td>
      <td data-label={t.extra}>
        <input
          className="input"
          aria-label={t.extraOf(name)}
          name={`size-extra-${index}`}
          inputMode="decimal"
          value={row.extra}
          placeholder="0,00"
          onChange={(e) => update({ extra: e.target.value })}
        />
      </td>
      {withStock && (
        <td data-label={t.stock}>
          <input
            className="input"
            aria-label={t.stockOf(name)}
            name={`size-stock-${index}`}
            type="number"
            min={0}
            max={MAX_STOCK}
            step={1}
            value={row.stock}
            onChange={(e) => update({ stock: e.target.value })}
          />
        </td>
      )}
      <VariantRowActions name={name} index={index} last={last} onMove={onMove} onRemove={() => onRemove(row.key)} />
    </tr>
  );
}
