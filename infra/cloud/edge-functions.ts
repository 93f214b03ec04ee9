/**
 * The CloudFront Functions of the shop's distribution (`web.ts`): small viewer-request scripts in
 * CloudFront's JavaScript runtime, kept as source text here and tested as such (`test/infra/web.test.ts`,
 * `test/infra/edge.test.ts`). The API behaviour's, with its KeyValueStore, is `api-edge.ts`.
 */
import { LISTING_FILTER_PARAMS } from '#shared/listing-filter.ts';
import {
  APP_PAGES,
  APP_PREFIXES,
  DOCUMENTS,
  FILTERED_LISTING_PREFIX,
  MAX_PAGE_PATH_LENGTH,
  NOT_FOUND_PAGE_PATH,
  ORDER_SHELL,
  pageObjectKey,
  PAGES_PREFIX,
} from '#shared/pages.ts';
import { PATH_ALIASES, paths, SITEMAP_API_PATH } from '#shared/paths.ts';
import { FEED_API_PATHS, FEED_PATHS } from '#shared/feeds.ts';
import { MAX_SEARCH_LENGTH, SEARCH_PARAM } from '#shared/paths.ts';
import { MAX_SEARCH_KEY_QUERY, SEARCH_RESULTS_PREFIX } from '#shared/search-page.ts';

/**
 * Viewer-request function of the shop's default behaviour (`shared/pages.ts`). A path whose last segment
 * has a dot is a file and stays as it is, unless that segment holds an e-mail address (`@`, or `%40` as
 * the app writes it: the back-office customer page). Otherwise it is a page: the checkout's pages, an
 * order's page and the back-office get the app shell (`/index.html`); every other address its
 * pre-rendered page, `/pages/<path>.html` (`/` is `/pages/index.html`). A page the bucket does not have
 * goes to the origin group's second origin, the pages function, which renders it or answers 404. The
 * twin's front door applies the same rule (`pageKind`).
 *
 * Also: another spelling of a page's path (`PATH_ALIASES`: without accents, another case) answers 301
 * to the page, keeping the query;
 * `/shop` with filter parameters goes to its filtered listing's key (`FILTERED_LISTING_PREFIX`, never
 * kept: the pages function renders it, and CloudFront caches it by that key); "A minha encomenda"
 * gets its own shell (`ORDER_SHELL`: its title, `noindex`).
 */
export function pageRewriteCode(adminPrefix: string): string {
  const aliases = Object.fromEntries(Object.entries(PATH_ALIASES).map(([alias, path]) => [alias, [path, encodeURI(path)]]));
  return (
    `var APP = ${JSON.stringify([...APP_PAGES, adminPrefix])};
// Each other spelling (decoded, lower case) of a page: [the page's path, the page's path encoded] (pathAlias).
var ALIASES = ${JSON.stringify(aliases)};
${QUERY_OF_CODE}
var FILTERS = ${JSON.stringify(Object.values(LISTING_FILTER_PARAMS))};
function filteredQuery(querystring) {
  var parts = [];
  for (var i = 0; querystring && i < FILTERS.length; i++) {
    var entry = querystring[FILTERS[i]];
    if (!entry) continue;
    var value = entry.value.replace(/\\+/g, ' ');
    try { value = decodeURIComponent(value); } catch (e) {}
    parts.push(FILTERS[i] + '=' + encodeURIComponent(value));
  }
  return parts.join('&');
}
// As searchPageKey (shared/pages.ts): the query's text, cut and without control characters, encoded.
function searchQuery(querystring) {
  var entry = querystring && querystring.${SEARCH_PARAM};
  var value = entry && entry.value ? entry.value.replace(/\\+/g, ' ') : '';
  try { value = decodeURIComponent(value); } catch (e) {}
  value = value.replace(/[\\x00-\\x1f\\x7f-\\x9f]/g, ' ').slice(0, ${MAX_SEARCH_LENGTH}).replace(/[\\ud800-\\udbff]$/, '').trim();
  while (encodeURIComponent(value).length > ${MAX_SEARCH_KEY_QUERY}) value = value.slice(0, -1).replace(/[\\ud800-\\udbff]$/, '');
  return encodeURIComponent(value);
}
var APP_PREFIXES = ${JSON.stringify([...APP_PREFIXES, `${adminPrefix}/`])};
var DOCUMENTS = ${JSON.stringify(Object.values(DOCUMENTS).map((document) => document.path))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  // The kept pages are reached by their addresses only; asked for directly, a page says "not found", as
  // does an address too long to be a page (S3 would refuse its key) or one with a control character
  // (\`/faq%00\`: no page has one, and the pages function must not be asked for it).
  if (uri.indexOf('/${PAGES_PREFIX}') === 0 || uri.length > ${MAX_PAGE_PATH_LENGTH} || /%[01][0-9a-f]|%7f|[\\x00-\\x1f\\x7f]/i.test(uri)) {
    request.uri = '/${pageObjectKey(NOT_FOUND_PAGE_PATH)}';
    return request;
  }
  // The documents rendered from the settings are kept beside the pages.
  if (DOCUMENTS.indexOf(uri) !== -1) {
    request.uri = '/${PAGES_PREFIX.slice(0, -1)}' + uri;
    return request;
  }
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1 && last.indexOf('@') === -1 && last.toLowerCase().indexOf('%40') === -1) return request;
  var path = uri;
  while (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  var decoded = path;
  try { decoded = decodeURIComponent(path); } catch (e) {}
  var spelling = decoded.toLowerCase();
  if (Object.prototype.hasOwnProperty.call(ALIASES, spelling) && ALIASES[spelling][0] !== decoded) {
    var location = ALIASES[spelling][1] + queryOf(request.querystring);
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location }, 'cache-control': { ` +
    `value: 'public, max-age=86400' } } };
  }
  if (path === '${paths.shop}') {
    var query = filteredQuery(request.querystring);
    if (query) {
      request.uri = '/${FILTERED_LISTING_PREFIX}' + query + '.html';
      return request;
    }
  }
  if (path === '${paths.search}') {
    request.uri = '/${SEARCH_RESULTS_PREFIX}q=' + searchQuery(request.querystring) + '.html';
    return request;
  }
  if (path.indexOf('${ORDER_SHELL.prefix}') === 0) {
    request.uri = '/${ORDER_SHELL.file}';
    return request;
  }
  var app = APP.indexOf(path) !== -1;
  for (var i = 0; !app && i < APP_PREFIXES.length; i++) app = path.indexOf(APP_PREFIXES[i]) === 0;
  request.uri = app ? '/index.html' : '/${PAGES_PREFIX.slice(0, -1)}' + (path === '/' ? '/index' : path) + '.html';
  return request;
}`
  );
}

/**
 * The query of a CloudFront Functions request as the address wrote it (`?a=1&b=2`, '' without one):
 * CloudFront hands each value as it came (still encoded), several values of one name as `multiValue`.
 */
const QUERY_OF_CODE = `function queryOf(querystring) {
  var parts = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue && entry.multiValue.length ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) parts.push(name + '=' + values[i].value);
  }
  return parts.length ? '?' + parts.join('&') : '';
}`;

/**
 * Viewer-response function of the pages' behaviour: a redirect the origin answered (the pages
 * function's 301 from a piece's former address: docs/readable-addresses.md) keeps the visitor's query.
 * The pages' cache key has no query, so the origin never sees it, and one cached 301 serves every
 * visitor: the query is added here, on the way out, to each one's own. CloudFront runs no
 * viewer-response function on the viewer-request function's own answers (those keep the query themselves).
 */
export const REDIRECT_QUERY_CODE = `${QUERY_OF_CODE}
function handler(event) {
  var response = event.response;
  var status = response.statusCode;
  var location = response.headers.location;
  if ((status === 301 || status === 302 || status === 307 || status === 308) && location && location.value.indexOf('?') === -1) {
    location.value = location.value + queryOf(event.request.querystring);
  }
  return response;
}`;

/** Viewer-request function of the root sitemap's behaviour: the API answers it at its own path. */
export const SITEMAP_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  request.uri = '${SITEMAP_API_PATH}';
  return request;
}`;

/** Each feed's public path and the API path that answers it. */
function feedTargets(): Record<string, string> {
  return Object.fromEntries(Object.entries(FEED_PATHS).map(([name, path]) => [path, FEED_API_PATHS[name as keyof typeof FEED_PATHS]]));
}

/**
 * Viewer-request function of the feeds' behaviour (`/feeds/*`): each feed is answered by the API at its
 * own path (docs/search-and-feeds.md); any other address under `/feeds/` asks the API for one it has not.
 */
export const FEEDS_REWRITE_CODE = `var FEEDS = ${JSON.stringify(feedTargets())};
function handler(event) {
  var request = event.request;
  request.uri = FEEDS[request.uri] || '/api/feeds/-';
  return request;
}`;
