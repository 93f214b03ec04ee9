import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { contactMessageDetail } from '../../../services/inbox.ts';

export const handler = httpRoute('GET /api/admin/contact-messages/{id}', {}, async ({ params }) => ok({ message: await contactMessageDetail(params.id) }));
