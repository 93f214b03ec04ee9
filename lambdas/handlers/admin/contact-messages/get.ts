import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { contactMessageDetail } from '#lambdas/services/admin-contact-messages.ts';

export const handler = httpRoute('GET /api/admin/contact-messages/{id}', {}, async ({ params }) =>
  ok({ message: await contactMessageDetail(params.id) }),
);
