import { DEFAULT_PAGE_SIZE, pageQuerySchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { listContactMessages } from '../../../repositories/contact-messages.ts';

export const handler = httpRoute('GET /api/admin/contact-messages', { query: pageQuerySchema }, async ({ query }) => {
  const page = await listContactMessages(query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
  return ok({ messages: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) });
});
