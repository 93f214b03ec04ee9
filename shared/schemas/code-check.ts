/** `POST /api/discount-codes/check` (docs/discount-codes.md): a cart and a code, priced by the server before reserving. */
import * as z from 'zod';
import { MAX_CART_LINES } from '../cart.ts';
import { discountCodeTexts } from '../messages/discount-codes.ts';
import { validationTexts } from '../messages/validation.ts';
import { SHIPPING_METHOD_IDS } from '../shipping.ts';
import { customerCodeField } from './discount-code.ts';
import { formObject, oneOf } from './fields.ts';
import { orderItemSchema } from './place-order.ts';

/** `POST /api/discount-codes/check`: the server's price of the cart with a code, before reserving. */
export const codeCheckSchema = formObject({
  code: customerCodeField.refine((code): code is string => code !== undefined, { error: discountCodeTexts.invalid }),
  items: z
    .array(orderItemSchema, { error: validationTexts.items.required })
    .min(1, { error: validationTexts.items.required })
    .max(MAX_CART_LINES, { error: validationTexts.items.tooMany }),
  shippingMethod: oneOf(SHIPPING_METHOD_IDS, validationTexts.shippingMethod.invalid).optional(),
});
export type CodeCheckInput = z.infer<typeof codeCheckSchema>;
