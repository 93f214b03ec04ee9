import { discountCodeInputSchema } from '#shared/schemas/discount-code.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { updateDiscountCode } from '#lambdas/services/discount-codes.ts';

export const handler = httpRoute('PUT /api/admin/discount-codes/{code}', { body: discountCodeInputSchema }, async ({ params, body }) =>
  ok({ code: await updateDiscountCode(params.code, body) }),
);
