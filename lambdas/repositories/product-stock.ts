/**
 * The transaction items that change a product's stock: only by a delta, conditioned on the stock it
 * applies to (an order's `stock >= n`, the owner's compare-and-set), per size, with the total in the
 * same update expression; always written with the stock's movement.
 */
import { tableName } from './dynamodb-client.ts';
import { named } from './transactions.ts';

/**
 * The condition of a transaction item on a product's stock (`takeStockItem`, `giveBackStockItem`,
 * `changeStockItem`): one per product, as a transaction names an item once.
 */
export const stockCondition = (productId: string) => `stock#${productId}`;

/** The names of an update on one variant's stock: `#v` is the variant id (a map key). */
const variantNames = (variantId: string) => ({ '#v': variantId });

/** Units of one variant of a product: what an order line takes, or gives back. */
export interface VariantUnits {
  readonly variantId: string;
  readonly quantity: number;
}

/** The names and values of an update on several variants of one product (`#v0`/`:q0`, …) and their total. */
function unitsParts(units: readonly VariantUnits[]) {
  return {
    names: Object.fromEntries(units.map((unit, i) => [`#v${i}`, unit.variantId])),
    values: Object.fromEntries(units.map((unit, i) => [`:q${i}`, unit.quantity])),
    total: units.reduce((sum, unit) => sum + unit.quantity, 0),
  };
}

/**
 * The transaction item that takes units of a product's variants (an order's lines of that product: one
 * item per product, as a transaction names an item once), only if that many of each are in stock.
 */
export function takeStockItem(productId: string, units: readonly VariantUnits[], now: Date) {
  const { names, values, total } = unitsParts(units);
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression:
        `SET ${units.map((_, i) => `variantStock.#v${i} = variantStock.#v${i} - :q${i}`).join(', ')}, ` +
        `stock = stock - :total, updatedAt = :now`,
      ConditionExpression: ['attribute_exists(id)', ...units.map((_, i) => `variantStock.#v${i} >= :q${i}`)].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':total': total, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/** A variant's stock in an item a refused condition sent back (0 when absent). */
export function variantStockOf(item: Record<string, unknown> | undefined, variantId: string): number {
  const stock = item?.variantStock as Record<string, unknown> | undefined;
  return Number(stock?.[variantId] ?? 0);
}

/**
 * The transaction item that gives units back to a product's variants (a cancelled or expired order: one
 * item per product). A variant the owner removed meanwhile gets them back under its id, out of sight (it
 * is in no list).
 */
export function giveBackStockItem(productId: string, units: readonly VariantUnits[], now: Date) {
  const { names, values, total } = unitsParts(units);
  const variantSets = units.map((_, i) => `variantStock.#v${i} = if_not_exists(variantStock.#v${i}, :zero) + :q${i}`);
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: `SET ${variantSets.join(', ')}, stock = stock + :total, updatedAt = :now`,
      ConditionExpression: 'attribute_exists(id) AND attribute_exists(variantStock)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':total': total, ':zero': 0, ':now': now.toISOString() },
      // A product from before sizes comes back with the refusal: it is given its size, and the close retried.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}

/** Lines grouped by product, in the order each product first appears (one stock item per product). */
export function unitsByProduct(lines: readonly { productId: string; variantId: string; quantity: number }[]): Map<string, VariantUnits[]> {
  const groups = new Map<string, VariantUnits[]>();
  for (const line of lines)
    groups.set(line.productId, [...(groups.get(line.productId) ?? []), { variantId: line.variantId, quantity: line.quantity }]);
  return groups;
}

/**
 * The transaction item that changes a size's stock by `delta`, only if it is still `from`
 * (compare-and-set: the caller knows the old and the new value exactly). On a failed condition the
 * item as it is comes back with the cancellation (its current stock), or none if it does not exist.
 */
export function changeStockItem(productId: string, variantId: string, from: number, delta: number, now: Date) {
  return named(stockCondition(productId), {
    Update: {
      TableName: tableName('products'),
      Key: { id: productId },
      UpdateExpression: 'SET variantStock.#v = variantStock.#v + :delta, stock = stock + :delta, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id) AND variantStock.#v = :from',
      ExpressionAttributeNames: variantNames(variantId),
      ExpressionAttributeValues: { ':delta': delta, ':from': from, ':now': now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
}
