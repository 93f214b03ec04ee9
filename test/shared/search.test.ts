import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/product.ts';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_RESULTS, searchFold, searchPieces, searchQueryText, searchWords } from '#shared/search.ts';

const piece = (name: string, extra: Partial<Product> = {}) =>
  ({ name, type: 'anel', collection: '', description: '', variants: [{ label: '' }], ...extra }) as Pick<
    Product,
    'name' | 'type' | 'collection' | 'description' | 'variants'
  >;

describe('search', () => {
  it('folds accents and case: "aneis" is "Anéis", "coracao" is "Coração"', () => {
    expect(searchFold('Anéis')).toBe('aneis');
    expect(searchFold('Colar Coração-Eterno!')).toBe('colar coracao eterno');
    expect(searchWords('  SOLITÁRIO  solitario ')).toEqual(['solitario']);
  });

  it('finds by name, type, collection, size and description, every word required, the name first', () => {
    const pieces = [
      piece('Brincos Lua', { type: 'brinco', description: 'Como um coração.' }),
      piece('Colar Coração Eterno', { type: 'colar', collection: 'New Beginnings', variants: [{ label: '45 cm' }] as never }),
      piece('Anel Solitário Aurora', { collection: 'Essenciais' }),
    ];
    expect(searchPieces(pieces, 'coracao').map((p) => p.name)).toEqual(['Colar Coração Eterno', 'Brincos Lua']);
    expect(searchPieces(pieces, 'aneis').map((p) => p.name)).toEqual(['Anel Solitário Aurora']);
    expect(searchPieces(pieces, 'essenciais anel').map((p) => p.name)).toEqual(['Anel Solitário Aurora']);
    expect(searchPieces(pieces, '45 CM').map((p) => p.name)).toEqual(['Colar Coração Eterno']);
    expect(searchPieces(pieces, 'anel colar')).toEqual([]);
    expect(searchPieces(pieces, '  ')).toEqual([]);
  });

  it('cuts hostile input: a long query, control characters, markup as text', () => {
    expect(searchQueryText(`a\u0000b${'x'.repeat(500)}`)).toHaveLength(MAX_SEARCH_LENGTH);
    expect(searchQueryText('a\u0000b')).toBe('a b');
    expect(searchWords('<script>')).toEqual(['script']);
    const many = Array.from({ length: MAX_SEARCH_RESULTS + 5 }, (_, i) => piece(`Anel ${i}`));
    expect(searchPieces(many, 'anel')).toHaveLength(MAX_SEARCH_RESULTS);
  });
});
