/**
 * Placing an order (DESIGN.md §1): product ids and quantities, the shipping form and the uploaded
 * proof's key. Everything else (prices, totals, MB WAY number) the server decides.
 */
import * as z from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart.ts';
import { messages } from '../messages.ts';
import { PROOF_KEY_PATTERN } from '../uploads.ts';
import { formObject, productIdField, wholeNumber } from './fields.ts';
import { shippingFormSchema } from './shipping-form.ts';

const v = messages.validation;

/**
 * One order line.
 *
 * @example
 * orderItemSchema.parse({ productId: 'colar-lua', quantity: 2 });
 */
export const orderItemSchema = formObject({
  productId: productIdField,
  quantity: wholeNumber(1, MAX_LINE_QUANTITY, v.quantity.invalid),
});

/**
 * The order request: 1-50 lines with distinct products, the shipping form, the proof key.
 *
 * @example
 * placeOrderSchema.parse({ items: [{ productId: 'colar-lua', quantity: 1 }], shipping: form,
 *   proofKey: 'proofs/pending/0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f' });
 */
export const placeOrderSchema = formObject({
  items: z
    .array(orderItemSchema, { error: v.items.required })
    .min(1, { error: v.items.required })
    .max(MAX_CART_LINES, { error: v.items.tooMany })
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
      error: v.items.duplicate,
    }),
  shipping: shippingFormSchema,
  proofKey: z.string({ error: v.proofKey.invalid }).regex(PROOF_KEY_PATTERN, { error: v.proofKey.invalid }),
});

/** A valid order request. @example const order: PlaceOrderInput = placeOrderSchema.parse(body); */
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;
