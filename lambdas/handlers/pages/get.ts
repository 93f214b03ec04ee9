import { httpRoute } from '../../http/handler.ts';
import { text } from '../../http/response.ts';
import { PAGE_CACHE_CONTROL, renderMissingPage } from '../../services/pages.ts';
import { messages } from '../../../shared/messages.ts';
import { escapeHtml } from '../../../shared/html.ts';

const HTML = 'text/html; charset=utf-8';

/**
 * CloudFront's fallback when the site bucket has no object for a request of the shop's default
 * behaviour: a page not rendered yet is rendered (and kept), an unknown address gets the shop's
 * not-found page with 404, anything else (a missing file) a plain 404.
 */
export const handler = httpRoute('GET /api/pages/{key+}', {}, async ({ params }) => {
  const page = await renderMissingPage(params.key ?? '');
  if (!page) {
    const title = escapeHtml(messages.frontDoor.notFound);
    return text(`<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`, HTML, { 'cache-control': PAGE_CACHE_CONTROL }, 404);
  }
  return text(page.html, HTML, { 'cache-control': PAGE_CACHE_CONTROL }, page.status);
});
