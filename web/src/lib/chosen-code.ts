/**
 * The cart's chosen discount code (docs/discount-codes.md), in one place for the cart page and the
 * checkout's shipping step: the code as typed and, once "Aplicar" asked the server, its pricing for the
 * cart it priced (kept in `sessionStorage` for this tab, so the code typed on the cart reaches the
 * shipping step with its discount, and a reload keeps both). The server decides again at the order.
 */
import { useEffect, useState } from 'react';
import { orderItems, type Cart } from '#shared/cart.ts';
import { DISCOUNT_CODE_TYPES, type AppliedDiscount } from '#shared/discount-codes.ts';
import { readJson, removeKey, writeJson } from './browser-storage.ts';

const KEY = 'checkout.code';

/** A code the server priced, for the cart it priced it for. */
export interface AppliedCode {
  readonly discount: AppliedDiscount;
  /** The cart's lines as sent (`orderItems`, JSON): another cart needs the code applied again. */
  readonly items: string;
}

/** What is kept: the code as typed ('' for none) and its last pricing, if any. */
export interface ChosenCode {
  readonly typed: string;
  readonly applied?: AppliedCode;
}

const NONE: ChosenCode = { typed: '' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isDiscount = (value: unknown): value is AppliedDiscount =>
  isRecord(value) &&
  typeof value.code === 'string' &&
  (DISCOUNT_CODE_TYPES as readonly unknown[]).includes(value.type) &&
  Number.isSafeInteger(value.amountCents) &&
  (value.amountCents as number) >= 0;

const isChosen = (value: unknown): value is ChosenCode =>
  isRecord(value) &&
  typeof value.typed === 'string' &&
  (value.applied === undefined ||
    (isRecord(value.applied) && isDiscount(value.applied.discount) && typeof value.applied.items === 'string'));

export const loadChosenCode = (): ChosenCode => readJson('session', KEY, isChosen) ?? NONE;

function saveChosenCode(chosen: ChosenCode): void {
  if (chosen.typed === '' && !chosen.applied) removeKey('session', KEY);
  else writeJson('session', KEY, chosen);
}

/** After the order is paid: the next cart starts without a code. */
export const clearChosenCode = (): void => removeKey('session', KEY);

/** The applied code, while the cart is still the one it was priced for. */
export function appliedFor(applied: AppliedCode | undefined, cart: Cart): AppliedDiscount | undefined {
  return applied && applied.items === JSON.stringify(orderItems(cart)) ? applied.discount : undefined;
}

/**
 * The chosen code for a page of the cart or the checkout: as typed, its discount while the cart is the
 * one it was priced for, and the two changes (`DiscountCodeField`'s props); kept at each change.
 */
export function useChosenCode(cart: Cart) {
  const [chosen, setChosen] = useState<ChosenCode>(loadChosenCode);
  useEffect(() => {
    saveChosenCode(chosen);
  }, [chosen]);
  return {
    typed: chosen.typed,
    applied: appliedFor(chosen.applied, cart),
    onTyped: (typed: string) => setChosen((c) => ({ ...c, typed })),
    onApplied: (applied: AppliedCode | undefined) => setChosen((c) => (applied ? { ...c, applied } : { typed: c.typed })),
  };
}
