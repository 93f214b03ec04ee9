/**
 * Back-office use cases on products: create (with its initial stock, recorded as a movement), edit
 * of everything but stock (conditioned on the version the form loaded), image uploads.
 */
import { randomUUID } from 'node:crypto';
import type { ImageUploadResponse, ProductUpdatedResponse } from '../../shared/api.ts';
import { messages } from '../../shared/messages.ts';
import type { AdminProduct, Product } from '../../shared/product.ts';
import type { StockActor } from '../../shared/stock.ts';
import type { ImageContentType } from '../../shared/uploads.ts';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '../../shared/uploads.ts';
import type { ProductInput, ProductUpdateInput } from '../../shared/schemas/index.ts';
import { productIdField } from '../../shared/schemas/fields.ts';
import { IMAGES_PREFIX } from '../contracts/data-model.ts';
import { ChangedMeanwhile, Conflict, InvalidInput, NotFound } from '../errors.ts';
import { listCollections } from '../repositories/collections.ts';
import { getAdminProduct, listAdminProducts, newProductItem, productIdsWithCode, updateProductFields } from '../repositories/products.ts';
import { stockMovementItem } from '../repositories/stock-movements.ts';
import { writeTransaction } from '../repositories/transactions.ts';
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
async function assertImages(input: Pick<Product, 'mainImage' | 'secondaryImage'>, previous?: Product): Promise<void> {
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

/** A product as the back-office edits it (read strongly consistent, with its version), or 404. */
export async function adminProductById(id: string | undefined): Promise<AdminProduct> {
  // An id that breaks the id rule cannot exist: no database read for it.
  const product = productIdField.safeParse(id).success ? await getAdminProduct(id!) : undefined;
  if (!product) throw new NotFound(messages.api.productNotFound, 'product_not_found');
  return product;
}

/** Every product with its version, newest first. */
export function adminProducts(): Promise<AdminProduct[]> {
  return listAdminProducts();
}

/**
 * Creates a product at version 1. Its initial stock, when above 0, is recorded as an `adjustment`
 * movement by the admin, in the same transaction as the product.
 */
export async function createProduct(input: ProductInput, actor: StockActor, now = new Date()): Promise<AdminProduct> {
  const product: AdminProduct = { id: randomUUID(), ...input, version: 1 };
  await Promise.all([assertCodeFree(input.code, product.id), assertCollectionExists(input.collection), assertImages(input)]);
  const { version: _version, ...stored } = product;
  const movement = product.stock > 0 ? [stockMovementItem({ productId: product.id, delta: product.stock, reason: 'adjustment', actor, note: messages.admin.initialStockNote }, now)] : [];
  const result = await writeTransaction([newProductItem(stored, now), ...movement], randomUUID());
  if (!result.written) throw new Conflict();
  return product;
}

function productChanged(version: number): ChangedMeanwhile {
  return new ChangedMeanwhile(messages.api.productChanged, 'product_changed', { version });
}

/**
 * Saves the edit of everything but stock, only over the version the form loaded: a stale version
 * answers 409 `product_changed` and writes nothing. Stock is never written here (it changes by
 * `changeStock`), so a form opened before a sale cannot bring sold units back.
 */
export async function updateProduct(id: string | undefined, input: ProductUpdateInput, now = new Date()): Promise<ProductUpdatedResponse> {
  const previous = await adminProductById(id);
  const { version, ...fields } = input;
  await Promise.all([assertCodeFree(fields.code, previous.id), assertCollectionExists(fields.collection), assertImages(fields, previous)]);
  const saved = await updateProductFields(previous.id, fields, version, now);
  if (saved.kind === 'missing') throw new NotFound(messages.api.productNotFound, 'product_not_found');
  if (saved.kind === 'stale') throw productChanged(saved.version);
  return { product: saved.product };
}
