/**
 * The cart of this browser: kept in `localStorage` under `cart` (shared/cart.ts reads it safely),
 * restored on load, and in step across tabs through the `storage` event. Components read it with
 * `useCart()` and change it through `cartStore`.
 */
import { useSyncExternalStore } from 'react';
import {
  addToCart,
  CART_STORAGE_KEY,
  cartItemFromProduct,
  clearCart,
  clampQuantity,
  decreaseQuantity,
  lineKey,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  type Cart,
  type CartItem,
} from '#shared/cart.ts';
import type { Product } from '#shared/product.ts';
import { lineVariant } from '#shared/variants.ts';

/** Where the cart is kept: the text under the key, and news of changes made elsewhere (other tabs). */
export interface CartBackend {
  read(): string | null;
  write(text: string): void;
  /** Calls `changed` when another tab changed the stored cart; returns the unsubscribe function. */
  watch(changed: () => void): () => void;
}

export interface CartStore {
  getSnapshot(): Cart;
  subscribe(listener: () => void): () => void;
  add(item: CartItem): void;
  /** The line's `lineKey` (the product id, and its size's id for a piece sold in sizes). */
  remove(key: string): void;
  /** +1, never above `max` (the stock when known) nor 99. */
  increase(key: string, max?: number): void;
  /** −1, never below 1. */
  decrease(key: string): void;
  /** Takes the current name, price, discount, picture and stock of these products (of the line's size); quantities stay. */
  refresh(products: readonly Product[]): void;
  clear(): void;
}

/**
 * The lines with the display fields of the given products (quantities unchanged). Returns the same
 * cart when nothing changed.
 */
export function refreshCartLines(cart: Cart, products: readonly Product[]): Cart {
  let changed = false;
  const next = cart.map((line) => {
    const product = products.find((p) => p.id === line.productId);
    // A size no longer sold (or still to choose) keeps the line as it was: checkout says what to do.
    const size = product && lineVariant(product, line.variantId);
    if (!product || !size) return line;
    const fresh = { ...cartItemFromProduct(product, line.quantity, size), quantity: line.quantity };
    const same = (Object.keys(fresh) as (keyof CartItem)[]).every((key) => fresh[key] === line[key]);
    if (same) return line;
    changed = true;
    return fresh;
  });
  // A line kept from before sizes can become the line of the piece's one size, already in the cart: one line.
  return changed ? next.reduce<Cart>((merged, line) => addToCart(merged, line), []) : cart;
}

export function createCartStore(backend: CartBackend): CartStore {
  let cart: Cart = parseStoredCart(backend.read());
  const listeners = new Set<() => void>();
  let unwatch: (() => void) | undefined;

  const emit = () => listeners.forEach((listener) => listener());
  const commit = (next: Cart) => {
    if (next === cart) return;
    cart = next;
    backend.write(serializeCart(next));
    emit();
  };
  const reload = () => {
    const next = parseStoredCart(backend.read());
    if (serializeCart(next) === serializeCart(cart)) return;
    cart = next;
    emit();
  };

  return {
    getSnapshot: () => cart,
    subscribe(listener) {
      listeners.add(listener);
      if (!unwatch) {
        unwatch = backend.watch(reload);
        reload();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unwatch?.();
          unwatch = undefined;
        }
      };
    },
    add: (item) => commit(addToCart(cart, item)),
    remove: (key) => commit(removeFromCart(cart, key)),
    increase(key, max) {
      const line = cart.find((l) => lineKey(l) === key);
      if (!line) return;
      const limit = max === undefined ? Infinity : Math.max(1, max);
      if (line.quantity + 1 > limit || clampQuantity(line.quantity + 1) === line.quantity) return;
      commit(setQuantity(cart, key, line.quantity + 1));
    },
    decrease(key) {
      const line = cart.find((l) => lineKey(l) === key);
      if (!line || line.quantity <= 1) return;
      commit(decreaseQuantity(cart, key));
    },
    refresh: (products) => commit(refreshCartLines(cart, products)),
    clear: () => commit(cart.length === 0 ? cart : clearCart()),
  };
}

function localStorageBackend(): CartBackend {
  return {
    read() {
      try {
        return window.localStorage.getItem(CART_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write(text) {
      try {
        window.localStorage.setItem(CART_STORAGE_KEY, text);
      } catch {
        // storage full or blocked: the cart still works for this page's life
      }
    },
    watch(changed) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === CART_STORAGE_KEY || event.key === null) changed();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

let browserStore: CartStore | undefined;

/** The browser's cart store (created on first use). */
export function cartStore(): CartStore {
  browserStore ??= createCartStore(localStorageBackend());
  return browserStore;
}

const EMPTY_CART: Cart = [];
/** A pre-rendered page knows no cart: it shows an empty one, and the browser's right after hydration. */
const serverCart = () => EMPTY_CART;

/** The current cart; re-renders when it changes, in this tab or another. */
export function useCart(): Cart {
  const store = cartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, serverCart);
}
