/**
 * What a product id may be, without zod: the catalogue's read functions check ids with it and stay
 * free of the validation library (the forms' `productIdField` uses the same pattern).
 */

/** Longest product id. */
export const PRODUCT_ID_MAX_LENGTH = 100;

/** Letters, digits, `_` and `-`, 1 to {@link PRODUCT_ID_MAX_LENGTH} characters. */
export const PRODUCT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${PRODUCT_ID_MAX_LENGTH}}$`);

/** Whether `id` (a path parameter, say) can be a product id at all. */
export function isProductId(id: string | undefined): id is string {
  return typeof id === 'string' && PRODUCT_ID_PATTERN.test(id);
}
