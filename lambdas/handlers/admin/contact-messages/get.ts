import { messages } from '../../../../shared/messages.ts';
import { httpRoute } from '../../../http/handler.ts';
import { NotFound } from '../../../http/errors.ts';
import { ok } from '../../../http/response.ts';
import { readContactMessage } from '../../../repositories/contact-messages.ts';

const ID = /^[0-9a-f-]{36}$/;

export const handler = httpRoute('GET /api/admin/contact-messages/{id}', {}, async ({ params }) => {
  const message = params.id && ID.test(params.id) ? await readContactMessage(params.id) : undefined;
  if (!message) throw new NotFound(messages.api.contactMessageNotFound, 'contact_message_not_found');
  return ok({ message });
});
