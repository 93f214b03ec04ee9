import { paymentKeysSchema } from '#shared/schemas/settings.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { ok } from '#lambdas/http/response.ts';
import { savePaymentKeys } from '#lambdas/services/payment-keys.ts';

/** "Definições" saves the payment provider's keys: checked with the provider, then kept in their secret. */
export const handler = httpRoute('PUT /api/admin/settings/payment-keys', { body: paymentKeysSchema }, async ({ event, body }) =>
  ok(await savePaymentKeys(body, adminEmail(event))),
);
