import { suspiciousBulkSchema } from '#shared/schemas/abuse.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { closeManyAsSuspicious } from '#lambdas/services/abuse.ts';

export const handler = httpRoute('POST /api/admin/orders/suspicious', { body: suspiciousBulkSchema }, async ({ body, event }) =>
  ok(await closeManyAsSuspicious(body.ids, body.blockFor, adminEmail(event))),
);
