/** `?closeOpen=true` of the GDPR erasure: close the customer's unpaid reservations first (zod/mini, a query). */
import * as z from 'zod/mini';
import './zod-config.ts';
import { abuseTexts } from '../messages/abuse.ts';

export const anonymiseQuerySchema = z.object({ closeOpen: z.optional(z.literal('true', { error: abuseTexts.closeOpen })) });
export type AnonymiseQuery = z.infer<typeof anonymiseQuerySchema>;
