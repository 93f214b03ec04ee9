/**
 * What the admin does to an order: change its status, send it an e-mail.
 */
import * as z from 'zod';
import { validationTexts } from '../messages.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { formObject, oneOf, optionalText, requiredText, TEXT_LIMITS } from './fields.ts';

const v = validationTexts;

/**
 * A status change: one of the status values, exactly. `restock` says, when an order that was shipped
 * is closed, whether its pieces came back to the shop (the server asks for it then).
 */
export const orderStatusChangeSchema = formObject({
  status: oneOf(ORDER_STATUSES, v.orderStatus.invalid),
  restock: z.boolean({ error: v.restock.required }).optional(),
  /** Moving to "Enviado": the carrier's tracking code, if any, goes into the shipping e-mail. */
  trackingCode: optionalText(v.trackingCode.tooLong, TEXT_LIMITS.trackingCode).optional(),
});

/** An internal note on an order's timeline. */
export const orderNoteSchema = formObject({
  text: requiredText(v.note, TEXT_LIMITS.note),
});
export type OrderNoteInput = z.infer<typeof orderNoteSchema>;

/** A valid status change. */
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** The kinds of e-mail the admin sends (or sends again) from the order detail: every customer e-mail of an order. */
export const ADMIN_EMAIL_KINDS = ['order-received', 'payment-confirmed', 'shipped', 'review-request', 'order-cancelled'] as const;

/** An admin e-mail kind. */
export type AdminEmailKind = (typeof ADMIN_EMAIL_KINDS)[number];

/** One click's key (what `crypto.randomUUID()` gives): the same key twice sends one e-mail. */
const requestKey = z.string({ error: v.emailRequestKey }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: v.emailRequestKey });

/**
 * An e-mail to send: `shipped` needs the tracking code (trimmed, 1-64 characters); `requestKey` is new
 * per click of the admin (a repeated request with the same key sends nothing more).
 */
export const adminEmailRequestSchema = z.discriminatedUnion(
  'kind',
  [
    formObject({ kind: z.literal('order-received'), requestKey }),
    formObject({ kind: z.literal('payment-confirmed'), requestKey }),
    formObject({ kind: z.literal('shipped'), trackingCode: requiredText(v.trackingCode, TEXT_LIMITS.trackingCode), requestKey }),
    formObject({ kind: z.literal('review-request'), requestKey }),
    formObject({ kind: z.literal('order-cancelled'), requestKey }),
  ],
  { error: v.emailKind.invalid },
);

/** A valid admin e-mail request. */
export type AdminEmailRequest = z.infer<typeof adminEmailRequestSchema>;
