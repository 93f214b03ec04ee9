/**
 * The summary rows of a cart with its discount code (docs/discount-codes.md), before a shipping method
 * is chosen: the cart page's and the shipping step's. The code's cents are the server's (`AppliedDiscount`
 * of `POST /api/discount-codes/check`); for display only: the server prices the order.
 */
import type { Cart } from '#shared/cart.ts';
import type { AppliedDiscount } from '#shared/discount-codes.ts';
import { discountCodeTexts } from '#shared/messages/index.ts';
import { summarizeCart } from '#shared/pricing.ts';
import type { TotalsRow } from './totals.tsx';

/** The row of a discount code: "Código MARIA25 −3,48 €" (a free-shipping code: what it takes off the shipping). */
function codeRows(code: AppliedDiscount | undefined, off: number): TotalsRow[] {
  if (!code) return [];
  return [
    {
      label: code.type === 'freeShipping' ? discountCodeTexts.freeShippingRow(code.code) : discountCodeTexts.row(code.code),
      value: off,
      negative: true,
    },
  ];
}

/**
 * The goods' rows every summary starts with: the subtotal before discounts, the pieces' own discount,
 * and the code's row of `off` cents (`codeRows`).
 */
export function goodsRows(subtotalCents: number, discountCents: number, code: AppliedDiscount | undefined, off: number): TotalsRow[] {
  return [
    { label: 'Subtotal (sem descontos)', value: subtotalCents },
    { label: 'Desconto', value: discountCents, negative: true },
    ...codeRows(code, off),
  ];
}

/**
 * The goods' rows of a cart (subtotal, the pieces' discount, the code) and what they come to: a
 * free-shipping code says "Grátis" here, its cents being the shipping not yet chosen.
 */
export function cartGoodsRows(cart: Cart, code: AppliedDiscount | undefined): { readonly rows: TotalsRow[]; readonly totalCents: number } {
  const summary = summarizeCart(cart);
  const off = code && code.type !== 'freeShipping' ? code.amountCents : 0;
  return {
    rows:
      code?.type === 'freeShipping'
        ? [
            ...goodsRows(summary.subtotalCents, summary.discountCents, undefined, 0),
            { label: discountCodeTexts.freeShippingRow(code.code), value: 'Grátis' },
          ]
        : goodsRows(summary.subtotalCents, summary.discountCents, code, off),
    totalCents: summary.totalCents - off,
  };
}
