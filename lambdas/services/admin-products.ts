/**
 * Back-office use cases on products: create (with its initial stock, recorded as a movement), edit
 * of everything but stock (conditioned on the version the form loaded) with its photos.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProductUpdatedResponse } from '#shared/api.ts';
import { adminTexts, apiTexts, validationTexts } from '#shared/messages/index.ts';
import { hasSizes, soleSize, totalStock, type ProductVariant } from '#shared/variants.ts';
import { MAX_PRICE_CENTS } from '#shared/pricing.ts';
import type { AdminProduct, Product } from '#shared/product.ts';
import type { StockActor } from '#shared/stock.ts';
import type { ProductInput, ProductUpdateInput, VariantInput } from '#shared/schemas/index.ts';
import { isProductId } from '#shared/product-id.ts';
import { ChangedMeanwhile, Conflict, InvalidInput, NotFound } from '../errors.ts';
import { logger } from '../logger.ts';
import { listCollections } from '../repositories/collections.ts';
import { formerSlugsOf, productItem, storedVariants } from '../repositories/product-items.ts';
import { newSlugClaim } from '../repositories/product-slugs.ts';
import {
  deleteProductItem,
  getAdminProduct,
  listAdminProducts,
  newProductItem,
  productIdsWithCode,
  updateProductFields,
  withPhotos,
  type VariantsChange,
} from '../repositories/products.ts';
import { productWasOrdered, stockMovementItem } from '../repositories/stock-movements.ts';
import { named, writeTransaction } from '../repositories/transactions.ts';
import { removePhotoFiles, resolvePhotos } from './product-photos.ts';
import { freeSlug, slugAfterRename } from './product-slugs.ts';

async function assertCodeFree(code: string, productId: string): Promise<void> {
  if ((await productIdsWithCode(code)).some((id) => id !== productId)) {
    throw new Conflict(adminTexts.productCodeTaken, 'product_code_taken', { code: adminTexts.productCodeTaken });
  }
}

async function assertCollectionExists(collection: string): Promise<void> {
  if (!collection) return;
  const names = (await listCollections()).map((c) => c.name);
  if (!names.includes(collection)) throw new InvalidInput(apiTexts.invalidInput, { collection: adminTexts.collectionUnknown });
}

/**
 * After a save: the files of the photos it dropped, unless another product still shows the same
 * photo (same content, same id). A failure here leaves unused files, never a broken product.
 */
async function removeDroppedPhotos(previous: Product, saved: Product): Promise<void> {
  const dropped = previous.photos.filter((photo) => !saved.photos.some((p) => p.id === photo.id));
  if (!dropped.length) return;
  try {
    const inUse = new Set((await listAdminProducts()).filter((p) => p.id !== saved.id).flatMap((p) => p.photos.map((photo) => photo.id)));
    await removePhotoFiles(dropped.filter((photo) => !inUse.has(photo.id)));
  } catch (error) {
    logger.error('removing dropped photos failed', { productId: saved.id, error: error as Error });
  }
}

/**
 * A product as the back-office edits it (read strongly consistent, with its version), or 404.
 * `forChange`: a save, a stock change or a delete follows (see `getAdminProduct`).
 */
export async function adminProductById(id: string | undefined, forChange = false): Promise<AdminProduct> {
  // An id that breaks the id rule cannot exist: no database read for it.
  const product = isProductId(id) ? await getAdminProduct(id, forChange) : undefined;
  if (!product) throw new NotFound(apiTexts.productNotFound, 'product_not_found');
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
  const { photos: photoInput, variants: variantInputs = [], stock, ...fields } = input;
  const id = randomUUID();
  const [photos] = await Promise.all([
    resolvePhotos(photoInput, input.name),
    assertCodeFree(input.code, id),
    assertCollectionExists(input.collection),
  ]);
  refuseOverMaxPrice(fields.priceCents, variantInputs);
  const variants: ProductVariant[] =
    variantInputs.length === 0
      ? [soleSize(fields.sku, stock ?? 0)]
      : variantInputs.map((variant) => ({
          id: newVariantId(),
          label: variant.label,
          sku: variant.sku || fields.sku,
          stock: variant.stock ?? 0,
          priceDeltaCents: variant.priceDeltaCents,
        }));
  // Each size's initial stock is its own movement (the product's history is by size).
  const movements = variants
    .filter((variant) => variant.stock > 0)
    .map((variant) =>
      stockMovementItem(
        { productId: id, variantId: variant.id, delta: variant.stock, reason: 'adjustment', actor, note: adminTexts.initialStockNote },
        now,
      ),
    );
  // Its slug is claimed with it; another piece that took the same slug a moment before: the next one free.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(fields.name, id);
    const product: AdminProduct = { ...withPhotos({ id, slug, ...fields, variants, stock: totalStock(variants) }, photos), version: 1 };
    const { version: _version, ...stored } = product;
    const result = await writeTransaction(
      [newProductItem(stored, now), named(SLUG_CLAIM, newSlugClaim(slug, id)), ...movements],
      randomUUID(),
    );
    if (result.written) return product;
    if (!result.refused(SLUG_CLAIM)) break;
  }
  throw new Conflict();
}

/** The condition of a new product's slug claim (`repositories/product-slugs.ts`). */
const SLUG_CLAIM = 'slug';

/** A new size's id: `v` and 8 random hex digits (never reused: a removed size's id stays out of the way). */
function newVariantId(): string {
  return `v${randomBytes(4).toString('hex')}`;
}

function variantHasStock(product: AdminProduct, variantId: string, stock: number): Conflict {
  const label = product.variants.find((variant) => variant.id === variantId)?.label ?? '';
  const message = adminTexts.sizeHasStock(label, stock);
  return new Conflict(message, 'size_in_stock', { variants: message });
}

/**
 * What an edit does to the variants. Left out, they stay as they are (a piece without variants takes the
 * product's SKU). Otherwise the list is the form's, in its order: a variant with an id keeps its id (and
 * its stock), one without is new (stock 0), one missing is dropped, only while its stock is 0. A variant
 * left without SKU takes the product's. An id the product never had is refused, or answered as a
 * change meanwhile when the form is over an older version.
 */
function changeOfVariants(
  previous: AdminProduct,
  input: readonly VariantInput[],
  sku: string,
  priceCents: number,
  version: number,
): VariantsChange {
  let wanted = input;
  const current = previous.variants;
  // A piece without sizes: its one size, which follows the product's SKU.
  const single = hasSizes(previous) ? undefined : current[0];
  if (wanted.length === 0) {
    const kept = single ? [{ ...single, sku }] : current;
    refuseOverMaxPrice(priceCents, kept);
    return { variants: storedVariants(kept).variants, added: [], removed: [] };
  }
  const known = new Set(current.map((variant) => variant.id));
  // A piece without sizes divided into sizes: its one size becomes the first, so what an open order
  // gives back later lands in a size the owner sees. Units in stock are not guessed a size: set to 0 first.
  if (single && wanted.every((variant) => variant.id === undefined)) {
    if (single.stock > 0 && version === previous.version) {
      const message = adminTexts.splitIntoSizes(single.stock);
      throw new Conflict(message, 'size_in_stock', { variants: message });
    }
    wanted = [{ ...wanted[0]!, id: single.id }, ...wanted.slice(1)];
  }
  if (wanted.some((variant) => variant.id !== undefined && !known.has(variant.id))) {
    if (version !== previous.version) throw productChanged(previous.version);
    throw new InvalidInput(apiTexts.invalidInput, { variants: validationTexts.variants.invalid });
  }
  const variants = wanted.map((variant) => ({
    id: variant.id ?? newVariantId(),
    label: variant.label,
    sku: variant.sku || sku,
    priceDeltaCents: variant.priceDeltaCents,
  }));
  refuseOverMaxPrice(priceCents, variants);
  const kept = new Set(variants.map((variant) => variant.id));
  const removed = current.filter((variant) => !kept.has(variant.id));
  const inStock = removed.find((variant) => variant.stock > 0);
  if (inStock && version === previous.version) throw variantHasStock(previous, inStock.id, inStock.stock);
  return {
    variants,
    added: variants.filter((variant) => !known.has(variant.id)).map((variant) => variant.id),
    removed: removed.map((variant) => variant.id),
  };
}

/** No size may cost more than the highest price a piece may have (a new price with the sizes it keeps, too). */
function refuseOverMaxPrice(priceCents: number, variants: readonly { priceDeltaCents: number }[]): void {
  if (variants.some((variant) => priceCents + variant.priceDeltaCents > MAX_PRICE_CENTS)) {
    throw new InvalidInput(apiTexts.invalidInput, { variants: validationTexts.variants.priceDelta });
  }
}

function productChanged(version: number): ChangedMeanwhile {
  return new ChangedMeanwhile(apiTexts.productChanged, 'product_changed', { version });
}

/**
 * Saves the edit of everything but stock, only over the version the form loaded: a stale version
 * answers 409 `product_changed` and writes nothing. Stock is never written here (it changes by
 * `changeStock`), so a form opened before a sale cannot bring sold units back.
 */
export async function updateProduct(id: string | undefined, input: ProductUpdateInput, now = new Date()): Promise<ProductUpdatedResponse> {
  const previous = await adminProductById(id, true);
  const { version, photos: photoInput, variants: variantInputs = [], ...fields } = input;
  const change = changeOfVariants(previous, variantInputs, fields.sku, fields.priceCents, version);
  const [photos] = await Promise.all([
    resolvePhotos(photoInput, fields.name, previous.photos),
    assertCodeFree(fields.code, previous.id),
    assertCollectionExists(fields.collection),
  ]);
  const address = await slugAfterRename({ ...previous, formerSlugs: formerSlugsOf(await productItem(previous.id)) }, fields.name);
  const {
    id: _id,
    stock: _stock,
    variants: _variants,
    version: _version,
    ...updated
  } = withPhotos({ ...previous, ...fields, ...address }, photos);
  const saved = await updateProductFields(previous.id, updated, change, version, now);
  if (saved.kind === 'missing') throw new NotFound(apiTexts.productNotFound, 'product_not_found');
  if (saved.kind === 'stale') throw productChanged(saved.version);
  if (saved.kind === 'variant_in_stock') throw variantHasStock(previous, saved.variantId, saved.stock);
  await removeDroppedPhotos(previous, saved.product);
  return { product: saved.product };
}

/**
 * Deletes a piece that was never ordered (a mistake, a test), with its photo files no other product
 * uses. A piece that was ordered is archived instead (its orders keep their lines either way): 409 with
 * a Portuguese message that says so. Only over the product as the owner saw it (version and stock).
 */
export async function deleteProduct(id: string | undefined): Promise<void> {
  const product = await adminProductById(id);
  if (await productWasOrdered(product.id)) throw new Conflict(apiTexts.productOrdered, 'product_ordered');
  const slugs = [product.slug, ...formerSlugsOf(await productItem(product.id))];
  if (!(await deleteProductItem(product.id, product.version, product.stock, slugs))) throw productChanged(product.version);
  await removeDroppedPhotos(product, { ...product, photos: [] });
}
