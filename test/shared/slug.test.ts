/** A piece's slug from its name (docs/readable-addresses.md): accent-free, lower case, short, a suffix when taken. */
import { describe, expect, it } from 'vitest';
import { isCandidateOf, isSlug, MAX_SLUG_LENGTH, slugCandidate, slugOfName } from '#shared/slug.ts';
import { PATH_ALIASES, pathAlias, paths, withQuery } from '#shared/paths.ts';

describe('slugOfName', () => {
  it.each([
    ['Colar Coração Eterno', 'colar-coracao-eterno'],
    ['Anel Solitário', 'anel-solitario'],
    ['  BRINCOS «Pérola» nº 2!  ', 'brincos-perola-no-2'],
    ['Fio/Colar — Maré', 'fio-colar-mare'],
    ['Straße Ærø Œuvre', 'strasse-aero-oeuvre'],
    ['★★★', 'peca'],
  ])('%s → %s', (name, slug) => {
    expect(slugOfName(name)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });

  it('cuts a long name at a word, leaving room for a suffix', () => {
    const slug = slugOfName('Colar muito comprido '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH - 4);
    expect(slug).toMatch(/^colar-muito-comprido(-colar-muito-comprido)*(-colar|-colar-muito)?$/);
    expect(isSlug(slugCandidate(slug, 99))).toBe(true);
  });

  it('candidates and what a rename keeps', () => {
    expect(slugCandidate('anel-lua', 1)).toBe('anel-lua');
    expect(slugCandidate('anel-lua', 2)).toBe('anel-lua-2');
    expect(isCandidateOf('anel-lua-2', 'anel-lua')).toBe(true);
    expect(isCandidateOf('anel-lua-12', 'anel-lua')).toBe(true);
    expect(isCandidateOf('anel-lua', 'anel-lua')).toBe(true);
    expect(isCandidateOf('anel-lua-cheia', 'anel-lua')).toBe(false);
    expect(isCandidateOf('anel-lua-1', 'anel-lua')).toBe(false);
    expect(isCandidateOf('anel-lua-02', 'anel-lua')).toBe(false);
    expect(isSlug('Anel-Lua')).toBe(false);
    expect(isSlug('anel--lua')).toBe(false);
  });
});

describe('other spellings of a page', () => {
  it('without accents or in another case answer the page; its own spelling does not', () => {
    expect(pathAlias('/termos-e-condicoes')).toBe(paths.terms);
    expect(pathAlias('/Termos-e-Condicoes')).toBe(paths.terms);
    expect(pathAlias('/TERMOS-E-CONDIÇÕES')).toBe(paths.terms);
    expect(pathAlias(paths.terms)).toBeUndefined();
    expect(pathAlias('/SHOP')).toBe('/shop');
    expect(pathAlias('/shop')).toBeUndefined();
    expect(pathAlias('/')).toBeUndefined();
    expect(pathAlias('/product/abc')).toBeUndefined();
    expect(Object.keys(PATH_ALIASES).every((key) => key === key.toLowerCase())).toBe(true);
  });

  it('keep the query', () => {
    expect(withQuery('/a', '?x=1')).toBe('/a?x=1');
    expect(withQuery('/a', '')).toBe('/a');
    expect(withQuery('/a', '?')).toBe('/a');
    expect(withQuery('/a?y=2', '?x=1')).toBe('/a?y=2');
  });
});
