/**
 * The product form's values as typed (texts) and how they are read: the price and each size's price
 * difference with `parseEuroInput`, then the schemas the server uses (`productInputSchema` for a new
 * piece, `productUpdateSchema` for an edit), giving the input to send or a message per field.
 */
import type { ProductPhoto } from '#shared/photos.ts';
import type { AdminProduct, ProductStatus } from '#shared/product.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { hasSizes } from '#shared/variants.ts';
import { parseEuroInput } from '#shared/money.ts';
import {
  fieldErrors,
  type FORM_ERROR_KEY,
  productInputSchema,
  productUpdateSchema,
  type ProductInput,
  type ProductUpdateInput,
} from '#shared/schemas/index.ts';
import { newVariantRow, type VariantRow } from './variants-field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

/** The form's fields as typed (texts), before parsing. */
export interface FormValues {
  name: string;
  code: string;
  sku: string;
  type: string;
  collection: string;
  price: string;
  discount: string;
  /** The initial stock (creation only). */
  stock: string;
  description: string;
  /** The photos, in order, with their alt texts as typed ('' = the product name). */
  photos: readonly ProductPhoto[];
  /** Ativo, Rascunho or Arquivado. */
  status: ProductStatus;
  /** Its sizes, in order ([] = sold as one piece). */
  variants: readonly VariantRow[];
}

/** The fields typed as text, each set the same way. */
export type TextKey = Exclude<keyof FormValues, 'photos' | 'status' | 'variants'>;

/** A message per field of the schemas (the price's is `priceCents`), the version's and the whole form's. */
export type Errors = Partial<Record<keyof ProductInput | 'version' | typeof FORM_ERROR_KEY, string>>;

/** The message key of a typed field (the price and the discount are read into cents and a number). */
export function errorKeyOf(field: TextKey): keyof Errors {
  return field === 'price' ? 'priceCents' : field === 'discount' ? 'discountPercent' : field;
}

/** Cents as the price field shows them: '24,90'. */
export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** The values of a new piece, or the product's as loaded. */
export function valuesOf(product: AdminProduct | undefined): FormValues {
  if (!product) {
    return {
      name: '',
      code: '',
      sku: '',
      type: '',
      collection: '',
      price: '',
      discount: '0',
      stock: '',
      description: '',
      photos: [],
      status: 'active',
      variants: [],
    };
  }
  return {
    name: product.name,
    code: product.code,
    sku: product.sku,
    type: product.type,
    collection: product.collection,
    price: centsToInput(product.priceCents),
    discount: String(product.discountPercent),
    stock: String(product.stock),
    description: product.description,
    // An alt text equal to the name is shown empty: it then follows a renamed product.
    photos: product.photos.map((photo) => (photo.alt === product.name ? { ...photo, alt: '' } : photo)),
    status: product.status,
    variants: hasSizes(product)
      ? product.variants.map((variant) => ({
          key: variant.id,
          id: variant.id,
          label: variant.label,
          sku: variant.sku,
          extra: variant.priceDeltaCents > 0 ? centsToInput(variant.priceDeltaCents) : '',
          stock: String(variant.stock),
        }))
      : [],
  };
}

/** What the copy of a product ("Duplicar") starts as: its fields and photos, a new name, no code or SKU, no stock, a draft. */
export function copyValues(original: AdminProduct): FormValues {
  const values = valuesOf(original);
  return {
    ...values,
    name: texts.productForm.copyName(original.name),
    code: '',
    sku: '',
    stock: '0',
    status: 'draft',
    // The copy's sizes are new ones: same names and price differences, no SKU, no stock.
    variants: values.variants.map(({ label, extra }) => ({ ...newVariantRow(), label, extra })),
  };
}

function wholeOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export type Read<T> = { input: T; errors?: undefined } | { input?: undefined; errors: Errors };

/** The sizes as the schemas take them (each price difference read with `parseEuroInput`), or the first problem. */
function formVariants(values: FormValues, withStock: boolean): { variants?: unknown[]; error?: string } {
  if (values.variants.length === 0) return {};
  const variants: unknown[] = [];
  for (const row of values.variants) {
    const extra = row.extra.trim() === '' ? { ok: true as const, cents: 0 } : parseEuroInput(row.extra);
    if (!extra.ok) return { error: validationTexts.variants.priceDelta };
    variants.push({
      ...(row.id ? { id: row.id } : {}),
      label: row.label,
      sku: row.sku,
      priceDeltaCents: extra.cents,
      ...(withStock ? { stock: wholeOrUndefined(row.stock) ?? 0 } : {}),
    });
  }
  return { variants };
}

/** The typed values as the schemas take them (the price read with `parseEuroInput`). */
function formFields(values: FormValues) {
  const price = parseEuroInput(values.price);
  const fields = {
    name: values.name,
    code: values.code,
    sku: values.sku,
    description: values.description,
    type: values.type || undefined,
    collection: values.collection,
    priceCents: price.ok ? price.cents : undefined,
    discountPercent: wholeOrUndefined(values.discount),
    photos: values.photos.map(({ id, alt }) => ({ id, alt })),
    status: values.status,
  };
  return { fields, priceError: price.ok ? undefined : price.message };
}

function readWith<T>(
  result: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] },
  read: Errors,
): Read<T> {
  const errors: Errors = { ...(result.success ? {} : (fieldErrors(result.error) as Errors)), ...read };
  if (!result.success || Object.keys(read).length > 0) return { errors };
  return { input: result.data };
}

/**
 * The typed values as the schema takes them (`body`), and what reading the texts found wrong first
 * (`errors`: the price, the sizes), whose messages win over the schema's for the same field.
 */
export interface Candidate {
  readonly body: Record<string, unknown>;
  readonly errors: Errors;
}

function readErrors(priceError: string | undefined, variantsError: string | undefined): Errors {
  return { ...(priceError ? { priceCents: priceError } : {}), ...(variantsError ? { variants: variantsError } : {}) };
}

/** A new product, for `productInputSchema`: the typed values and the initial stock (the piece's, or each size's). */
export function newProductCandidate(values: FormValues): Candidate {
  const { fields, priceError } = formFields(values);
  const rows = formVariants(values, true);
  const stock = rows.variants ? {} : { stock: wholeOrUndefined(values.stock) };
  return {
    body: { ...fields, ...stock, ...(rows.variants ? { variants: rows.variants } : {}) },
    errors: readErrors(priceError, rows.error),
  };
}

/**
 * An edit, for `productUpdateSchema`: the typed values (no stock) and the version the form loaded. A
 * piece sold in sizes keeps at least one (`hadVariants`).
 */
export function updateCandidate(values: FormValues, version: number, hadVariants = false): Candidate {
  const { fields, priceError } = formFields(values);
  const rows = formVariants(values, false);
  const variantsError = rows.error ?? (hadVariants && !rows.variants ? texts.variants.keepOne : undefined);
  return {
    body: { ...fields, version, ...(rows.variants ? { variants: rows.variants } : {}) },
    errors: readErrors(priceError, variantsError),
  };
}

/** A new product read with `productInputSchema` (what the form's submit checks, `newProductCandidate`). */
export function readProductForm(values: FormValues): Read<ProductInput> {
  const candidate = newProductCandidate(values);
  return readWith(productInputSchema.safeParse(candidate.body), candidate.errors);
}

/** An edit read with `productUpdateSchema` (what the form's submit checks, `updateCandidate`). */
export function readProductUpdate(values: FormValues, version: number, hadVariants = false): Read<ProductUpdateInput> {
  const candidate = updateCandidate(values, version, hadVariants);
  return readWith(productUpdateSchema.safeParse(candidate.body), candidate.errors);
}
