import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { collections } from '#lambdas/services/catalogue-reads.ts';

export const handler = httpRoute('GET /api/admin/collections', {}, async () => ok({ collections: await collections() }));
