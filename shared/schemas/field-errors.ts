/**
 * Turning a zod error into the `fields` of an API error body and into form field messages.
 */
import type * as z from 'zod';

/** Key of messages about the whole body rather than one field. */
export const FORM_ERROR_KEY = '_form';

/**
 * The first message of each field, keyed by its dotted path (`shipping.postalCode`, `items.0.quantity`);
 * messages about the whole body go under `_form`.
 *
 * @example
 * const result = shippingFormSchema.safeParse(body);
 * if (!result.success) fieldErrors(result.error); // { postalCode: 'O código postal deve ter o formato 1234-567.' }
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The fields whose refusal has an error code of its own (the API's fixed names), else `invalid_input`:
 * a client tells a wrong NIF from any other mistake without reading the message.
 */
export const FIELD_ERROR_CODES: Readonly<Record<string, string>> = { nif: 'nif_invalid' };

/**
 * The error code of a refused body: that of the first refused field that has one, else `fallback`.
 *
 * @example
 * fieldErrorCode(placeOrderSchema.safeParse({ ...order, nif: '123456788' }).error!); // 'nif_invalid'
 */
export function fieldErrorCode(error: z.core.$ZodError, fallback = 'invalid_input'): string {
  for (const issue of error.issues) {
    const code = FIELD_ERROR_CODES[issue.path.map(String).join('.')];
    if (code) return code;
  }
  return fallback;
}
