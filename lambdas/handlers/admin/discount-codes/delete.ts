import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { deleteDiscountCode } from '#lambdas/services/discount-codes.ts';

export const handler = httpRoute('DELETE /api/admin/discount-codes/{code}', {}, async ({ params }) =>
  ok({ deleted: await deleteDiscountCode(params.code) }),
);
