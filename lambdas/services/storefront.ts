/** Use cases of the public storefront besides the catalogue: contact form, back-in-stock requests, sitemap. */
import { randomUUID } from 'node:crypto';
import { INDEXED_PAGES, paths } from '#shared/paths.ts';
import type { ContactMessageInput, StockAlertInput } from '#shared/schemas/index.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { Conflict, InvalidInput } from '../errors.ts';
import { apiTexts, productTexts } from '#shared/messages.ts';
import { hasSizes, lineVariant } from '#shared/variants.ts';
import { setting } from '../repositories/environment.ts';
import { outboxMailPut } from '../repositories/outbox.ts';
import { insertContactMessage } from '../repositories/contact-messages.ts';
import { upsertPendingStockAlert } from '../repositories/stock-alerts.ts';
import { publicProductDates } from '../repositories/products.ts';
import { productById } from './catalog.ts';

/**
 * Stores a contact message and, in the same transaction, the owner's e-mail about it (sent by the
 * outbox: the answer never waits for SES, and a failed mail never loses the message).
 */
export async function createContactMessage(input: ContactMessageInput, now = new Date()): Promise<{ id: string }> {
  const id = randomUUID();
  const ownerMail = outboxMailPut(
    {
      id: `owner#contact#${id}`,
      toShop: true,
      mail: { template: 'owner-contact-message', data: { nome: input.name, email: input.email, telefone: input.phone, assunto: input.subject, mensagem: input.message } },
    },
    now,
  );
  await insertContactMessage(id, input, now, [ownerMail]);
  return { id };
}

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

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** sitemap.xml of the shop from the live catalogue: the indexed pages and every product. */
export async function sitemapXml(shopUrl: string = setting(MAIL_ENV.shopUrl)): Promise<string> {
  const products = await publicProductDates();
  const urls: { path: string; lastmod?: string }[] = [
    ...INDEXED_PAGES.map((path) => ({ path: encodeURI(path) })),
    // A product's page changes when the product does (a save, or a sale that changes its availability).
    ...products.map((p) => ({ path: paths.product(p.id), ...(p.updatedAt ? { lastmod: p.updatedAt.slice(0, 10) } : {}) })),
  ];
  const body = urls
    .map(({ path, lastmod }) => `  <url><loc>${escapeXml(`${shopUrl}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
