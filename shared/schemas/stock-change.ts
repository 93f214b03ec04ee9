/**
 * A change of a product's stock by the owner: either "+/- N" (`delta`), or
 * "set to N" (`set`) conditioned on the value the owner saw (`expected`), always with a reason and
 * an optional note. Never both, never a bare value.
 */
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { ADMIN_STOCK_REASONS, type AdminStockReason } from '../stock.ts';
import { formObject, oneOf, optionalText, TEXT_LIMITS, variantIdField, wholeNumber } from './fields.ts';
import { MAX_STOCK } from './product-input.ts';

const v = validationTexts;

/** What the server acts on: exactly one of the two forms, the note left out when empty. */
export type StockChangeInput = (
  | { readonly delta: number; readonly reason: AdminStockReason; readonly note?: string }
  | { readonly set: number; readonly expected: number; readonly reason: AdminStockReason; readonly note?: string }
) & {
  /** The size whose stock changes; may be left out for a product with one size. */
  readonly variantId?: string;
};

/**
 * @example
 * stockChangeSchema.parse({ delta: -2, reason: 'adjustment', note: 'peças partidas' });
 * stockChangeSchema.parse({ set: 7, expected: 4, reason: 'adjustment', variantId: 'v1a2b3c4d' });
 */
export const stockChangeSchema: z.ZodType<StockChangeInput> = formObject({
  delta: z
    .int({ error: v.stockDelta.invalid })
    .min(-MAX_STOCK, { error: v.stockDelta.invalid })
    .max(MAX_STOCK, { error: v.stockDelta.invalid })
    .refine((delta) => delta !== 0, { error: v.stockDelta.invalid })
    .optional(),
  set: wholeNumber(0, MAX_STOCK, v.stock.invalid).optional(),
  expected: wholeNumber(0, MAX_STOCK, v.stockExpected.invalid).optional(),
  variantId: variantIdField.optional(),
  reason: oneOf(ADMIN_STOCK_REASONS, v.stockReason.invalid),
  note: optionalText(v.stockNote.invalid, TEXT_LIMITS.stockNote, { multiline: true }),
})
  .superRefine((body, ctx) => {
    if (body.delta !== undefined && body.set !== undefined) ctx.addIssue({ code: 'custom', path: ['set'], message: v.stockChange.both });
    else if (body.delta === undefined && body.set === undefined)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: v.stockChange.missing });
    else if (body.delta !== undefined && body.expected !== undefined)
      ctx.addIssue({ code: 'custom', path: ['expected'], message: v.stockChange.expectedWithDelta });
    else if (body.set !== undefined && body.expected === undefined)
      ctx.addIssue({ code: 'custom', path: ['expected'], message: v.stockExpected.invalid });
    else if (body.set !== undefined && body.set === body.expected)
      ctx.addIssue({ code: 'custom', path: ['set'], message: v.stockUnchanged.invalid });
  })
  .transform(({ delta, set, expected, reason, note, variantId }): StockChangeInput => {
    const withNote = { ...(note ? { note } : {}), ...(variantId ? { variantId } : {}) };
    return delta !== undefined ? { delta, reason, ...withNote } : { set: set!, expected: expected!, reason, ...withNote };
  });
