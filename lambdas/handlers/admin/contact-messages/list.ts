import { pageQuerySchema } from '#shared/schemas/admin-query.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { contactMessagesPage } from '#lambdas/services/admin-contact-messages.ts';

export const handler = httpRoute('GET /api/admin/contact-messages', { query: pageQuerySchema }, async ({ query }) =>
  ok(await contactMessagesPage(query)),
);
