import { invoicingKeySchema } from '#shared/schemas/settings.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { ok } from '#lambdas/http/response.ts';
import { saveInvoicingKey } from '#lambdas/services/invoicing-key.ts';

/** "Definições › Faturação" saves the invoicing provider's account and API key: checked with the provider, then kept in their secret. */
export const handler = httpRoute('PUT /api/admin/settings/invoicing-key', { body: invoicingKeySchema }, async ({ event, body }) =>
  ok(await saveInvoicingKey(body, adminEmail(event))),
);
