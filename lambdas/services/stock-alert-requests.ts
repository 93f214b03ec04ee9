/** A customer's request to be told when a sold-out piece (or one of its variants) is back in stock. */
import type { StockAlertInput } from '#shared/schemas/index.ts';
import { apiTexts, productTexts } from '#shared/messages.ts';
import { hasSizes, lineVariant } from '#shared/variants.ts';
import { Conflict, InvalidInput } from '../errors.ts';
import { upsertPendingStockAlert } from '../repositories/stock-alerts.ts';
import { productById } from './catalogue-reads.ts';

/**
 * Records that `email` wants to know when the product (the size, for a piece sold in sizes) is back;
 * the product and size must exist and be sold out.
 */
export async function requestStockAlert(input: StockAlertInput, now = new Date()): Promise<{ id: string }> {
  const product = await productById(input.productId);
  const variant = lineVariant(product, input.variantId);
  // No size named for a piece in sizes: "any size back", only while every size is sold out.
  const anyVariant = !variant && input.variantId === undefined && product.stock === 0;
  if (!variant && !anyVariant) throw new InvalidInput(productTexts.sizeRequired, { variantId: productTexts.sizeRequired }, 'size_unknown');
  // Only a sold-out piece (size) can be waited for: an address cannot be signed up for pieces on sale.
  if ((variant?.stock ?? 0) > 0) throw new Conflict(apiTexts.productInStock, 'product_in_stock');
  const variantFields = variant && hasSizes(product) ? { variantId: variant.id, size: variant.label } : {};
  const id = await upsertPendingStockAlert({ email: input.email, productId: product.id, productName: product.name, ...variantFields }, now);
  return { id };
}
