/**
 * The owner's changes of a product's stock: "+/- N" or "set to N" over the value
 * the owner saw. Either way the write is a delta conditioned on the stock it applies to (compare-and-
 * set), so the old and the new value are exactly known and no concurrent order is ever overwritten;
 * the change and its movement are written in one transaction. A change from 0 to above 0 also writes,
 * in that transaction, ONE outbox item that the outbox consumer turns into the e-mails of the pending
 * back-in-stock requests: the save answers at once, whatever the number of requests.
 */
import { randomUUID } from 'node:crypto';
import type { StockChangedResponse, StockMovementsResponse } from '#shared/api.ts';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import type { StockChangeInput } from '#shared/schemas/index.ts';
import { MAX_STOCK } from '#shared/schemas/limits.ts';
import type { StockActor, StockMovement } from '#shared/stock.ts';
import { lineVariant, totalStock } from '#shared/variants.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ChangedMeanwhile, Conflict, InvalidInput, NotFound } from '../errors.ts';
import { outboxBackInStockPut } from '../repositories/outbox-store.ts';
import { changeStockItem, stockCondition, variantStockOf } from '../repositories/product-stock.ts';
import { stockMovementItem, stockMovementsOf } from '../repositories/stock-movements.ts';
import { writeTransaction } from '../repositories/transactions.ts';
import { adminProductById } from './admin-products.ts';

/** How many movements the product page shows. */
export const STOCK_MOVEMENTS_SHOWN = 50;

const stockChanged = (current: number) =>
  new ChangedMeanwhile(apiTexts.stockChanged(current), 'stock_changed', { stock: current }, { expected: apiTexts.stockChanged(current) });

/**
 * Applies one change by the owner and records it. "set to N" answers 409 `stock_changed` (with the
 * current stock) when the stock is no longer `expected`; "+/- N" reads the stock and retries on a lost
 * race. The stock never goes below 0 nor above 9999 (409, with the current stock). Nothing is written
 * on a refusal.
 */
export async function changeStock(id: string | undefined, change: StockChangeInput, actor: StockActor): Promise<StockChangedResponse> {
  for (let attempt = 1; ; attempt++) {
    const product = await adminProductById(id, true);
    const variant = lineVariant(product, change.variantId);
    if (!variant) {
      const message = adminTexts.stockSizeMissing;
      throw new InvalidInput(message, { variantId: message }, 'size_unknown');
    }
    // "set to N" applies to the stock the owner saw, whatever we read; "+/- N" to the stock we read.
    const from = 'set' in change ? change.expected : variant.stock;
    const delta = 'set' in change ? change.set - change.expected : change.delta;
    const to = from + delta;
    if (to < 0)
      throw new ChangedMeanwhile(
        apiTexts.stockBelowZero(from),
        'stock_below_zero',
        { stock: from },
        { delta: apiTexts.stockBelowZero(from) },
      );
    if (to > MAX_STOCK)
      throw new ChangedMeanwhile(apiTexts.stockAboveMax(from), 'stock_above_max', { stock: from }, { delta: apiTexts.stockAboveMax(from) });

    const now = new Date();
    const movementItem = stockMovementItem(
      { productId: product.id, variantId: variant.id, delta, reason: change.reason, actor, ...(change.note ? { note: change.note } : {}) },
      now,
    );
    const backInStock = from === 0 && to > 0;
    const movement = movementItem.Put.Item as StockMovement;
    const alerts = backInStock
      ? [outboxBackInStockPut(`back-in-stock#${product.id}#${movement.movementId}`, product, variant, to, now)]
      : [];
    const result = await writeTransaction(
      [changeStockItem(product.id, variant.id, from, delta, now), movementItem, ...alerts],
      randomUUID(),
    );
    if (result.written) {
      const variants = product.variants.map((v) => (v.id === variant.id ? { ...v, stock: to } : v));
      return { product: { ...product, variants, stock: totalStock(variants) }, movement, backInStock };
    }
    const refusal = result.refused(stockCondition(product.id));
    if (refusal) {
      if (!refusal.old) throw new NotFound(apiTexts.productNotFound, 'product_not_found');
      // The stock is not what the owner saw: "set to N" was over a value that is gone.
      if ('set' in change) throw stockChanged(variantStockOf(refusal.old, variant.id));
    }
    // "+/- N" lost the race (or the transaction met another one): read again and retry.
    if (attempt >= BACKOFF.stockChange.tries) throw new Conflict(apiTexts.stockBusy, 'stock_busy');
    await backoff(BACKOFF.stockChange, attempt);
  }
}

/** A product's latest movements, newest first (404 for a product that does not exist). */
export async function stockMovements(id: string | undefined): Promise<StockMovementsResponse> {
  const product = await adminProductById(id);
  return { movements: await stockMovementsOf(product.id, STOCK_MOVEMENTS_SHOWN) };
}
