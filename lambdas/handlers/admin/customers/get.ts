import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { customerView } from '#lambdas/services/customers.ts';

export const handler = httpRoute('GET /api/admin/customers/{ref}', {}, async ({ params }) => ok(await customerView(params.ref)));
