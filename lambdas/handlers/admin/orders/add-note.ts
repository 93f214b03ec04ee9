import { orderNoteSchema } from '#shared/schemas/index.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { created } from '#lambdas/http/response.ts';
import { addOrderNote } from '#lambdas/services/admin-orders.ts';

export const handler = httpRoute('POST /api/admin/orders/{id}/notes', { body: orderNoteSchema }, async ({ params, body, event }) =>
  created({ order: await addOrderNote(params.id, body.text, adminEmail(event)) }),
);
