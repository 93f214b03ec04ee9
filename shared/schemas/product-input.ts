/**
 * Creating and editing a product: one form, one schema.
 */
import * as z from 'zod';
import { validationTexts } from '../messages.ts';
import { MAX_DISCOUNT_PERCENT, MAX_PRICE_CENTS, MIN_PRICE_CENTS } from '../pricing.ts';
import { PRODUCT_TYPES } from '../product-types.ts';
import { PRODUCT_STATUSES } from '../product.ts';
import { MAX_PHOTOS, PHOTO_ID_PATTERN } from '../photos.ts';
import { formObject, oneOf, optionalText, requiredText, TEXT_LIMITS, wholeNumber } from './fields.ts';
import { MAX_STOCK } from './limits.ts';

const v = validationTexts;

export { MAX_STOCK } from './limits.ts';

/** Longest alt text of a photo. */
export const MAX_PHOTO_ALT = 200;

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
    const photos: z.output<typeof photoInputSchema>[] = [];
    for (const item of items) {
      const parsed = photoInputSchema.safeParse(item);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? v.photos.invalid });
        return z.NEVER;
      }
      photos.push(parsed.data);
    }
    if (new Set(photos.map((p) => p.id)).size !== photos.length) {
      ctx.addIssue({ code: 'custom', message: v.photos.duplicate });
      return z.NEVER;
    }
    return photos;
  })
  .default([]);

/** One photo as the product form sends it. */
export type PhotoInput = z.output<typeof photosField>[number];

/** The fields of a product the admin form edits, stock aside. */
const productFields = {
  name: requiredText(v.productName, TEXT_LIMITS.productName),
  code: requiredText(v.productCode, TEXT_LIMITS.productCode),
  sku: optionalText(v.sku.invalid, TEXT_LIMITS.sku),
  description: optionalText(v.description.invalid, TEXT_LIMITS.description),
  type: oneOf(PRODUCT_TYPES, v.productType.invalid),
  collection: optionalText(v.productCollection.invalid, TEXT_LIMITS.collectionName),
  priceCents: wholeNumber(MIN_PRICE_CENTS, MAX_PRICE_CENTS, v.priceCents.invalid),
  discountPercent: wholeNumber(0, MAX_DISCOUNT_PERCENT, v.discountPercent.invalid).default(0),
  photos: photosField,
  /** Ativo, Rascunho or Arquivado: only active pieces are in the shop. */
  status: oneOf(PRODUCT_STATUSES, v.productStatus.invalid).default('active'),
};

/**
 * A new product as the admin form sends it, with its initial stock. `sku`, `description`,
 * `collection`, `discountPercent` and the photos may be left out ('' or 0).
 *
 * @example
 * productInputSchema.parse({ name: 'Colar Lua', code: 'CL-01', type: 'colar', priceCents: 2490, stock: 5 });
 */
export const productInputSchema = formObject({
  ...productFields,
  stock: wholeNumber(0, MAX_STOCK, v.stock.invalid),
});

/** A valid product input (defaults applied). */
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * An edit of a product as the admin form sends it: every field but stock (stock changes only through
 * "Ajustar stock"; a `stock` here is refused), and the `version` the form loaded, which the save is
 * conditioned on.
 *
 * @example
 * productUpdateSchema.parse({ name: 'Colar Lua', code: 'CL-01', type: 'colar', priceCents: 2490, version: 3 });
 */
export const productUpdateSchema = formObject({
  ...productFields,
  version: wholeNumber(0, Number.MAX_SAFE_INTEGER, v.version.invalid),
  stock: z.never({ error: v.stockNotEditable.invalid }).optional(),
}).transform(({ stock: _stock, ...update }) => update);

/** A valid product edit (defaults applied, no stock). */
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
