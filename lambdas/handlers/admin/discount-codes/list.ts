import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { discountCodesWithUses } from '#lambdas/services/discount-codes.ts';

export const handler = httpRoute('GET /api/admin/discount-codes', {}, async () => ok({ codes: await discountCodesWithUses() }));
