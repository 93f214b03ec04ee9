/** The stock a new order takes, and its refusal when a line is short (`./orders.ts`). */
import type { OrderLine } from '#shared/api.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { nameWithSize } from '#shared/variants.ts';
import { OutOfStock } from '../errors.ts';
import { getProductsConsistent } from '../repositories/products.ts';
import { stockCondition, takeStockItem, unitsByProduct, variantStockOf } from '../repositories/product-stock.ts';
import { stockMovementItem } from '../repositories/stock-movements.ts';
import type { Refusal, TransactionItem } from '../repositories/transactions.ts';
import { assertTimeFor, beforeDeadline, TRANSACTION_ALLOWANCE_MS, type CheckoutDeadline } from './checkout-deadline.ts';

/** A stock read older than this is read again before the first transaction: a piece sold out meanwhile is a 409 without one. */
const STOCK_READ_FRESH_MS = 250;

/** When an order must be settled by (`./checkout-deadline.ts`), and when its lines' stock was last read. */
export interface OrderTiming {
  readonly deadline: CheckoutDeadline;
  readonly pricedAt: number;
}

/**
 * Before trying again: a line whose stock ran out meanwhile refuses the order now, as its condition
 * would, rather than meeting the other orders of a sold-out piece on its stock item again and again.
 */
export async function refuseShortNow(orderLines: readonly OrderLine[]): Promise<void> {
  const products = await getProductsConsistent(orderLines.map((line) => line.productId));
  const short = new Map<string, Refusal>();
  for (const line of orderLines) {
    // A piece taken off sale meanwhile is left to its transaction.
    const product = products.get(line.productId);
    if (!product) continue;
    const stock = product.variants.find((variant) => variant.id === line.variantId)?.stock ?? 0;
    if (stock < line.quantity)
      short.set(stockCondition(line.productId), {
        old: { variantStock: Object.fromEntries(product.variants.map((variant) => [variant.id, variant.stock])) },
      });
  }
  refuseShortLine((condition) => short.get(condition), orderLines);
}

/**
 * Before a try of an order's transaction: a line whose stock ran out since it was read refuses the
 * order now (409, one consistent read), rather than in a transaction that meets every other buyer of a
 * sold-out piece on its stock item; and no try without the time to write the order and answer.
 */
export async function readyToTry(orderLines: readonly OrderLine[], attempt: number, { deadline, pricedAt }: OrderTiming): Promise<void> {
  if (attempt > 1 || Date.now() - pricedAt > STOCK_READ_FRESH_MS) await beforeDeadline(deadline, refuseShortNow(orderLines));
  assertTimeFor(deadline, TRANSACTION_ALLOWANCE_MS);
}

/**
 * The stock an order takes: one item per product (two sizes of one ring are one item: a transaction
 * names an item once), each named `stockCondition(productId)`, and one movement per line.
 */
export function takeOrderStock(orderId: string, orderLines: readonly OrderLine[], now: Date): TransactionItem[] {
  const units = unitsByProduct(
    orderLines.map((line) => ({ productId: line.productId, variantId: line.variantId!, quantity: line.quantity })),
  );
  return [
    ...[...units].map(([productId, productUnits]) => takeStockItem(productId, productUnits, now)),
    ...orderLines.map((line) =>
      stockMovementItem(
        {
          productId: line.productId,
          variantId: line.variantId!,
          delta: -line.quantity,
          reason: 'reservation',
          actor: { kind: 'order', orderId },
        },
        now,
      ),
    ),
  ];
}

/** A line short of stock refused the order (nothing was written): says which product (and size) and how many are left. */
export function refuseShortLine(refused: (condition: string) => Refusal | undefined, orderLines: readonly OrderLine[]): void {
  for (const productId of new Set(orderLines.map((line) => line.productId))) {
    const refusal = refused(stockCondition(productId));
    if (!refusal) continue;
    const old = refusal.old;
    const index = Math.max(
      0,
      orderLines.findIndex((line) => line.productId === productId && variantStockOf(old, line.variantId!) < line.quantity),
    );
    const line = orderLines[index]!;
    const message = checkoutTexts.outOfStock(nameWithSize(line.name, line.size), variantStockOf(old, line.variantId!));
    throw new OutOfStock(message, { [`items.${index}.quantity`]: message });
  }
}
