import { httpRoute } from '../../http/handler.ts';
import { text } from '../../http/response.ts';
import { googleFeed } from '../../services/feeds.ts';

export const handler = httpRoute('GET /api/feeds/google.xml', {}, async () => text(await googleFeed(), 'application/xml; charset=utf-8'));
