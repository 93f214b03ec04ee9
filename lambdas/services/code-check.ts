/**
 * `POST /api/discount-codes/check` (docs/discount-codes.md): the cart priced by the server with a code,
 * before anything is reserved, by the same pricing as the order (`priceWithCode`). Nothing is written
 * and no stock is checked here: the checkout's transaction decides the stock and the code's last uses.
 */
import type { CodeCheckResponse } from '#shared/discount-codes.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { priceLine } from '#shared/pricing.ts';
import type { CodeCheckInput } from '#shared/schemas/code-check.ts';
import { lineVariant, variantPriceCents } from '#shared/variants.ts';
import { Conflict } from '../errors.ts';
import { getProductsConsistent } from '../repositories/products.ts';
import { priceWithCode, type ScopedLine } from './discount-codes.ts';

/** The cart's lines as the order would price them (each size at its own price); a piece gone is refused as at the checkout. */
async function scopedLines(items: CodeCheckInput['items']): Promise<ScopedLine[]> {
  const products = await getProductsConsistent(items.map((item) => item.productId));
  return items.map((item, index) => {
    const product = products.get(item.productId);
    const variant = product ? lineVariant(product, item.variantId) : undefined;
    if (!product || !variant)
      throw new Conflict(checkoutTexts.productGone, 'product_unavailable', { [`items.${index}.productId`]: checkoutTexts.productGone });
    const priced = priceLine({
      priceCents: variantPriceCents(product, variant),
      discountPercent: product.discountPercent,
      quantity: item.quantity,
    });
    return {
      productId: product.id,
      variantId: variant.id,
      size: variant.label,
      name: product.name,
      code: product.code,
      sku: variant.sku,
      quantity: item.quantity,
      priceCents: priced.priceCents,
      discountPercent: priced.discountPercent,
      unitPriceCents: priced.discountedUnitCents,
      lineTotalCents: priced.totalCents,
      collection: product.collection,
      type: product.type,
    };
  });
}

/** The cart with the code, or the code's refusal (409 `code_*`, its reason beside the field). */
export async function checkCode(input: CodeCheckInput, now = new Date()): Promise<CodeCheckResponse> {
  const shippingMethod = input.shippingMethod ?? 'ctt';
  const { quote } = await priceWithCode(await scopedLines(input.items), shippingMethod, input.code, now, true);
  return {
    discount: quote.discount!,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    shippingCents: quote.shippingCents,
    shippingMethod,
    totalCents: quote.orderTotalCents,
  };
}
