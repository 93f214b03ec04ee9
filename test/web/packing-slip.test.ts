/**
 * The owner's printable slip of an order (`web/src/ui/admin/packing-slip.tsx`): with a discount
 * code its totals say the code and what it took off as the order page does ("Código MARIA10 −3,48 €",
 * docs/discount-codes.md), and add up to the total; without one there is no code line; the gift slip,
 * which carries no price, never names the code.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { PackingSlip } from '#web/ui/admin/packing-slip.tsx';
import { GiftSlip } from '#web/ui/admin/gift-slip.tsx';
import { CODED_CART, sampleOrder } from '../support/sample-order.ts';

/** A 34,80 € order with a 10 % code: −3,48 €, free shipping (31,32 € after the code), 31,32 €. */
function order(extra: Partial<Order> = {}): Order {
  return sampleOrder({ status: 'Enviar', ...CODED_CART, ...extra });
}

/** The slip's totals as read: each term and its amount. */
function totals(o: Order): string[] {
  const html = renderToStaticMarkup(createElement(PackingSlip, { order: o }));
  const list = /<dl class="packing-slip__totals">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<d[td][^>]*>([\s\S]*?)<\/d[td]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
}

describe("the packing slip's totals", () => {
  it('say the code and what it took off, between the subtotal and the shipping', () => {
    expect(totals(order())).toEqual(['Subtotal', '34,80 €', 'Código MARIA10', '−3,48 €', 'Portes (CTT)', 'Grátis', 'Total', '31,32 €']);
  });

  it("with a piece's own discount too: both lines, each its amount", () => {
    const both = order({ discountCents: 500, discount: { code: 'NATAL15', type: 'amount', amountCents: 300 }, totalCents: 2680 });
    const read = totals(both);
    expect(read.slice(2, 6)).toEqual(['Desconto', '−5,00 €', 'Código NATAL15', '−3,00 €']);
  });

  it('without a code: no code line', () => {
    const plain = totals(order({ discount: undefined, totalCents: 3480 }));
    expect(plain.join(' ')).not.toContain('Código');
    expect(plain).toEqual(['Subtotal', '34,80 €', 'Portes (CTT)', 'Grátis', 'Total', '34,80 €']);
  });

  it('the gift slip (no prices) does not name the code', () => {
    const html = renderToStaticMarkup(
      createElement(GiftSlip, { order: order({ gift: { message: 'Parabéns!', wrap: true, wrapCents: 250 } }) }),
    );
    expect(html).toContain('Parabéns!');
    expect(html).not.toContain('MARIA10');
  });
});
