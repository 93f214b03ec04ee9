/**
 * The browser's cart: pure operations and the safe reading of what `localStorage` keeps.
 * The display fields are a snapshot of the product taken when it was added; the server prices the
 * order from its own records, so only `productId` and `quantity` are sent.
 */
import { isSlug } from './slug.ts';
import { MAX_DISCOUNT_PERCENT } from './pricing.ts';
import { PHOTO_ID_PATTERN, type ProductPhoto } from './photos.ts';
import type { Product } from './product.ts';
import { hasSizes, MAX_VARIANT_LABEL, variantPriceCents, VARIANT_ID_PATTERN, type ProductVariant } from './variants.ts';

/** `localStorage` key of the cart. */
export const CART_STORAGE_KEY = 'cart';
/** Largest quantity of one product in a cart or an order (an anonymous order cannot hold the shop's stock). */
export const MAX_LINE_QUANTITY = 10;
/** Most distinct products in one cart or order. */
export const MAX_CART_LINES = 20;

/** One cart line. */
export interface CartItem {
  readonly productId: string;
  /** The piece's address (`/product/<slug>`); absent on lines stored before slugs (its id answers 301). */
  readonly slug?: string;
  /** The size chosen, for a piece sold in sizes (absent for one without: the server takes its only size). */
  readonly variantId?: string;
  /** Its label, for display ("45 cm"). */
  readonly size?: string;
  /** 1-99. */
  readonly quantity: number;
  readonly name: string;
  /** Unit price before discount, in cents. */
  readonly priceCents: number;
  /** Whole percent, 0-90. */
  readonly discountPercent: number;
  /** Same-origin image path or ''. */
  readonly image: string;
  /** The product's first photo (its sizes and widths), for a `srcset`; absent for lines stored before photos. */
  readonly photo?: CartPhoto;
  /** Stock when the snapshot was taken, if known; for display only. */
  readonly stock?: number;
}

/** What a cart line keeps of a photo: enough to build its `srcset` (`shared/photos.ts`). */
export type CartPhoto = Pick<ProductPhoto, 'id' | 'width' | 'height' | 'widths' | 'fallbackWidth'>;

/** A stored photo, only when every field has the expected shape (it comes back from `localStorage`). */
function readCartPhoto(raw: unknown): CartPhoto | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !PHOTO_ID_PATTERN.test(raw.id) || !Array.isArray(raw.widths)) return undefined;
  const size = (n: unknown): n is number => isWholeNumber(n, 1, 100_000);
  const { width, height, fallbackWidth, widths } = raw;
  if (!size(width) || !size(height) || !size(fallbackWidth) || widths.length === 0 || !widths.every(size)) return undefined;
  return { id: raw.id, width, height, fallbackWidth, widths };
}

/** A cart: lines in the order they were added, one line per product (per size, for a piece sold in sizes). */
export type Cart = readonly CartItem[];

/**
 * What tells a line from the others: the product id, and the size's id after `#` when it has one (the
 * cart's operations take it; for a piece without sizes it is just the product id).
 *
 * @example lineKey({ productId: 'anel-lua', variantId: 'v1a2b3c4d' }); // 'anel-lua#v1a2b3c4d'
 */
export function lineKey(line: Pick<CartItem, 'productId' | 'variantId'>): string {
  return line.variantId ? `${line.productId}#${line.variantId}` : line.productId;
}

/**
 * Clamps a quantity to 1-99 (whole units; anything not a finite number becomes 1).
 *
 * @example
 * clampQuantity(0);   // 1
 * clampQuantity(150); // 99
 * clampQuantity(2.7); // 2
 */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
}

/**
 * A cart line from a product, a quantity and, for a piece sold in sizes, the size chosen (its price
 * and stock are the size's). Without a size, the product's only one.
 */
export function cartItemFromProduct(
  product: Pick<Product, 'id' | 'name' | 'priceCents' | 'discountPercent' | 'mainImage' | 'stock'> &
    Partial<Pick<Product, 'photos' | 'variants' | 'slug'>>,
  quantity: number,
  variant?: ProductVariant,
): CartItem {
  const first = product.photos?.[0];
  const sized = variant !== undefined && product.variants !== undefined && hasSizes({ variants: product.variants });
  return {
    productId: product.id,
    ...(product.slug ? { slug: product.slug } : {}),
    ...(sized ? { variantId: variant.id, size: variant.label } : {}),
    quantity: clampQuantity(quantity),
    name: product.name,
    priceCents: variant ? variantPriceCents(product, variant) : product.priceCents,
    discountPercent: product.discountPercent,
    image: product.mainImage,
    ...(first
      ? { photo: { id: first.id, width: first.width, height: first.height, widths: first.widths, fallbackWidth: first.fallbackWidth } }
      : {}),
    stock: variant ? variant.stock : product.stock,
  };
}

/**
 * Adds a line. If the product is already in the cart its quantity grows by the added quantity (capped
 * at 99) and its display fields are refreshed; otherwise the line is appended. A cart already holding
 * 50 other products is returned unchanged.
 *
 * @example
 * addToCart([{ ...item, quantity: 1 }], { ...item, quantity: 2 }); // [{ ...item, quantity: 3 }]
 */
export function addToCart(cart: Cart, item: CartItem): Cart {
  const existing = cart.find((line) => lineKey(line) === lineKey(item));
  if (existing) {
    const merged = { ...item, quantity: clampQuantity(existing.quantity + item.quantity) };
    return cart.map((line) => (line === existing ? merged : line));
  }
  if (cart.length >= MAX_CART_LINES) return cart;
  return [...cart, { ...item, quantity: clampQuantity(item.quantity) }];
}

/** Removes a line (by its `lineKey`). */
export function removeFromCart(cart: Cart, key: string): Cart {
  return cart.filter((line) => lineKey(line) !== key);
}

/** Sets the quantity of a line (by its `lineKey`), clamped to 1-99; unknown lines change nothing. */
export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  return cart.map((line) => (lineKey(line) === key ? { ...line, quantity: clampQuantity(quantity) } : line));
}

/** Decreases a line's quantity by 1, never below 1 (use `removeFromCart` to drop the line). */
export function decreaseQuantity(cart: Cart, key: string): Cart {
  return setQuantity(cart, key, quantityInCart(cart, key) - 1);
}

/** The empty cart (after an order is placed). */
export function clearCart(): Cart {
  return [];
}

/** Sum of quantities: the header badge (shown only when above 0), and the units a checkout reserves. */
export function cartCount(lines: readonly Pick<CartItem, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Quantity of a line (by its `lineKey`) already in the cart (0 when absent). */
export function quantityInCart(cart: Cart, key: string): number {
  return cart.find((line) => lineKey(line) === key)?.quantity ?? 0;
}

/**
 * Whether adding `quantity` more of a product would exceed its stock, counting what the cart holds
 * already: then nothing is added and `productTexts.quantityUnavailable` shows.
 *
 * @example
 * exceedsStock([{ ...item, quantity: 2 }], item.productId, 2, 3); // true
 */
export function exceedsStock(cart: Cart, key: string, quantity: number, stock: number): boolean {
  return quantityInCart(cart, key) + quantity > stock;
}

/** The lines of an order request: what the server needs, nothing more. */
export function orderItems(cart: Cart): { productId: string; variantId?: string; quantity: number }[] {
  return cart.map(({ productId, variantId, quantity }) => ({ productId, ...(variantId ? { variantId } : {}), quantity }));
}

/** The text to keep under `CART_STORAGE_KEY`: a JSON array of lines. */
export function serializeCart(cart: Cart): string {
  return JSON.stringify(cart);
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** Unit price in cents: `priceCents`, or the old format's `price` in euros. */
function readPriceCents(raw: Json): number | null {
  if (isWholeNumber(raw.priceCents, 0, Number.MAX_SAFE_INTEGER)) return raw.priceCents;
  if (raw.priceCents === undefined && typeof raw.price === 'number' && Number.isFinite(raw.price) && raw.price >= 0) {
    return Math.round(raw.price * 100);
  }
  return null;
}

/**
 * One stored line, in the current shape or the old one (product fields plus quantity: `id`, `price`
 * in euros, `discount`, `mainImage`), or null when it cannot be trusted.
 */
function readStoredLine(raw: unknown): CartItem | null {
  if (!isRecord(raw)) return null;
  const productId = raw.productId ?? raw.id;
  const { quantity } = raw;
  if (typeof productId !== 'string' || productId.trim() === '' || productId.length > 100) return null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 1) return null;
  const name = raw.name;
  const priceCents = readPriceCents(raw);
  const discountPercent = raw.discountPercent ?? raw.discount ?? 0;
  const image = raw.image ?? raw.mainImage ?? '';
  if (typeof name !== 'string' || priceCents === null || typeof image !== 'string') return null;
  if (!isWholeNumber(discountPercent, 0, MAX_DISCOUNT_PERCENT)) return null;
  const photo = readCartPhoto(raw.photo);
  const size =
    typeof raw.variantId === 'string' && VARIANT_ID_PATTERN.test(raw.variantId)
      ? { variantId: raw.variantId, size: typeof raw.size === 'string' ? raw.size.slice(0, MAX_VARIANT_LABEL) : '' }
      : {};
  const slug = isSlug(typeof raw.slug === 'string' ? raw.slug : undefined) ? { slug: raw.slug as string } : {};
  const item: CartItem = {
    productId,
    ...slug,
    ...size,
    quantity: clampQuantity(quantity),
    name,
    priceCents,
    discountPercent,
    image,
    ...(photo ? { photo } : {}),
  };
  return isWholeNumber(raw.stock, 0, Number.MAX_SAFE_INTEGER) ? { ...item, stock: raw.stock } : item;
}

/**
 * Reads what `localStorage` holds under `CART_STORAGE_KEY`, never throwing. Corrupt JSON or a
 * value that is not a list gives the empty cart; lines that cannot be trusted (no product id, a
 * quantity that is not a number of at least 1, a bad price or discount) are dropped; quantities are
 * clamped to 1-99; lines of the same product are merged; at most 50 lines are kept. An object
 * `{ items: [...] }` is read as its items.
 *
 * @example
 * parseStoredCart(localStorage.getItem(CART_STORAGE_KEY)); // Cart
 * parseStoredCart('{not json'); // []
 */
export function parseStoredCart(raw: string | null): Cart {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const lines = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.items) ? parsed.items : [];
  let cart: Cart = [];
  for (const line of lines) {
    const item = readStoredLine(line);
    if (item) cart = addToCart(cart, item);
  }
  return cart;
}
