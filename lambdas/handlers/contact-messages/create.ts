import { contactMessageSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { created } from '../../http/response.ts';
import { createContactMessage } from '../../services/contact-form.ts';
import { challengeGuard } from '../../http/challenge-guard.ts';

export const handler = httpRoute('POST /api/contact-messages', { body: contactMessageSchema, challengeGuard }, async ({ body }) =>
  created(await createContactMessage(body)),
);
