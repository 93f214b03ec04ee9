import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { catalog } from '#lambdas/services/catalog.ts';

export const handler = httpRoute('GET /api/admin/collections', {}, async () => ok({ collections: await catalog.listCollections() }));
