/**
 * Placing an order: product ids and quantities, the shipping form and the uploaded proof's key.
 * Everything else (prices, totals, MB WAY number) the server decides.
 */
import * as z from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart.ts';
import { validationTexts } from '../messages/index.ts';
import { ACCESS_TOKEN_PATTERN } from '../order-status.ts';
import { PROOF_KEY_PATTERN } from '../uploads.ts';
import { customerNifField, formObject, oneOf, optionalText, productIdField, TEXT_LIMITS, variantIdField, wholeNumber } from './fields.ts';
import { PROOF_METHODS } from '../ledger.ts';
import { shippingFormSchema } from './shipping-form.ts';
import { giftTexts } from '../messages/gift.ts';
import { GIFT_MESSAGE_MAX } from '../gift.ts';
import { customerCodeField } from './discount-code.ts';

const v = validationTexts;

/** One order line: the product and, for a piece sold in sizes, the size (`shared/variants.ts`). */
export const orderItemSchema = formObject({
  productId: productIdField,
  variantId: variantIdField.optional(),
  quantity: wholeNumber(1, MAX_LINE_QUANTITY, v.quantity.invalid),
});

/**
 * "É para oferta" (docs/gifts.md): the card's message (control characters stripped like every text, line
 * breaks kept, at most 200 characters) and whether the customer wants the wrap; the price is the server's.
 */
export const giftSchema = z.object(
  {
    message: optionalText(giftTexts.messageTooLong, GIFT_MESSAGE_MAX, { multiline: true }).optional(),
    wrap: z.boolean({ error: giftTexts.giftInvalid }).optional(),
  },
  { error: giftTexts.giftInvalid },
);

const proofKeyField = z.string({ error: v.proofKey.invalid }).regex(PROOF_KEY_PATTERN, { error: v.proofKey.invalid });

/** The order request: 1-20 lines with distinct products (or sizes), the shipping form, and the proof key if already paid. */
export const placeOrderSchema = formObject({
  items: z
    .array(orderItemSchema, { error: v.items.required })
    .min(1, { error: v.items.required })
    .max(MAX_CART_LINES, { error: v.items.tooMany })
    .refine((items) => new Set(items.map((item) => `${item.productId}#${item.variantId ?? ''}`)).size === items.length, {
      error: v.items.duplicate,
    }),
  shipping: shippingFormSchema,
  /** Optional: without it the order is a reservation awaiting payment; with it, paid at once. */
  proofKey: proofKeyField.optional(),
  /** Optional: the customer's NIF, printed on the invoice (docs/invoices.md); none = "Consumidor final". */
  nif: customerNifField,
  /** Optional, with a NIF: the company's name on the invoice. */
  companyName: optionalText(v.companyName.invalid, TEXT_LIMITS.companyName)
    .transform((name) => name || undefined)
    .optional(),
  /** Optional: an order "para oferta" (docs/gifts.md); absent = not a gift. */
  gift: giftSchema.optional(),
  /** Optional: a discount code (docs/discount-codes.md), priced and counted by the server. */
  discountCode: customerCodeField,
});

/**
 * The checkout form as the browser checks it before reserving: the shipping form, the invoice's NIF
 * and company name, which go at the top of the order request (`nif`, `companyName`), and the gift's fields.
 */
export const checkoutFormSchema = shippingFormSchema.extend({
  nif: customerNifField,
  companyName: optionalText(v.companyName.invalid, TEXT_LIMITS.companyName),
  /** "É para oferta" as the form holds it: `gift` of the order request is made from these (docs/gifts.md). */
  gift: z.boolean().default(false),
  giftMessage: optionalText(giftTexts.messageTooLong, GIFT_MESSAGE_MAX, { multiline: true }),
  giftWrap: z.boolean().default(false),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/**
 * The customer attaches the proof of payment to their reservation. The order's access token comes in
 * the header `x-order-token` (the pages send it so); `accessToken` in the body stays accepted.
 */
export const attachProofSchema = formObject({
  accessToken: z.string({ error: v.accessToken.invalid }).regex(ACCESS_TOKEN_PATTERN, { error: v.accessToken.invalid }).optional(),
  proofKey: proofKeyField,
  /**
   * The manual method this proof is for, when not the one chosen at checkout (a declined automatic
   * MB WAY paid by transfer): the ledger and every page say it (docs/design.md §35).
   */
  method: oneOf(PROOF_METHODS, v.proofMethod.invalid).optional(),
});
export type AttachProofInput = z.infer<typeof attachProofSchema>;

/**
 * After a failed automatic payment, the manual method the customer will pay with (docs/payment-switch.md,
 * `POST /api/orders/{id}/payment-method`; the order's token in `x-order-token`).
 */
export const choosePaymentMethodSchema = formObject({
  method: oneOf(PROOF_METHODS, v.switchMethod.invalid),
});
export type ChoosePaymentMethodInput = z.infer<typeof choosePaymentMethodSchema>;

/** A valid order request. */
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;
