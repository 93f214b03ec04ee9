/**
 * The "Ajustar stock" form's state and its one change at a time (`useFormSubmit` over
 * `stockChangeSchema`): "+/- N" with a reason, or "Definir para N" over the stock the owner sees (sent
 * as `expected`), to the chosen size of a piece sold in sizes. When the stock moved meanwhile (an
 * order, another adjustment), nothing changes: the product comes back with the stock as it is, and the
 * owner decides again.
 */
import { useState } from 'react';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import type { AdminProduct } from '#shared/product.ts';
import { hasSizes, totalStock } from '#shared/variants.ts';
import { stockChangeSchema } from '#shared/schemas/index.ts';
import type { AdminStockReason } from '#shared/stock.ts';
import { ApiError } from '#web/lib/api.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { useFormSubmit, type FormSubmit, outcomeNotice, type Notice } from '#web/lib/use-submit.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

export type Mode = 'delta' | 'set';

/** The stock the server reported with a refusal (409 over a stock that moved, or out of bounds). */
function currentStockOf(failure: unknown): number | undefined {
  return failure instanceof ApiError && failure.status === 409 ? failure.current?.stock : undefined;
}

/** The product with one size's stock as the server reported it (and the total that follows). */
function withVariantStock(product: AdminProduct, variantId: string, stock: number): AdminProduct {
  const variants = product.variants.map((variant) => (variant.id === variantId ? { ...variant, stock } : variant));
  return { ...product, variants, stock: totalStock(variants) };
}

/** One field of the form: its value and its change. */
interface Typed<T> {
  readonly value: T;
  set(value: T): void;
}

/** A change applied: the product as it is now, and what to say (the stock now; the back-in-stock e-mails queued). */
interface Applied {
  readonly changed: AdminProduct;
  readonly lines: readonly string[];
}

export interface StockChange {
  readonly form: FormSubmit<Applied>;
  /** What the last change said. */
  readonly notice: Notice | undefined;
  /** The size the change is for (a piece sold in sizes), and its stock (the piece's otherwise). */
  readonly size: AdminProduct['variants'][number] | undefined;
  readonly variantStock: number;
  readonly variantId: Typed<string>;
  readonly mode: Typed<Mode>;
  readonly amount: Typed<string>;
  readonly reason: Typed<AdminStockReason>;
  readonly note: Typed<string>;
  /** A message per field (the schema's or the server's). */
  readonly errors: FieldMessages;
}

/** `onStock` gets the product with the stock as it is now: after a change, or as the server reported it with a refusal. */
export function useStockChange(product: AdminProduct, onStock: (product: AdminProduct) => void): StockChange {
  const api = useAdminApi();
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? '');
  const size = product.variants.find((variant) => variant.id === variantId) ?? product.variants[0];
  const variantStock = size?.stock ?? product.stock;
  const [mode, setMode] = useState<Mode>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<AdminStockReason>('adjustment');
  const [note, setNote] = useState('');
  const value = amount.trim() === '' ? undefined : Number(amount.trim());
  const which = size ? { variantId: size.id } : {};

  const form = useFormSubmit({
    schema: stockChangeSchema,
    fieldOrder: ['variantId', mode, 'reason', 'note'],
    values: mode === 'delta' ? { delta: value, reason, note, ...which } : { set: value, expected: variantStock, reason, note, ...which },
    invalidAlert: () => apiTexts.invalidInput,
    send: async (change): Promise<Applied> => {
      const { product: changed, backInStock } = await api.changeStock(product.id, change);
      const now = changed.variants.find((variant) => variant.id === size?.id)?.stock ?? changed.stock;
      const said = hasSizes(product) && size ? texts.stock.variantAdjusted(size.label, now) : adminTexts.stockAdjusted(now);
      return { changed, lines: [said, ...(backInStock ? [adminTexts.backInStockQueued] : [])] };
    },
    onSent: ({ changed }) => {
      onStock(changed);
      setAmount('');
      setNote('');
    },
    // The refusal naming a field the browser cannot check: a size removed meanwhile, said as the alert too.
    refusedFieldsAlert: (fields) => fields.variantId ?? apiTexts.invalidInput,
    failedMessage: (failure) => failureMessage(adminTexts.stockAdjustFailed, failure),
    // Nothing changed. When the stock moved meanwhile, show it as it is: the owner decides again.
    onFailed: (failure) => {
      const current = currentStockOf(failure);
      if (current !== undefined && size) onStock(withVariantStock(product, size.id, current));
    },
  });

  const choose = (next: Mode) => {
    setMode(next);
    form.setErrors({});
  };
  return {
    form,
    notice: outcomeNotice(form.outcome, (applied) => applied.lines),
    size,
    variantStock,
    errors: form.errors,
    variantId: { value: size?.id ?? '', set: setVariantId },
    mode: { value: mode, set: choose },
    amount: { value: amount, set: setAmount },
    reason: { value: reason, set: setReason },
    note: { value: note, set: setNote },
  };
}
