/**
 * Creating and editing a product: one form, one schema.
 */
import * as z from 'zod';
import { messages } from '../messages.ts';
import { MAX_DISCOUNT_PERCENT, MAX_PRICE_CENTS, MIN_PRICE_CENTS } from '../pricing.ts';
import { PRODUCT_TYPES } from '../product-types.ts';
import { IMAGE_PATH_PATTERN } from '../uploads.ts';
import { formObject, oneOf, optionalText, requiredText, TEXT_LIMITS, wholeNumber } from './fields.ts';

const v = messages.validation;

/** Highest stock of a product. */
export const MAX_STOCK = 9999;

/** A product image: '' (none) or a same-origin path under `/images/`. Defaults to ''. */
export const imagePathField = z
  .string({ error: v.image.invalid })
  .trim()
  .refine((path) => path === '' || IMAGE_PATH_PATTERN.test(path), { error: v.image.invalid })
  .default('');

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
  mainImage: imagePathField,
  secondaryImage: imagePathField,
};

/**
 * A new product as the admin form sends it, with its initial stock. `sku`, `description`,
 * `collection`, `discountPercent` and the images may be left out ('' or 0).
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
