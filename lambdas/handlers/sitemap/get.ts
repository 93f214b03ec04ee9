import { MAIL_ENV } from '../../../infra/runtime-env.ts';
import { httpRoute } from '../../http/handler.ts';
import { setting } from '../../repositories/clients.ts';
import { sitemapXml } from '../../services/storefront.ts';

const shopUrl = setting(MAIL_ENV.shopUrl);

export const handler = httpRoute('GET /api/sitemap.xml', {}, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/xml; charset=utf-8' },
  body: await sitemapXml(shopUrl),
}));
