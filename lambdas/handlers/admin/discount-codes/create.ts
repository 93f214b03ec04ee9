import { discountCodeInputSchema } from '#shared/schemas/discount-code.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { created } from '#lambdas/http/response.ts';
import { createDiscountCode } from '#lambdas/services/discount-codes.ts';

export const handler = httpRoute('POST /api/admin/discount-codes', { body: discountCodeInputSchema }, async ({ body }) =>
  created({ code: await createDiscountCode(body) }),
);
