import { fromPagesFallback, httpRoute } from '../../http/handler.ts';
import { text } from '../../http/response.ts';
import { PAGE_CACHE_CONTROL, PAGE_CONTENT_TYPE, renderMissingPage } from '../../services/pages.ts';
import { frontDoorTexts } from '#shared/messages/index.ts';
import { escapeHtml } from '#shared/html.ts';

function plainNotFound() {
  const title = escapeHtml(frontDoorTexts.notFound);
  return text(
    `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
    PAGE_CONTENT_TYPE,
    { 'cache-control': PAGE_CACHE_CONTROL },
    404,
  );
}

/**
 * CloudFront's fallback when the site bucket has no object for a request of the shop's default
 * behaviour: a page not rendered yet is rendered (and kept), another address under `pages/` gets the
 * shop's not-found page with 404, anything else (a missing file) a plain 404. Only the origin group
 * (and the twin's front door) may ask: through `/api/*`, anyone could make it render and write at will.
 */
export const handler = httpRoute('GET /api/pages/{key+}', {}, async ({ params, headers }) => {
  if (!(await fromPagesFallback(headers))) return plainNotFound();
  const page = await renderMissingPage(params.key ?? '');
  if (!page) return plainNotFound();
  // A piece's former address: CloudFront's viewer-response function (and the twin's door) adds the visitor's query.
  if (page.status === 301) return text('', PAGE_CONTENT_TYPE, { location: page.location!, 'cache-control': PAGE_CACHE_CONTROL }, 301);
  return text(page.html, PAGE_CONTENT_TYPE, { 'cache-control': page.status === 500 ? 'no-store' : PAGE_CACHE_CONTROL }, page.status);
});
