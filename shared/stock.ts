/**
 * Stock changes only by a delta (or a "set to N" conditioned on the value the owner saw), and every
 * change is a recorded movement: why it happened, by how much, for which order or by which admin.
 */

/** Why stock changed. A sale or reservation takes (negative delta); expiry, cancellation and return give back. */
export const STOCK_MOVEMENT_REASONS = ['reservation', 'expiry', 'cancellation', 'return', 'adjustment'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** The reasons the owner may give for a change by hand: a count or correction, or a returned piece. */
export const ADMIN_STOCK_REASONS = ['adjustment', 'return'] as const satisfies readonly StockMovementReason[];
export type AdminStockReason = (typeof ADMIN_STOCK_REASONS)[number];

/** Who caused a movement: an order (its number), an admin (their e-mail), or the shop itself (expiry). */
export type StockActor =
  { readonly kind: 'order'; readonly orderId: string } | { readonly kind: 'admin'; readonly email: string } | { readonly kind: 'system' };

export interface StockMovement {
  readonly productId: string;
  /** The size whose stock changed; absent on movements recorded before sizes existed (the product's one size). */
  readonly variantId?: string;
  /** `<ISO time>#<random>`: unique, and sorts by time. */
  readonly movementId: string;
  /** Units added (positive) or taken (negative). */
  readonly delta: number;
  readonly reason: StockMovementReason;
  readonly actor: StockActor;
  /** The owner's note on an adjustment ("peças partidas", "contagem"), if any. */
  readonly note?: string;
  readonly at: string;
}

/**
 * A piece is running low when 1 to this many are left (0 is sold out): the dashboard counts them and the
 * products list filters them, so the owner makes more in time.
 */
export const LOW_STOCK_THRESHOLD = 2;

/** @example isLowStock(2) // true; isLowStock(0) // false (sold out) */
export function isLowStock(stock: number, threshold: number = LOW_STOCK_THRESHOLD): boolean {
  return stock > 0 && stock <= threshold;
}

/** What the size rules need of a product: its sizes with their stock. */
interface WithSizeStock {
  readonly variants: readonly { readonly label: string; readonly stock: number }[];
}

/**
 * Whether one of the product's sizes is running low (1 to `threshold` units): a ring whose size 14 has
 * 1 left is low even when size 16 has 10. A piece without sizes has one size: its stock. The
 * dashboard's `lowStockProducts` and the products list's "stock baixo" filter count with this.
 *
 * @example hasLowStockSize({ variants: [{ label: '12', stock: 1 }, { label: '16', stock: 1 }] }, 2) // true
 */
export function hasLowStockSize(product: WithSizeStock, threshold: number = LOW_STOCK_THRESHOLD): boolean {
  return product.variants.some((variant) => isLowStock(variant.stock, threshold));
}

/**
 * Whether one of the product's sizes is sold out (0 units): a necklace whose 45 cm is out is on the
 * owner's sold-out list ("Esgotados") even while its 40 cm still sells. The products list's "esgotados"
 * filter and the dashboard's `soldOutSizeProducts` count with this.
 */
export function hasSoldOutSize(product: WithSizeStock): boolean {
  return product.variants.some((variant) => variant.stock <= 0);
}

/**
 * Whether the piece is sold out: no unit left in any size (a piece without sizes: its one stock is 0).
 * The dashboard's "Produtos esgotados" (`outOfStockProducts`) counts with this.
 *
 * @example isSoldOut({ variants: [{ label: '12', stock: 0 }, { label: '16', stock: 1 }] }) // false
 */
export function isSoldOut(product: WithSizeStock): boolean {
  return product.variants.every((variant) => variant.stock <= 0);
}

/**
 * Each size's stock in one line, in the owner's order ("14: 1 · 16: 0"); '' for a piece without
 * sizes (its one stock says it all).
 */
export function sizeStockSummary(product: WithSizeStock): string {
  const sized = product.variants.length > 1 || (product.variants[0]?.label ?? '') !== '';
  return sized ? product.variants.map((variant) => `${variant.label}: ${variant.stock}`).join(' · ') : '';
}
