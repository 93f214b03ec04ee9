/**
 * The query of the customer's view of an order, made with `zod/mini`: that read route carries about
 * 20 KB of zod instead of about 95 KB for the classic API (`./admin-query.ts` says more).
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages.ts';
import { ACCESS_TOKEN_PATTERN } from '../order-status.ts';

const v = queryValidationTexts;

/** `?token=` of the customer's view of an order: the access token of the order's link. */
export const orderAccessQuerySchema = z.object({
  token: z.string({ error: v.accessToken.invalid }).check(z.regex(ACCESS_TOKEN_PATTERN, { error: v.accessToken.invalid })),
});
export type OrderAccessQuery = z.infer<typeof orderAccessQuerySchema>;
