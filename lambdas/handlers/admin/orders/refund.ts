import { orderRefundSchema } from '#shared/schemas/index.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { refundPart } from '#lambdas/services/order-refunds.ts';

export const handler = httpRoute('POST /api/admin/orders/{id}/refunds', { body: orderRefundSchema }, async ({ params, body, event }) =>
  ok({ order: await refundPart(params.id, body, adminEmail(event)) }),
);
