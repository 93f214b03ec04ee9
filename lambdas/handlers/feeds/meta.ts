import { httpRoute } from '../../http/handler.ts';
import { text } from '../../http/response.ts';
import { metaFeed } from '../../services/feeds.ts';

export const handler = httpRoute('GET /api/feeds/meta.csv', {}, async () =>
  text(await metaFeed(), 'text/csv; charset=utf-8', { 'content-disposition': 'inline; filename="meta.csv"' }),
);
