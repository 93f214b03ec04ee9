/**
 * The product page's "Ajustar stock" panel and its history. Stock changes only
 * here, and only as a change the server applies to the stock as it is: "+/- N" with a reason, or
 * "Definir para N" over the stock the owner sees (sent as `expected`). When the stock moved meanwhile
 * (an order, another adjustment), nothing changes: the panel shows the current value and the owner
 * decides again. Every change is a movement in the history below.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, apiTexts } from '#shared/messages.ts';
import type { AdminProduct } from '#shared/product.ts';
import { hasSizes, totalStock } from '#shared/variants.ts';
import { fieldErrors, FORM_ERROR_KEY, stockChangeSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { ADMIN_STOCK_REASONS, type AdminStockReason, type StockMovement } from '#shared/stock.ts';
import { ApiError } from '#web/lib/api.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { adminPaths } from '../admin-paths.ts';
import { failureMessage } from '../api/admin-api.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi, useAdminSession } from '../auth/session.tsx';
import { texts } from '../texts.ts';
import { Feedback, LoadView } from './ui.tsx';

const t = texts.stock;

type Mode = 'delta' | 'set';

/** The stock the server reported with a refusal (409 over a stock that moved, or out of bounds). */
function currentStockOf(failure: unknown): number | undefined {
  return failure instanceof ApiError && failure.status === 409 ? failure.current?.stock : undefined;
}

/** The product with one size's stock as the server reported it (and the total that follows). */
function withSizeStock(product: AdminProduct, variantId: string, stock: number): AdminProduct {
  const variants = product.variants.map((variant) => (variant.id === variantId ? { ...variant, stock } : variant));
  return { ...product, variants, stock: totalStock(variants) };
}

/**
 * Shows the current stock and applies one change at a time, to the size chosen for a piece sold in
 * sizes. `onStock` gets the product with the stock as it is now: after a change, or as the server
 * reported it with a refusal.
 */
export function StockPanel({ product, onStock }: { readonly product: AdminProduct; readonly onStock: (product: AdminProduct) => void }) {
  const api = useAdminApi();
  const titleId = useId();
  const sized = hasSizes(product);
  const [sizeId, setSizeId] = useState(product.variants[0]?.id ?? '');
  const size = product.variants.find((variant) => variant.id === sizeId) ?? product.variants[0];
  const sizeStock = size?.stock ?? product.stock;
  const [mode, setMode] = useState<Mode>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<AdminStockReason>('adjustment');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; lines: string[] }>();

  const choose = (next: Mode) => {
    setMode(next);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = amount.trim() === '' ? undefined : Number(amount.trim());
    const which = size ? { variantId: size.id } : {};
    const parsed = stockChangeSchema.safeParse(mode === 'delta' ? { delta: value, reason, note, ...which } : { set: value, expected: sizeStock, reason, note, ...which });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setResult({ kind: 'error', lines: [apiTexts.invalidInput] });
      return;
    }
    setBusy(true);
    setErrors({});
    setResult(undefined);
    try {
      const { product: changed, backInStock } = await api.changeStock(product.id, parsed.data);
      onStock(changed);
      setAmount('');
      setNote('');
      const now = changed.variants.find((variant) => variant.id === size?.id)?.stock ?? changed.stock;
      setResult({ kind: 'success', lines: [sized && size ? t.sizeAdjusted(size.label, now) : adminTexts.stockAdjusted(now), ...(backInStock ? [adminTexts.backInStockQueued] : [])] });
    } catch (failure) {
      // Nothing changed. When the stock moved meanwhile, show it as it is: the owner decides again.
      const current = currentStockOf(failure);
      if (current !== undefined && size) onStock(withSizeStock(product, size.id, current));
      setErrors(serverFieldErrors(failure) ?? {});
      setResult({ kind: 'error', lines: [failureMessage(adminTexts.stockAdjustFailed, failure)] });
    } finally {
      setBusy(false);
    }
  };

  const amountError = mode === 'delta' ? errors.delta : errors.set;
  const formErrors = [errors[FORM_ERROR_KEY], errors.expected, mode === 'delta' ? errors.set : errors.delta].filter((line): line is string => Boolean(line));

  return (
    <section className="adm-panel adm-stock" aria-labelledby={titleId}>
      <h2 id={titleId} className="adm-section-title">
        {t.title}
      </h2>
      {sized && (
        <table className="adm-table adm-stock-sizes" aria-label={t.bySize}>
          <thead>
            <tr>
              <th scope="col">{t.size}</th>
              <th scope="col">{t.sizeSku}</th>
              <th scope="col">{t.current}</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.id} data-size={variant.label}>
                <td>{variant.label}</td>
                <td>{variant.sku || '—'}</td>
                <td className={variant.stock === 0 ? 'adm-error-text' : undefined}>{variant.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="adm-stock-current">
        <span className="adm-stock-label">{sized ? t.total : t.current}</span>
        <strong className="adm-stock-value" data-testid="current-stock">
          {product.stock}
        </strong>
      </p>
      <form className="adm-stack" onSubmit={submit} noValidate>
        {sized && (
          <SelectField label={t.size} error={errors.variantId} name="variantId" value={size?.id ?? ''} onChange={(e) => setSizeId(e.target.value)} disabled={busy}>
            {product.variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {t.sizeOption(variant.label, variant.stock)}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset className="adm-stock-modes">
          <legend>{t.mode}</legend>
          {(['delta', 'set'] as const).map((value) => (
            <label key={value} className="adm-check">
              <input type="radio" name="stockMode" value={value} checked={mode === value} onChange={() => choose(value)} disabled={busy} />
              {value === 'delta' ? t.modeDelta : t.modeSet}
            </label>
          ))}
        </fieldset>
        {mode === 'delta' ? (
          <TextField key="delta" label={t.delta} hint={t.deltaHint} error={amountError} name="delta" type="number" min={-MAX_STOCK} max={MAX_STOCK} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} disabled={busy} />
        ) : (
          <TextField key="set" label={t.set} hint={t.setHint(sizeStock)} error={amountError} name="set" type="number" min={0} max={MAX_STOCK} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} disabled={busy} />
        )}
        <SelectField label={t.reason} error={errors.reason} name="reason" value={reason} onChange={(e) => setReason(e.target.value as AdminStockReason)} disabled={busy}>
          {ADMIN_STOCK_REASONS.map((value) => (
            <option key={value} value={value}>
              {t.adminReasons[value]}
            </option>
          ))}
        </SelectField>
        <TextField label={t.note} error={errors.note} name="note" value={note} maxLength={TEXT_LIMITS.stockNote} placeholder={t.notePlaceholder} onChange={(e) => setNote(e.target.value)} disabled={busy} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t.applying : mode === 'delta' ? t.applyDelta : t.applySet}
        </button>
      </form>
      {result && (
        <Feedback kind={result.kind}>
          {[...result.lines, ...formErrors].map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Feedback>
      )}
    </section>
  );
}

/**
 * Who caused a movement: the order (a link to it), the admin, or the shop itself. The server records
 * the admin as its access token names them; when that is the signed-in admin's username (an id in
 * this pool), their e-mail is shown instead.
 */
function Origin({ movement }: { readonly movement: StockMovement }) {
  const { user } = useAdminSession();
  const actor = movement.actor;
  if (actor.kind === 'order') return <Link to={adminPaths.orderDetail(actor.orderId)}>{t.byOrder(actor.orderId)}</Link>;
  if (actor.kind === 'admin') return <span className="adm-stock-admin">{user.username && actor.email === user.username ? user.email : actor.email}</span>;
  return <span>{t.bySystem}</span>;
}

/**
 * The product's latest stock movements, newest first; loaded again whenever `refreshKey` changes. For
 * a piece sold in sizes (`sizes`: id → label), each movement names its size.
 */
export function StockHistory({ productId, refreshKey, sizes }: { readonly productId: string; readonly refreshKey: number; readonly sizes?: ReadonlyMap<string, string> }) {
  const titleId = useId();
  const { state, reload } = useLoad((api) => api.stockMovements(productId).then((r) => r.movements), [productId, refreshKey]);
  return (
    <section className="adm-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="adm-section-title">
        {t.history}
      </h2>
      <p className="muted adm-small">{t.historyHint}</p>
      <LoadView state={state} onRetry={reload}>
        {(movements) =>
          movements.length === 0 ? (
            <p className="muted">{adminTexts.noStockMovements}</p>
          ) : (
            <ol className="adm-history adm-stock-history" aria-label={t.history}>
              {movements.map((movement) => (
                <li key={movement.movementId}>
                  <strong className={`adm-stock-delta ${movement.delta > 0 ? 'adm-ok-text' : 'adm-error-text'}`} aria-label={`${t.howMany}: ${t.units(movement.delta)}`}>
                    {t.units(movement.delta)}
                  </strong>
                  <span className="adm-pill adm-pill-pending">{t.reasons[movement.reason] ?? movement.reason}</span>
                  {sizes && movement.variantId && sizes.has(movement.variantId) && <span className="adm-small">{t.ofSize(sizes.get(movement.variantId)!)}</span>}
                  <Origin movement={movement} />
                  <time className="muted adm-small" dateTime={movement.at}>
                    {formatDateTime(movement.at)}
                  </time>
                  {movement.note && <span className="adm-stock-note">{movement.note}</span>}
                </li>
              ))}
            </ol>
          )
        }
      </LoadView>
    </section>
  );
}
