import { suspiciousCloseSchema } from '#shared/schemas/abuse.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { closeAsSuspicious } from '#lambdas/services/abuse.ts';

export const handler = httpRoute(
  'POST /api/admin/orders/{id}/suspicious',
  { body: suspiciousCloseSchema },
  async ({ params, body, event }) => ok(await closeAsSuspicious(params.id, body.blockFor, adminEmail(event))),
);
