/**
 * The shipping form: who and where, how to ship, how to pay, terms accepted.
 */
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { PAYMENT_METHOD_IDS } from '../payment-methods.ts';
import { SHIPPING_METHOD_IDS } from '../shipping.ts';
import { emailField, formObject, oneOf, personName, phoneField, requiredText, TEXT_LIMITS } from './fields.ts';

const v = validationTexts;

/** Countries the shop ships to. */
export const SHIPPING_COUNTRIES = ['Portugal'] as const;

/** Portuguese postal code: 4 digits, an optional dash (or en dash) or space, 3 digits. */
export const POSTAL_CODE_PATTERN = /^(\d{4}) ?[-–]? ?(\d{3})$/;

/**
 * Postal code, trimmed and stored in its usual form '1234-567'.
 *
 * @example
 * postalCodeField.parse('1000 001'); // '1000-001'
 */
export const postalCodeField = z
  .string({ error: v.postalCode.required })
  .trim()
  .min(1, { error: v.postalCode.required })
  .regex(POSTAL_CODE_PATTERN, { error: v.postalCode.invalid })
  .transform((code) => code.replace(POSTAL_CODE_PATTERN, '$1-$2'));

/** The shipping form. Texts are trimmed; `acceptTerms` must be exactly `true`. */
export const shippingFormSchema = formObject({
  email: emailField(),
  firstName: personName(v.firstName, TEXT_LIMITS.firstName),
  lastName: personName(v.lastName, TEXT_LIMITS.lastName),
  country: oneOf(SHIPPING_COUNTRIES, v.country.invalid),
  address: requiredText(v.address, TEXT_LIMITS.address),
  city: requiredText(v.city, TEXT_LIMITS.city),
  postalCode: postalCodeField,
  phone: phoneField,
  shippingMethod: oneOf(SHIPPING_METHOD_IDS, v.shippingMethod.invalid),
  paymentMethod: oneOf(PAYMENT_METHOD_IDS, v.paymentMethod.invalid),
  acceptTerms: z.literal(true, { error: v.acceptTerms.required }),
});

/** A valid shipping form (after trimming). */
export type ShippingForm = z.infer<typeof shippingFormSchema>;
