/** What the owner sends to close suspicious orders and to erase a customer with open reservations. */
import * as z from 'zod';
import { BLOCK_DURATION_IDS, SUSPICIOUS_BULK_MAX } from '../abuse.ts';
import { abuseTexts } from '../messages/abuse.ts';
import { formObject, oneOf } from './fields.ts';

const blockFor = oneOf(BLOCK_DURATION_IDS, abuseTexts.blockFor);

/** `POST /api/admin/orders/{id}/suspicious` */
export const suspiciousCloseSchema = formObject({ blockFor });
export type SuspiciousClose = z.infer<typeof suspiciousCloseSchema>;

/** `POST /api/admin/orders/suspicious`: 1 to `SUSPICIOUS_BULK_MAX` order ids (6 digits), each once. */
export const suspiciousBulkSchema = formObject({
  ids: z
    .array(z.string({ error: abuseTexts.ids }).regex(/^\d{6}$/, { error: abuseTexts.ids }), { error: abuseTexts.ids })
    .min(1, { error: abuseTexts.ids })
    .max(SUSPICIOUS_BULK_MAX, { error: abuseTexts.ids })
    .transform((ids) => [...new Set(ids)]),
  blockFor,
});
export type SuspiciousBulk = z.infer<typeof suspiciousBulkSchema>;
