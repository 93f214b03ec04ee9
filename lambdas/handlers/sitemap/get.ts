import { httpRoute } from '../../http/handler.ts';
import { text } from '../../http/response.ts';
import { sitemapXml } from '../../services/sitemap.ts';

export const handler = httpRoute('GET /api/sitemap.xml', {}, async () => text(await sitemapXml(), 'application/xml; charset=utf-8'));
