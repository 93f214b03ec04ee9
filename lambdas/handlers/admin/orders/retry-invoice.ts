import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { retryOrderInvoice } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('POST /api/admin/orders/{id}/invoice', {}, async ({ params, event }) =>
  ok({ order: await retryOrderInvoice(params.id, adminEmail(event)) }),
);
