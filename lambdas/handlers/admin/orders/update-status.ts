import { orderStatusChangeSchema } from '#shared/schemas/index.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { changeOrderStatus } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('PATCH /api/admin/orders/{id}', { body: orderStatusChangeSchema }, async ({ params, body, event }) =>
  ok({ order: await changeOrderStatus(params.id, body, adminEmail(event)) }),
);
