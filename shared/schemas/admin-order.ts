/**
 * What the admin does to an order: change its status, send it an e-mail.
 */
import * as z from 'zod';
import { messages } from '../messages.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { formObject, oneOf, optionalText, requiredText, TEXT_LIMITS } from './fields.ts';

const v = messages.validation;

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

/** The kinds of e-mail the admin sends from the order detail. */
export const ADMIN_EMAIL_KINDS = ['payment-confirmed', 'shipped', 'review-request'] as const;

/** An admin e-mail kind. */
export type AdminEmailKind = (typeof ADMIN_EMAIL_KINDS)[number];

/** An e-mail to send: `shipped` needs the tracking code (trimmed, 1-64 characters). */
export const adminEmailRequestSchema = z.discriminatedUnion(
  'kind',
  [
    formObject({ kind: z.literal('payment-confirmed') }),
    formObject({ kind: z.literal('shipped'), trackingCode: requiredText(v.trackingCode, TEXT_LIMITS.trackingCode) }),
    formObject({ kind: z.literal('review-request') }),
  ],
  { error: v.emailKind.invalid },
);

/** A valid admin e-mail request. */
export type AdminEmailRequest = z.infer<typeof adminEmailRequestSchema>;
