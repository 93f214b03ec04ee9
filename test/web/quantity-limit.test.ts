/**
 * The product page's quantity stops at the shop's cap of units of one piece per order, and says so
 * beside the control (the cap from the settings, `useOrderCaps`; default `MAX_LINE_QUANTITY`).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '#shared/cart.ts';
import { productTexts } from '#shared/messages/index.ts';
import { QuantityPicker } from '#web/features/catalog/product-page.tsx';

describe('the quantity limit says why', () => {
  it('names the maximum per order under the control, tied to the field for screen readers', () => {
    const html = renderToStaticMarkup(createElement(QuantityPicker, { value: MAX_LINE_QUANTITY, onChange: () => undefined }));
    expect(productTexts.quantityMax(10)).toBe('Máximo de 10 unidades desta peça por encomenda.');
    expect(productTexts.quantityMax(1)).toBe('Máximo de 1 unidade desta peça por encomenda.');
    expect(html).toContain(`<span class="field-hint" id="quantity-hint">${productTexts.quantityMax(MAX_LINE_QUANTITY)}</span>`);
    expect(html).toMatch(/<input[^>]*max="10"[^>]*aria-describedby="quantity-hint"/);
  });
});
