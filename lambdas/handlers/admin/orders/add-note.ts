import { orderNoteSchema } from '../../../../shared/schemas/index.ts';
import { adminEmail } from '../../../http/identity.ts';
import { httpRoute } from '../../../http/handler.ts';
import { created } from '../../../http/response.ts';
import { addOrderNote } from '../../../services/admin-orders.ts';

export const handler = httpRoute('POST /api/admin/orders/{id}/notes', { body: orderNoteSchema }, async ({ params, body, event }) =>
  created({ order: await addOrderNote(params.id, body.text, adminEmail(event)) }),
);
