/**
 * The product page's "Ajustar stock" panel. Stock changes only here, and only as a change the server
 * applies to the stock as it is (`useStockChange`): "+/- N" with a reason, or "Definir para N" over
 * the stock the owner sees. Every change is a movement in the history below it (`StockHistory`).
 */
import { useId } from 'react';
import type { AdminProduct } from '#shared/product.ts';
import { hasSizes } from '#shared/variants.ts';
import { FORM_ERROR_KEY } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { ADMIN_STOCK_REASONS, type AdminStockReason } from '#shared/stock.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useStockChange, type StockChange } from './use-stock-change.ts';

const t = texts.stock;

/**
 * Shows the current stock (by size for a piece sold in sizes) and applies one change at a time.
 * `onStock` gets the product with the stock as it is now.
 */
export function StockPanel({ product, onStock }: { readonly product: AdminProduct; readonly onStock: (product: AdminProduct) => void }) {
  const titleId = useId();
  const change = useStockChange(product, onStock);
  const sized = hasSizes(product);
  const { errors, mode } = change;
  // Messages with no field on screen: the whole form's, the stock it expected, the other mode's amount.
  const formErrors = [errors[FORM_ERROR_KEY], errors.expected, mode.value === 'delta' ? errors.set : errors.delta].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <Panel id={titleId} title={t.title} className="adm-stock">
      {sized && <VariantStocks product={product} />}
      <p className="adm-stock-current">
        <span className="adm-stock-label">{sized ? t.total : t.current}</span>
        <strong className="adm-stock-value" data-testid="current-stock">
          {product.stock}
        </strong>
      </p>
      <StockChangeForm product={product} change={change} />
      <ActionFeedback notice={change.notice}>
        {formErrors.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </ActionFeedback>
    </Panel>
  );
}

/** Each size (its SKU under it, kept whole) and its stock (a sold-out size stands out). */
function VariantStocks({ product }: { readonly product: AdminProduct }) {
  return (
    <table className="adm-table adm-stock-sizes" aria-label={t.byVariant}>
      <thead>
        <tr>
          <th scope="col">{t.size}</th>
          <th scope="col" className="adm-num">
            {t.current}
          </th>
        </tr>
      </thead>
      <tbody>
        {product.variants.map((variant) => (
          <tr key={variant.id} data-size={variant.label}>
            <td>
              <span className="adm-strong">{variant.label}</span>
              <span className="adm-size-sku">{variant.sku || '—'}</span>
            </td>
            <td className={variant.stock === 0 ? 'adm-num adm-error-text' : 'adm-num'}>{variant.stock}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How the stock changes: by an amount (in or out) or to a count, and that amount. */
function StockAmountFields({ change }: { readonly change: StockChange }) {
  const { errors, mode, amount } = change;
  const busy = change.form.sending;
  const amountError = mode.value === 'delta' ? errors.delta : errors.set;
  return (
    <>
      <fieldset className="adm-stock-modes">
        <legend>{t.mode}</legend>
        {(['delta', 'set'] as const).map((value) => (
          <label key={value} className="adm-check">
            <input
              type="radio"
              name="stockMode"
              value={value}
              checked={mode.value === value}
              onChange={() => mode.set(value)}
              disabled={busy}
            />
            {value === 'delta' ? t.modeDelta : t.modeSet}
          </label>
        ))}
      </fieldset>
      {mode.value === 'delta' ? (
        <TextField
          key="delta"
          label={t.delta}
          hint={t.deltaHint}
          error={amountError}
          name="delta"
          type="number"
          min={-MAX_STOCK}
          max={MAX_STOCK}
          step={1}
          value={amount.value}
          onChange={(e) => amount.set(e.target.value)}
          disabled={busy}
        />
      ) : (
        <TextField
          key="set"
          label={t.set}
          hint={t.setHint(change.variantStock)}
          error={amountError}
          name="set"
          type="number"
          min={0}
          max={MAX_STOCK}
          step={1}
          value={amount.value}
          onChange={(e) => amount.set(e.target.value)}
          disabled={busy}
        />
      )}
    </>
  );
}

/** The size (a piece sold in sizes), "+/- N" or "Definir para N", the reason and a note. */
function StockChangeForm({ product, change }: { readonly product: AdminProduct; readonly change: StockChange }) {
  const { errors, mode, reason, note } = change;
  const busy = change.form.sending;
  return (
    <form ref={change.form.formRef} className="adm-stack" onSubmit={change.form.onSubmit} noValidate>
      {hasSizes(product) && (
        <SelectField
          label={t.size}
          error={errors.variantId}
          name="variantId"
          value={change.variantId.value}
          onChange={(e) => change.variantId.set(e.target.value)}
          disabled={busy}
        >
          {product.variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {t.variantOption(variant.label, variant.stock)}
            </option>
          ))}
        </SelectField>
      )}
      <StockAmountFields change={change} />
      <SelectField
        label={t.reason}
        error={errors.reason}
        name="reason"
        value={reason.value}
        onChange={(e) => reason.set(e.target.value as AdminStockReason)}
        disabled={busy}
      >
        {ADMIN_STOCK_REASONS.map((value) => (
          <option key={value} value={value}>
            {t.adminReasons[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t.note}
        error={errors.note}
        name="note"
        value={note.value}
        maxLength={TEXT_LIMITS.stockNote}
        placeholder={t.notePlaceholder}
        onChange={(e) => note.set(e.target.value)}
        disabled={busy}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.applying : mode.value === 'delta' ? t.applyDelta : t.applySet}
      </button>
    </form>
  );
}
