/** The shop's sitemap.xml, from the live catalogue. */
import { INDEXED_PAGES, paths } from '#shared/paths.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { publicProductDates } from '../repositories/products.ts';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** sitemap.xml of the shop from the live catalogue: the indexed pages and every product. */
export async function sitemapXml(shopUrl: string = setting(MAIL_ENV.shopUrl)): Promise<string> {
  const products = await publicProductDates();
  const urls: { path: string; lastmod?: string }[] = [
    ...INDEXED_PAGES.map((path) => ({ path: encodeURI(path) })),
    // A product's page changes when the product does (a save, or a sale that changes its availability).
    ...products.map((p) => ({ path: paths.product(p.slug), ...(p.updatedAt ? { lastmod: p.updatedAt.slice(0, 10) } : {}) })),
  ];
  const body = urls
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(`${shopUrl}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
