/**
 * Creating and editing a product: one form, one schema.
 */
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { MAX_DISCOUNT_PERCENT, MAX_PRICE_CENTS, MIN_PRICE_CENTS } from '../pricing.ts';
import { PRODUCT_TYPES } from '../product-types.ts';
import { PRODUCT_STATUSES } from '../product.ts';
import { MAX_PHOTOS, PHOTO_ID_PATTERN } from '../photos.ts';
import { MAX_VARIANT_LABEL, MAX_VARIANTS } from '../variants.ts';
import { formObject, oneOf, optionalText, requiredText, TEXT_LIMITS, variantIdField, wholeNumber } from './fields.ts';
import { MAX_STOCK } from './limits.ts';

const v = validationTexts;

export { MAX_STOCK } from './limits.ts';

/** Longest alt text of a photo. */
export const MAX_PHOTO_ALT = 200;

/**
 * Each item of a list read with `schema`, the first problem reported (`report`) on the list itself,
 * the field the form shows: undefined after a problem.
 */
function parseEach<S extends z.ZodType>(
  schema: S,
  items: readonly unknown[],
  report: (message: string) => void,
  invalid: string,
): z.output<S>[] | undefined {
  const parsed: z.output<S>[] = [];
  for (const item of items) {
    const result = schema.safeParse(item);
    if (!result.success) {
      report(result.error.issues[0]?.message ?? invalid);
      return undefined;
    }
    parsed.push(result.data);
  }
  return parsed;
}

/** One photo of the form: its content id and alt text. */
const photoInputSchema = z.object(
  {
    id: z.string({ error: v.photos.invalid }).regex(PHOTO_ID_PATTERN, { error: v.photos.invalid }),
    alt: z.string({ error: v.photoAlt.tooLong }).trim().max(MAX_PHOTO_ALT, { error: v.photoAlt.tooLong }).default(''),
  },
  { error: v.photos.invalid },
);

/**
 * The photos of a product, in order (the first is the main image): each a processed photo's id and its
 * alt text ('' means "the product name"). At most 8, no photo twice. The server fills in the rest
 * (sizes, widths, placeholder) from what the processing stored.
 */
export const photosField = z
  .array(z.unknown(), { error: v.photos.invalid })
  .max(MAX_PHOTOS, { error: v.photos.tooMany })
  // Each photo checked here, so that every problem is reported on `photos` (the field the form shows).
  .transform((items, ctx) => {
    const photos = parseEach(photoInputSchema, items, (message) => ctx.addIssue({ code: 'custom', message }), v.photos.invalid);
    if (!photos) return z.NEVER;
    if (new Set(photos.map((p) => p.id)).size !== photos.length) {
      ctx.addIssue({ code: 'custom', message: v.photos.duplicate });
      return z.NEVER;
    }
    return photos;
  })
  .default([]);

/** One photo as the product form sends it. */
export type PhotoInput = z.output<typeof photosField>[number];

/** One size as the form sends it: its id when it exists already (none for a new one), never its stock on an edit. */
const variantInputSchema = z.object(
  {
    id: variantIdField.optional(),
    // Compared as shown: one Unicode form, no invisible characters, one space between words.
    label: z
      .string({ error: v.variants.labelTooLong })
      .max(MAX_VARIANT_LABEL * 2, { error: v.variants.labelTooLong })
      .transform((label) =>
        label
          .normalize('NFC')
          .replace(/[\p{Cc}\p{Cf}]/gu, '')
          .replace(/\s+/gu, ' ')
          .trim(),
      )
      .pipe(z.string().max(MAX_VARIANT_LABEL, { error: v.variants.labelTooLong }))
      .default(''),
    sku: optionalText(v.sku.invalid, TEXT_LIMITS.sku),
    priceDeltaCents: wholeNumber(0, MAX_PRICE_CENTS, v.variants.priceDelta).default(0),
    stock: wholeNumber(0, MAX_STOCK, v.stock.invalid).optional(),
  },
  { error: v.variants.invalid },
);

/** One size of the form, checked. */
export type VariantInput = z.output<typeof variantInputSchema>;

/**
 * The sizes of a product, in order: none (the product is sold as one piece, as before sizes), or 1 to
 * 20, each named when there are several, no name or id twice. Each problem is reported on `variants`.
 */
export const variantsField = z
  .array(z.unknown(), { error: v.variants.invalid })
  .max(MAX_VARIANTS, { error: v.variants.tooMany })
  .transform((items, ctx) => {
    const variants = parseEach(variantInputSchema, items, (message) => ctx.addIssue({ code: 'custom', message }), v.variants.invalid);
    if (!variants) return z.NEVER;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (variants.length > 1 && variants.some((variant) => variant.label === '')) return fail(v.variants.labelRequired);
    if (new Set(variants.map((variant) => variant.label.toLocaleLowerCase('pt-PT'))).size !== variants.length)
      return fail(v.variants.duplicate);
    const ids = variants.flatMap((variant) => (variant.id ? [variant.id] : []));
    if (new Set(ids).size !== ids.length) return fail(v.variants.invalid);
    return variants;
  })
  .optional();

/** The fields of a product the admin form edits, stock aside. */
const productFields = {
  name: requiredText(v.productName, TEXT_LIMITS.productName),
  code: requiredText(v.productCode, TEXT_LIMITS.productCode),
  sku: optionalText(v.sku.invalid, TEXT_LIMITS.sku),
  description: optionalText(v.description.invalid, TEXT_LIMITS.description, { multiline: true }),
  type: oneOf(PRODUCT_TYPES, v.productType.invalid),
  collection: optionalText(v.productCollection.invalid, TEXT_LIMITS.collectionName),
  priceCents: wholeNumber(MIN_PRICE_CENTS, MAX_PRICE_CENTS, v.priceCents.invalid),
  discountPercent: wholeNumber(0, MAX_DISCOUNT_PERCENT, v.discountPercent.invalid).default(0),
  photos: photosField,
  /** Ativo, Rascunho or Arquivado: only active pieces are in the shop. */
  status: oneOf(PRODUCT_STATUSES, v.productStatus.invalid).default('active'),
};

/**
 * A new product as the admin form sends it, with its initial stock: `stock` for a piece without
 * sizes, or each size's own `stock` (the product's is then their sum). `sku`, `description`,
 * `collection`, `discountPercent` and the photos may be left out ('' or 0).
 *
 * @example
 * productInputSchema.parse({ name: 'Colar Lua', code: 'CL-01', type: 'colar', priceCents: 2490, stock: 5 });
 * productInputSchema.parse({ name: 'Anel Sol', code: 'AN-02', type: 'anel', priceCents: 1990, variants: [{ label: '14', stock: 2 }, {
 * label: '16', stock: 1 }] });
 */
export const productInputSchema = formObject({
  ...productFields,
  stock: wholeNumber(0, MAX_STOCK, v.stock.invalid).optional(),
  variants: variantsField,
})
  // Checked even when other fields fail, so a form left empty hears about its stock too.
  .refine((input) => input.stock !== undefined || (Array.isArray(input.variants) && input.variants.length > 0), {
    path: ['stock'],
    error: v.stock.invalid,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  // A new product's sizes are new: the server gives them their ids.
  .refine((input) => !input.variants?.some((variant) => variant.id !== undefined), { path: ['variants'], error: v.variants.invalid });

/** A valid product input (defaults applied). */
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * An edit of a product as the admin form sends it: every field but stock (stock changes only through
 * "Ajustar stock"; a `stock` here is refused, a size's too: a new size starts at 0), and the `version` the form loaded, which the save is
 * conditioned on.
 *
 * @example
 * productUpdateSchema.parse({ name: 'Colar Lua', code: 'CL-01', type: 'colar', priceCents: 2490, version: 3 });
 */
export const productUpdateSchema = formObject({
  ...productFields,
  version: wholeNumber(0, Number.MAX_SAFE_INTEGER, v.version.invalid),
  stock: z.never({ error: v.stockNotEditable.invalid }).optional(),
  /** Left out (or empty), the sizes stay as they are. */
  variants: variantsField,
})
  .superRefine((input, ctx) => {
    if (input.variants?.some((variant) => variant.stock !== undefined))
      ctx.addIssue({ code: 'custom', path: ['variants'], message: v.stockNotEditable.invalid });
  })
  .transform(({ stock: _stock, ...update }) => update);

/** A valid product edit (defaults applied, no stock). */
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
