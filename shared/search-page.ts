/**
 * The search's results page as the edge and the pages function address it (docs/search-and-feeds.md):
 * its key in the site bucket, never kept there. Apart from `search.ts` so that the browser's search
 * code does not pull the pages table into a chunk of its own.
 */
import { MAX_PAGE_KEY_LENGTH, PAGES_PREFIX } from './pages.ts';
import { paths, SEARCH_PARAM } from './paths.ts';
import { cutText, searchQueryText } from './search.ts';

/**
 * Where the search's results page is asked for in the site bucket (`/pesquisa?q=anel` →
 * `pages/pesquisa-resultados/q=anel.html`): never kept there, so CloudFront's origin group (and the
 * twin's front door) hand it to the pages function, which renders the results for CloudFront to cache
 * by that key. The query is the shown text (`searchQueryText`), percent-encoded, its encoding at most
 * {@link MAX_SEARCH_KEY_QUERY} characters (CloudFront's function cuts it the same way in its own code).
 */
export const SEARCH_RESULTS_PREFIX = `${PAGES_PREFIX}pesquisa-resultados/`;
/** Longest percent-encoded query a results page's key carries. */
export const MAX_SEARCH_KEY_QUERY = 240;

/**
 * The key of the results page of a query (as typed: it is cut and cleaned here).
 *
 * @example searchPageKey(' anel ') // 'pages/pesquisa-resultados/q=anel.html'
 */
export function searchPageKey(query: string | null): string {
  let text = searchQueryText(query);
  while (encodeURIComponent(text).length > MAX_SEARCH_KEY_QUERY) text = cutText(text, text.length - 1);
  return `${SEARCH_RESULTS_PREFIX}q=${encodeURIComponent(text)}.html`;
}

/**
 * The results page's address of a key (`/pesquisa?q=…` as a browser's form writes it), or undefined
 * when the key is not one.
 *
 * @example searchPagePathOfKey('pages/pesquisa-resultados/q=an%C3%A9is.html') // '/pesquisa?q=an%C3%A9is'
 */
export function searchPagePathOfKey(key: string): string | undefined {
  if (key.length > MAX_PAGE_KEY_LENGTH || !key.startsWith(`${SEARCH_RESULTS_PREFIX}q=`) || !key.endsWith('.html')) return undefined;
  const encoded = key.slice(SEARCH_RESULTS_PREFIX.length + 2, -'.html'.length);
  let query = encoded;
  try {
    query = decodeURIComponent(encoded);
  } catch {
    // Already decoded on the way (API Gateway decodes `{key+}`), with a `%` of the customer's own.
  }
  return `${paths.search}?${new URLSearchParams({ [SEARCH_PARAM]: searchQueryText(query) }).toString()}`;
}
