/**
 * Discount codes (docs/discount-codes.md): the owner's form (`POST`/`PUT /api/admin/discount-codes`, DESIGN's
 * body), the customer's code field and the price check of a cart with a code.
 */
import * as z from 'zod';
import { CODE_PATTERN, DISCOUNT_CODE_TYPES, normalizeCode } from '../discount-codes.ts';
import { discountCodeAdminTexts as t, discountCodeTexts } from '../messages/discount-codes.ts';
import { MAX_DISCOUNT_PERCENT, MAX_PRICE_CENTS } from '../pricing.ts';
import { PRODUCT_TYPES } from '../product-types.ts';
import { cleanText, formObject, oneOf, optionalText, wholeNumber } from './fields.ts';
import { TEXT_LIMITS } from './limits.ts';

/** A Lisbon wall time as `<input type="datetime-local">` gives it, or '' / absent for none. */
const wallTime = z
  .string({ error: t.dateInvalid })
  .trim()
  .refine(
    (text) =>
      text === '' ||
      (/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/.test(text) && !Number.isNaN(Date.parse(`${text}:00Z`))),
    { error: t.dateInvalid },
  )
  .transform((text) => text || undefined)
  .optional();

/** Uses: a whole number, or null / absent for no limit. */
const uses = wholeNumber(1, 100_000, t.usesInvalid)
  .nullish()
  .transform((n) => n ?? undefined);

/** The code as the owner writes it: normalised (upper-case), 3-30 letters, digits and hyphens. */
export const codeField = z
  .string({ error: t.codeInvalid })
  .max(60, { error: t.codeInvalid })
  .transform((text) => normalizeCode(cleanText(text)))
  .refine((code) => CODE_PATTERN.test(code), { error: t.codeInvalid });

/** The body of `POST` and `PUT /api/admin/discount-codes` (DESIGN's fixed names). */
export const discountCodeInputSchema = formObject({
  code: codeField,
  type: oneOf(DISCOUNT_CODE_TYPES, t.typeInvalid),
  percent: wholeNumber(1, MAX_DISCOUNT_PERCENT, t.percentInvalid).optional(),
  amountCents: wholeNumber(1, MAX_PRICE_CENTS, t.amountInvalid).optional(),
  minOrderCents: wholeNumber(0, MAX_PRICE_CENTS, t.minOrderInvalid)
    .nullish()
    .transform((n) => n || undefined),
  startsAt: wallTime,
  endsAt: wallTime,
  maxUses: uses,
  maxUsesPerCustomer: uses,
  appliesToDiscounted: z.boolean({ error: t.typeInvalid }).optional(),
  collections: z
    .array(
      z
        .string({ error: t.scopeInvalid })
        .trim()
        .min(1, { error: t.scopeInvalid })
        .max(TEXT_LIMITS.collectionName, { error: t.scopeInvalid }),
      { error: t.scopeInvalid },
    )
    .max(50, { error: t.scopeInvalid })
    .optional(),
  types: z
    .array(oneOf(PRODUCT_TYPES, t.scopeInvalid), { error: t.scopeInvalid })
    .max(PRODUCT_TYPES.length, { error: t.scopeInvalid })
    .optional(),
  active: z.boolean({ error: t.typeInvalid }),
  note: optionalText(t.noteInvalid, 120)
    .transform((note) => note || undefined)
    .optional(),
}).superRefine((code, ctx) => {
  if (code.type === 'percent' && code.percent === undefined) ctx.addIssue({ code: 'custom', path: ['percent'], message: t.percentInvalid });
  if (code.type === 'amount' && code.amountCents === undefined)
    ctx.addIssue({ code: 'custom', path: ['amountCents'], message: t.amountInvalid });
  if (code.startsAt && code.endsAt && code.endsAt <= code.startsAt)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: t.endsBeforeStart });
});
/** What the owner's form sends (the API's body; empty limits may come as null). */
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;

/** The customer's code field: what they typed, normalised; '' / absent = no code. Not a code's shape: 400 beside the field. */
export const customerCodeField = z
  .string({ error: discountCodeTexts.invalid })
  .max(60, { error: discountCodeTexts.invalid })
  .transform((text) => normalizeCode(cleanText(text)))
  .refine((code) => code === '' || CODE_PATTERN.test(code), { error: discountCodeTexts.invalid })
  .transform((code) => code || undefined)
  .optional();
