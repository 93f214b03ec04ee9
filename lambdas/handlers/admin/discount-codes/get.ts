import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { discountCodeWithUses } from '#lambdas/services/discount-codes.ts';

export const handler = httpRoute('GET /api/admin/discount-codes/{code}', {}, async ({ params }) =>
  ok({ code: await discountCodeWithUses(params.code) }),
);
