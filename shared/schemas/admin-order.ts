/**
 * What the admin does to an order: change its status, send it an e-mail.
 */
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { refundTexts } from '../messages/owner-payments.ts';
import { ADMIN_EMAIL_KINDS, type AdminEmailKind } from '../order-emails.ts';
import { ORDER_STATUSES, PAYMENT_NOTE_MAX } from '../order-status.ts';
import { MANUAL_REFUND_METHODS } from '../ledger.ts';
import { DEFAULT_CARRIER, isTrackingCode, normaliseTrackingCode, TRACKING_CARRIERS } from '../tracking.ts';
import { formObject, oneOf, requiredText, TEXT_LIMITS } from './fields.ts';

export { ADMIN_EMAIL_KINDS, type AdminEmailKind };

/** The largest amount any refund can be (the provider's own ceiling for one payment, 999 999,99 €). */
const MAX_REFUND_CENTS = 99_999_999;

/** A refund's amount in cents: 1 cent to the provider's ceiling for one payment (the server bounds it by what is left). */
const refundCentsField = z
  .int({ error: refundTexts.invalid })
  .min(1, { error: refundTexts.invalid })
  .max(MAX_REFUND_CENTS, { error: refundTexts.invalid });

const v = validationTexts;

/** Who carries the parcel of a tracking code: `ctt` (absent) or `outra`. */
const carrierField = oneOf(TRACKING_CARRIERS, v.carrier.invalid).optional();

/**
 * A tracking code: trimmed, at most 64 characters, then kept without spaces in capitals
 * (`normaliseTrackingCode`); '' when absent or blank. Its format is checked with the carrier
 * (`trackingCodeRule`).
 */
const trackingCodeField = z
  .string({ error: v.trackingCode.tooLong })
  .trim()
  .max(TEXT_LIMITS.trackingCode, { error: v.trackingCode.tooLong })
  .transform(normaliseTrackingCode);

/**
 * The format rule of a body's `trackingCode` for its `carrier`: a CTT code is a UPU S10 code with a
 * right check digit (`RR123456785PT`), another carrier's 4-40 letters, digits and dashes.
 */
function trackingCodeRule(body: { readonly trackingCode?: string; readonly carrier?: 'ctt' | 'outra' }, ctx: z.RefinementCtx): void {
  const carrier = body.carrier ?? DEFAULT_CARRIER;
  if (!body.trackingCode || isTrackingCode(body.trackingCode, carrier)) return;
  ctx.addIssue({ code: 'custom', path: ['trackingCode'], message: carrier === 'ctt' ? v.trackingCode.s10 : v.trackingCode.other });
}

/**
 * A status change: one of the status values, exactly. `restock` says, when an order that was shipped
 * is closed, whether its pieces came back to the shop (the server asks for it then). `note` (trimmed,
 * up to 500 characters) is required when a reservation is marked paid outside the site
 * (`Aguarda Pagamento → Enviar`, `isPaidOutsideMove`) and goes on the timeline.
 */
export const orderStatusChangeSchema = formObject({
  status: oneOf(ORDER_STATUSES, v.orderStatus.invalid),
  restock: z.boolean({ error: v.restock.required }).optional(),
  /** Moving to "Enviado": the carrier's tracking code, if any, goes into the shipping e-mail. */
  trackingCode: trackingCodeField.optional(),
  /** The carrier of `trackingCode`: `ctt` (default, UPU S10 code) or `outra` (a free code, mailed without a CTT link). */
  carrier: carrierField,
  /** Why a reservation is paid without its proof on the site ('' or blank = none given). */
  note: z
    .string({ error: v.paymentNote.tooLong })
    .trim()
    .max(PAYMENT_NOTE_MAX, { error: v.paymentNote.tooLong })
    .transform((note) => (note ? note : undefined))
    .optional(),
  /**
   * Closing an order paid through the payment provider: how much of it to give back, in cents (absent:
   * all that is left). At least 1 cent; the server bounds it by what was paid less what was refunded.
   */
  refundCents: refundCentsField.optional(),
  /**
   * Closing an order paid otherwise (transfer, PayPal, Revolut, MB WAY by hand): how the owner gave
   * `refundCents` back (absent: by the method that paid). Recorded in the ledger (docs/design.md §35).
   */
  refundMethod: oneOf(MANUAL_REFUND_METHODS, refundTexts.methodInvalid).optional(),
}).superRefine(trackingCodeRule);

/**
 * "Devolver parte do pagamento" of an order that goes on (`POST /api/admin/orders/{id}/refunds`,
 * docs/money.md "Refunds"): `refundCents` given back (through the provider, or by hand `refundMethod`);
 * `expectedLeftCents`, what the owner saw as left to give back: another refund or a close meanwhile
 * refuses it (409 `refund_changed`), so a second click or a second tab never gives back twice.
 */
export const orderRefundSchema = formObject({
  refundCents: refundCentsField,
  refundMethod: oneOf(MANUAL_REFUND_METHODS, refundTexts.methodInvalid).optional(),
  expectedLeftCents: z
    .int({ error: refundTexts.invalid })
    .min(0, { error: refundTexts.invalid })
    .max(MAX_REFUND_CENTS, { error: refundTexts.invalid }),
});
export type OrderRefundInput = z.infer<typeof orderRefundSchema>;

/** An internal note on an order's timeline. */
export const orderNoteSchema = formObject({
  text: requiredText(v.note, TEXT_LIMITS.note, { multiline: true }),
});
export type OrderNoteInput = z.infer<typeof orderNoteSchema>;

/** A valid status change. */
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** One click's key (what `crypto.randomUUID()` gives): the same key twice sends one e-mail. */
const requestKey = z.string({ error: v.emailRequestKey }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: v.emailRequestKey });

/**
 * An e-mail to send: `shipped` needs the tracking code (trimmed, 1-64 characters, of its `carrier`'s
 * format: see `orderStatusChangeSchema`); `requestKey` is new
 * per click of the admin (a repeated request with the same key sends nothing more).
 */
export const adminEmailRequestSchema = z.discriminatedUnion(
  'kind',
  [
    formObject({ kind: z.literal('order-received'), requestKey }),
    formObject({ kind: z.literal('payment-confirmed'), requestKey }),
    formObject({
      kind: z.literal('shipped'),
      trackingCode: requiredText(v.trackingCode, TEXT_LIMITS.trackingCode).transform(normaliseTrackingCode),
      carrier: carrierField,
      requestKey,
    }).superRefine(trackingCodeRule),
    formObject({ kind: z.literal('review-request'), requestKey }),
    formObject({ kind: z.literal('order-cancelled'), requestKey }),
  ],
  { error: v.emailKind.invalid },
);

/** A valid admin e-mail request. */
export type AdminEmailRequest = z.infer<typeof adminEmailRequestSchema>;
