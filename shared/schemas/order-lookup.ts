/**
 * "A minha encomenda" without the e-mail at hand: the customer gives the order number and the e-mail
 * of the order, and the link is e-mailed to that address (never shown), so knowing a number reveals
 * nothing.
 */
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { emailField, formObject } from './fields.ts';

const v = validationTexts;

/** The number as customers copy it: "123456", "nº 123 456", "#123456". */
const ORDER_NUMBER_WRITTEN = /^\s*(?:n\.?\s*[ºo°]\s*|#\s*)?(\d{3})\s?(\d{3})\s*$/i;

export const orderLookupSchema = formObject({
  orderNumber: z
    .string({ error: v.orderLookupNumber.invalid })
    .max(20, { error: v.orderLookupNumber.invalid })
    .regex(ORDER_NUMBER_WRITTEN, { error: v.orderLookupNumber.invalid })
    .transform((written) => written.replace(ORDER_NUMBER_WRITTEN, '$1$2')),
  email: emailField(),
});

export type OrderLookupInput = z.infer<typeof orderLookupSchema>;
