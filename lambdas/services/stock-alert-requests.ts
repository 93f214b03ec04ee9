/**
 * A customer's request to be told when a sold-out piece (or one of its variants) is back in stock,
 * kept only once its address confirms it by the link of one confirmation mail (double opt-in).
 */
import { randomUUID } from 'node:crypto';
import type { StockAlert } from '#shared/api.ts';
import type { StockAlertConfirmInput, StockAlertInput } from '#shared/schemas/index.ts';
import { apiTexts, productTexts, stockAlertTexts } from '#shared/messages/index.ts';
import { hasSizes, lineVariant, nameWithSize } from '#shared/variants.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { outboxMailPut } from '../repositories/outbox-store.ts';
import { confirmStockAlert, newStockAlertPut, STOCK_ALERT_NEW, stockAlertId } from '../repositories/stock-alerts.ts';
import { writeTransactionRetrying } from '../repositories/transactions.ts';
import { productById } from './catalogue-reads.ts';
import { hashAccessToken } from './order-access.ts';
import { stockAlertToken } from './stock-alert-links.ts';

/**
 * Records that `email` wants to know when the product (the size, for a piece sold in sizes) is back,
 * unconfirmed, and queues its one confirmation mail in the same transaction; the product and size must
 * exist and be sold out. A request of the pair still waiting for confirmation, or confirmed, stays as
 * it is and no mail is queued (asking again never mails twice); the answer is the same either way.
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
  const alert = { email: input.email, productId: product.id, productName: product.name, ...variantFields };
  const id = stockAlertId(alert.productId, alert.email, alert.variantId);
  const createdAt = now.toISOString();
  const mail = outboxMailPut(
    {
      id: `stock-alert-confirm#${id}#${createdAt}`,
      to: input.email,
      mail: { template: 'stock-alert-confirm', data: { product: nameWithSize(product.name, alert.size) } },
      effect: { kind: 'stock-alert-confirm', alertId: id, requestedAt: createdAt },
    },
    now,
  );
  const result = await writeTransactionRetrying(
    [newStockAlertPut(alert, hashAccessToken(await stockAlertToken(id, createdAt)), now), mail],
    randomUUID(),
  );
  if (!result.written && !result.refused(STOCK_ALERT_NEW)) throw new Error('stock alert: request kept conflicting');
  return { id };
}

/** Confirms a request by its link's token: from now on a restock mails it. A wrong or expired link: 404, nothing changed. */
export async function confirmStockAlertRequest(
  input: StockAlertConfirmInput,
  now = new Date(),
): Promise<Pick<StockAlert, 'productName' | 'size'>> {
  const alert = await confirmStockAlert(input.id, hashAccessToken(input.token), now);
  if (!alert) throw new NotFound(stockAlertTexts.confirmLinkInvalid, 'stock_alert_link_invalid');
  return { productName: alert.productName, ...(alert.size ? { size: alert.size } : {}) };
}
