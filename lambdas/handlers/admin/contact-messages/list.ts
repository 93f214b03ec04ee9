import { pageQuerySchema } from '../../../../shared/schemas/admin-query.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { contactMessagesPage } from '../../../services/inbox.ts';

export const handler = httpRoute('GET /api/admin/contact-messages', { query: pageQuerySchema }, async ({ query }) => ok(await contactMessagesPage(query)));
