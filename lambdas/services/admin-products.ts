/**
 * Back-office use cases on products: create and edit through one schema, image uploads, and the
 * back-in-stock e-mails when a product's stock goes from 0 to above 0.
 */
import { randomUUID } from 'node:crypto';
import type { ImageUploadResponse } from '../../shared/api.ts';
import { messages } from '../../shared/messages.ts';
import { paths } from '../../shared/paths.ts';
import type { Product } from '../../shared/product.ts';
import type { ImageContentType } from '../../shared/uploads.ts';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '../../shared/uploads.ts';
import type { ProductInput } from '../../shared/schemas/index.ts';
import { IMAGES_PREFIX } from '../contracts/data-model.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { Conflict, InvalidInput } from '../errors.ts';
import { logger } from '../logger.ts';
import { setting } from '../repositories/clients.ts';
import { listCollections } from '../repositories/collections.ts';
import { sendTemplatedMail } from '../repositories/mail.ts';
import { productIdsWithCode, putProduct } from '../repositories/products.ts';
import { markStockAlertNotified, pendingStockAlerts, reopenStockAlert } from '../repositories/stock-alerts.ts';
import { productById } from './catalog.ts';
import { IMMUTABLE_CACHE_CONTROL, checkUploadedObject, presignUpload } from './uploads.ts';

const EXTENSIONS: Record<ImageContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export async function presignImageUpload(contentType: ImageContentType): Promise<ImageUploadResponse> {
  const key = `${IMAGES_PREFIX}products/${randomUUID()}.${EXTENSIONS[contentType]}`;
  const upload = await presignUpload('images', key, contentType, MAX_IMAGE_BYTES, { cacheControl: IMMUTABLE_CACHE_CONTROL });
  return { upload: { ...upload, path: `/${key}` } };
}

async function assertCodeFree(code: string, productId: string): Promise<void> {
  if ((await productIdsWithCode(code)).some((id) => id !== productId)) {
    throw new Conflict(messages.admin.productCodeTaken, 'product_code_taken', { code: messages.admin.productCodeTaken });
  }
}

async function assertCollectionExists(collection: string): Promise<void> {
  if (!collection) return;
  const names = (await listCollections()).map((c) => c.name);
  if (!names.includes(collection)) throw new InvalidInput(messages.api.invalidInput, { collection: messages.admin.collectionUnknown });
}

/** A newly set image must be an uploaded JPEG, PNG or WebP in the images bucket. */
async function assertImages(input: ProductInput, previous?: Product): Promise<void> {
  for (const field of ['mainImage', 'secondaryImage'] as const) {
    const path = input[field];
    if (!path || path === previous?.[field]) continue;
    await checkUploadedObject('images', path.slice(1), {
      maxBytes: MAX_IMAGE_BYTES,
      allowed: IMAGE_CONTENT_TYPES,
      field,
      notFound: messages.api.imageNotFound,
      tooLarge: messages.api.imageWrongType,
      wrongType: messages.api.imageWrongType,
    });
  }
}

export async function createProduct(input: ProductInput, now = new Date()): Promise<Product> {
  const product: Product = { id: randomUUID(), ...input };
  await Promise.all([assertCodeFree(input.code, product.id), assertCollectionExists(input.collection), assertImages(input)]);
  await putProduct(product, now);
  return product;
}

/** Saves the edit; when the stock comes back from 0, tells everyone who asked. */
export async function updateProduct(id: string | undefined, input: ProductInput, now = new Date()): Promise<{ product: Product; notified: number }> {
  const previous = await productById(id);
  await Promise.all([assertCodeFree(input.code, previous.id), assertCollectionExists(input.collection), assertImages(input, previous)]);
  const product: Product = { ...input, id: previous.id };
  await putProduct(product, now);
  const notified = previous.stock === 0 && product.stock > 0 ? await notifyBackInStock(product, now) : 0;
  return { product, notified };
}

/**
 * One e-mail per pending request. Each request is claimed (marked notified) before its e-mail, so
 * two saves at once never mail twice; a failed send gives the claim back for the next restock.
 */
export async function notifyBackInStock(product: Product, now = new Date()): Promise<number> {
  const link = `${setting(MAIL_ENV.shopUrl)}${paths.product(product.id)}`;
  let sent = 0;
  for (const alert of await pendingStockAlerts(product.id)) {
    if (!(await markStockAlertNotified(alert.id, now))) continue;
    try {
      await sendTemplatedMail(alert.email, 'back-in-stock', { produto: product.name, link });
      sent++;
    } catch (error) {
      logger.error('back-in-stock e-mail failed', { alertId: alert.id, error: error as Error });
      await reopenStockAlert(alert.id);
    }
  }
  return sent;
}
