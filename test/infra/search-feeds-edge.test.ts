/**
 * CloudFront's functions for search and the feeds (docs/search-and-feeds.md), run as CloudFront runs
 * them: `/pesquisa?q=` goes to the results page's key (the twin's `searchPageKey` alike, never kept),
 * and `/feeds/*` to the API's paths.
 */
import { describe, expect, it } from 'vitest';
import { FEEDS_REWRITE_CODE, pageRewriteCode } from '#infra/cloud/edge-functions.ts';
import { FEED_API_PATHS, FEED_PATHS } from '#shared/feeds.ts';
import { MAX_PAGE_KEY_LENGTH, pageKind, pagePathOfKey } from '#shared/pages.ts';
import { SEARCH_RESULTS_PREFIX, searchPageKey, searchPagePathOfKey } from '#shared/search-page.ts';

type Request = { uri: string; querystring?: Record<string, { value: string }> };
const pages = new Function(`${pageRewriteCode('/bastidores-7b99')}; return handler;`)() as (event: { request: Request }) => {
  uri?: string;
};
const feeds = new Function(`${FEEDS_REWRITE_CODE}; return handler;`)() as (event: { request: Request }) => { uri: string };
/** What CloudFront's function gets for `/pesquisa?q=<raw>` (the value as it came in the address). */
const searchKey = (raw?: string) =>
  pages({ request: { uri: '/pesquisa', querystring: raw === undefined ? {} : { q: { value: raw } } } }).uri!.slice(1);

describe('the search page at the edge', () => {
  it('sends /pesquisa?q= to the results key of its query, the same key as the twin, read back as the form writes it', () => {
    expect(searchKey('anel')).toBe(`${SEARCH_RESULTS_PREFIX}q=anel.html`);
    for (const [raw, typed] of [
      ['an%C3%A9is', 'anéis'],
      ['anel+dourado', 'anel dourado'],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '<script>alert(1)</script>'],
      ['50%25', '50%'],
    ] as const) {
      expect(searchKey(raw), raw).toBe(searchPageKey(typed));
    }
    expect(searchPagePathOfKey(searchKey('anel+dourado'))).toBe('/pesquisa?q=anel+dourado');
    expect(searchPagePathOfKey(searchKey('an%C3%A9is'))).toBe('/pesquisa?q=an%C3%A9is');
    // API Gateway hands the key over decoded: a `%` of the customer's own still reads back.
    expect(searchPagePathOfKey(`${SEARCH_RESULTS_PREFIX}q=50%.html`)).toBe('/pesquisa?q=50%25');
    // No query, an empty one: the page that asks what to look for.
    expect(searchKey()).toBe(`${SEARCH_RESULTS_PREFIX}q=.html`);
    expect(searchKey('')).toBe(`${SEARCH_RESULTS_PREFIX}q=.html`);
  });

  it('cuts a huge query and drops control characters, so the key is always a short, valid page key', () => {
    const huge = searchKey('%F0%9F%92%8D'.repeat(500));
    expect(huge.length).toBeLessThanOrEqual(MAX_PAGE_KEY_LENGTH);
    expect(huge).toBe(searchPageKey('💍'.repeat(500)));
    expect(searchKey('a'.repeat(100))).toBe(searchPageKey('a'.repeat(100)));
    expect(searchKey(`${'a'.repeat(79)}%F0%9F%92%8D`)).toBe(searchPageKey('a'.repeat(79)));
    expect(searchKey('anel%00%0A')).toBe(`${SEARCH_RESULTS_PREFIX}q=anel.html`);
    expect(searchKey('%E0%A4%A')).toBe(searchPageKey('%E0%A4%A'));
  });

  it('never keeps a results page, nor renders /pesquisa itself as a page to keep', () => {
    expect(pageKind('/pesquisa')).toEqual({ kind: 'search' });
    expect(pagePathOfKey('pages/pesquisa.html')).toBeUndefined();
    expect(pagePathOfKey(searchPageKey('anel'))).toBeUndefined();
    expect(searchPagePathOfKey('pages/pesquisa-resultados/x.html')).toBeUndefined();
  });
});

describe('the feeds at the edge', () => {
  it('answers each feed from its API path, and any other /feeds/ address from none', () => {
    for (const name of Object.keys(FEED_PATHS) as (keyof typeof FEED_PATHS)[]) {
      expect(feeds({ request: { uri: FEED_PATHS[name] } }).uri).toBe(FEED_API_PATHS[name]);
    }
    expect(feeds({ request: { uri: '/feeds/google.xml/../../api/admin/orders' } }).uri).toBe('/api/feeds/-');
    expect(feeds({ request: { uri: '/feeds/' } }).uri).toBe('/api/feeds/-');
  });
});
