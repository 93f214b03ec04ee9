/**
 * Building blocks of the schemas: trimmed, bounded texts and the fields several forms share. Every
 * rule carries its own pt-PT message from `validationTexts`; zod's English defaults never show.
 */
import * as z from 'zod';
import './zod-config.ts';
import { validationTexts } from '../messages/index.ts';
import { PRODUCT_ID_PATTERN } from '../product-id.ts';
import { VARIANT_ID_PATTERN } from '../variants.ts';
import { isValidNif } from '../shop-identity.ts';

export { TEXT_LIMITS } from './limits.ts';
export { emailField } from './email.ts';

const v = validationTexts;

/** Messages of a required text field. */
export interface RequiredTextMessages {
  readonly required: string;
  readonly tooLong: string;
}

/**
 * A text as a person meant it: one Unicode form (NFC), without control or format characters
 * (`\p{Cc}`, `\p{Cf}`: zero-width spaces and joiners, bidi overrides that would show a name reversed in
 * the back-office and the CSV, soft hyphens; and the line and paragraph separators U+2028/U+2029, which
 * would break a line where the shop shows one) and without lone surrogates (half an emoji). A multi-line
 * text keeps its line breaks (as `\n`) and tabs become spaces; a one-line text gets a space for each.
 *
 * @example
 * cleanText('\u202Eanaram'); // 'anaram'
 * cleanText('Ana\u200B\u200B'); // 'Ana'
 * cleanText('linha 1\r\nlinha 2', true); // 'linha 1\nlinha 2'
 */
export function cleanText(text: string, multiline = false): string {
  const lines = text
    .normalize('NFC')
    .replace(/\p{Cs}/gu, '')
    .replace(/\r\n?/g, '\n');
  const spaced = multiline ? lines.replace(/\t/g, ' ') : lines.replace(/[\t\n]/g, ' ');
  return spaced.replace(/(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '');
}

/** Whether a text can shape a field: one line, or several (a message, a description, a note). */
export interface TextShape {
  readonly multiline?: boolean;
}

/**
 * A required text: cleaned (see {@link cleanText}), trimmed, not empty, at most `max` characters.
 *
 * @example
 * requiredText(validationTexts.city, TEXT_LIMITS.city).parse('  Porto '); // 'Porto'
 */
export function requiredText(text: RequiredTextMessages, max: number, shape: TextShape = {}) {
  return z
    .string({ error: text.required })
    .overwrite((written) => cleanText(written, shape.multiline))
    .trim()
    .min(1, { error: text.required })
    .max(max, { error: text.tooLong });
}

/** Messages of a person's name: those of a required text, and one for a name without letters. */
export interface NameMessages extends RequiredTextMessages {
  readonly noLetter: string;
}

/**
 * A person's name: a required one-line text with at least one letter (of any script), so a name
 * of digits, punctuation or invisible characters only is refused.
 *
 * @example
 * personName(validationTexts.firstName, TEXT_LIMITS.firstName).parse('Inês'); // 'Inês'
 * personName(validationTexts.firstName, TEXT_LIMITS.firstName).safeParse('\u200B\u200B').success; // false
 */
export function personName(text: NameMessages, max: number) {
  return requiredText(text, max).regex(/\p{L}/u, { error: text.noLetter });
}

/**
 * An optional text: cleaned, trimmed, at most `max` characters, '' when absent. One message covers both rules.
 *
 * @example
 * optionalText(validationTexts.sku.invalid, TEXT_LIMITS.sku).parse(undefined); // ''
 */
export function optionalText(invalid: string, max: number, shape: TextShape = {}) {
  return z
    .string({ error: invalid })
    .overwrite((written) => cleanText(written, shape.multiline))
    .trim()
    .max(max, { error: invalid })
    .default('');
}

/**
 * A phone number as people write it: digits with spaces, dots, dashes, slashes or brackets, and an
 * international prefix written '+' (also in brackets, '(+351)') or '00'. At most 25 characters.
 */
const PHONE_WRITTEN = /^(?:\(\s*\+?\s*\d{1,4}\s*\)|\+)?[\d\s.\-/()]{6,}$/;

/**
 * A phone number in its stored form: digits only, with a leading '+' when an international prefix
 * was given ('00' reads as '+'); 9 to 15 digits (E.164 has at most 15).
 *
 * @example
 * normalisePhone('(+351) 912-345-678'); // '+351912345678'
 * normalisePhone('912 345 678');        // '912345678'
 * normalisePhone('00351 912 345 678');  // '+351912345678'
 * normalisePhone('91234567a');          // undefined
 */
export function normalisePhone(written: string): string | undefined {
  const text = written.trim();
  if (text.length > 25 || !PHONE_WRITTEN.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  let international = /^\(?\s*\+/.test(text);
  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  if (digits.length < 9 || digits.length > 15) return undefined;
  return `${international ? '+' : ''}${digits}`;
}

/** A phone number (see {@link normalisePhone}): trimmed, checked loosely and stored normalised. */
export const phoneField = z
  .string({ error: v.phone.required })
  .trim()
  .min(1, { error: v.phone.required })
  .transform((phone, ctx) => {
    const normal = normalisePhone(phone);
    if (normal === undefined) {
      ctx.addIssue({ code: 'custom', message: v.phone.invalid });
      return z.NEVER;
    }
    return normal;
  });

/** A product id as the API uses it: letters, digits, '_' and '-', 1-100 characters. */
export const productIdField = z.string({ error: v.productId.invalid }).trim().regex(PRODUCT_ID_PATTERN, { error: v.productId.invalid });

/** The id of a product's size (`shared/variants.ts`). */
export const variantIdField = z.string({ error: v.variantId.invalid }).regex(VARIANT_ID_PATTERN, { error: v.variantId.invalid });

/** A whole number within bounds, with one message for every way of missing them. */
export function wholeNumber(min: number, max: number, invalid: string) {
  return z.int({ error: invalid }).min(min, { error: invalid }).max(max, { error: invalid });
}

/** One of a fixed list of values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, invalid: string) {
  return z.enum(values, { error: invalid });
}

/** An object schema whose wrong-type message (a body that is not an object) is pt-PT too. */
export function formObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: v.form.invalid });
}

/**
 * The customer's NIF for the invoice (docs/invoices.md): optional; spaces, dots, dashes and a "PT"
 * prefix as typed are dropped, '' is none (undefined), else nine digits with a valid check digit
 * (`isValidNif`, modulo 11). A body refused for it answers the code `nif_invalid` (`fieldErrorCode`).
 * What a copy from a PDF or a phone brings along is dropped first: control and format characters (a
 * zero-width space, a bidi mark: `cleanText`), and compatibility forms become their digits (NFKC: a
 * full-width "５" is a 5). Digits of other scripts ("٥") and letters that look like digits ("O", "l") are
 * refused: what is kept is always nine ASCII digits.
 *
 * @example
 * customerNifField.parse('501 964 843'); // '501964843'
 * customerNifField.parse('\u200F501964843'); // '501964843'
 * customerNifField.safeParse('123456788').success; // false
 */
export const customerNifField = z
  .string({ error: v.customerNif.invalid })
  .transform((text, ctx) => {
    const digits = cleanText(text)
      .normalize('NFKC')
      .trim()
      .replace(/^PT/i, '')
      .replace(/[\s.-]/g, '');
    if (digits === '') return undefined;
    if (digits.length > 20 || !isValidNif(digits)) {
      ctx.addIssue({ code: 'custom', message: v.customerNif.invalid });
      return z.NEVER;
    }
    return digits;
  })
  .optional();
