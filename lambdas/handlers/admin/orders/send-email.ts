import { adminEmailRequestSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { sendOrderEmail } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('POST /api/admin/orders/{id}/emails', { body: adminEmailRequestSchema }, async ({ params, body }) =>
  ok({ order: await sendOrderEmail(params.id, body) }),
);
