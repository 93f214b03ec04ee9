import { anonymiseQuerySchema } from '#shared/schemas/anonymise-query.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { anonymiseCustomer } from '#lambdas/services/anonymise-customer.ts';

export const handler = httpRoute(
  'POST /api/admin/customers/{ref}/anonymise',
  { query: anonymiseQuerySchema },
  async ({ params, query, event }) =>
    ok(await anonymiseCustomer(params.ref, adminEmail(event), new Date(), { closeOpen: query.closeOpen === 'true' })),
);
