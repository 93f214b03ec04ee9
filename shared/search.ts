/**
 * The storefront's search (docs/search-and-feeds.md): what a customer types, matched against each
 * public piece's name, type, collection, description and sizes, without regard to accents or case
 * ("aneis" finds "Anéis", "coracao" finds "Colar Coração Eterno"). One rule for the API
 * (`GET /api/search?q=`), the results page (`/pesquisa?q=`) and the header's field.
 */
import type { Product } from './product.ts';
import { PRODUCT_TYPE_INFO } from './product-types.ts';
import { MAX_SEARCH_LENGTH } from './paths.ts';

export { MAX_SEARCH_LENGTH, SEARCH_PARAM } from './paths.ts';
/** At most this many words of a query count (each must match). */
export const MAX_SEARCH_WORDS = 6;
/** Fewest characters before the header's field asks for results as the customer types. */
export const MIN_SEARCH_LENGTH = 2;
/** Most results the API and the results page give (the catalogue of a small shop fits). */
export const MAX_SEARCH_RESULTS = 48;

/**
 * Text as the search compares it: accents and case gone, anything but letters and digits a space.
 *
 * @example searchFold('Colar Coração-Eterno') // 'colar coracao eterno'
 */
export function searchFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The query as the search uses it: cut to {@link MAX_SEARCH_LENGTH}, folded, at most
 * {@link MAX_SEARCH_WORDS} distinct words; [] when nothing is left to look for.
 *
 * @example searchWords('  Anéis  de PRATA ') // ['aneis', 'de', 'prata']
 */
export function searchWords(query: string | null | undefined): string[] {
  const folded = searchFold(cutText(String(query ?? ''), MAX_SEARCH_LENGTH));
  return [...new Set(folded.split(' ').filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

/** Text cut to `length` UTF-16 units, never in the middle of a character (a lone surrogate cannot be encoded). */
export function cutText(text: string, length: number): string {
  return text.slice(0, length).replace(/[\uD800-\uDBFF]$/, '');
}

/** The query as the page and the field show it back: trimmed, cut, with no control characters. */
export function searchQueryText(query: string | null | undefined): string {
  return cutText(String(query ?? '').replace(/\p{Cc}/gu, ' '), MAX_SEARCH_LENGTH).trim();
}

/** What the search reads of a piece. */
export type Searchable = Pick<Product, 'name' | 'type' | 'collection' | 'description'> & {
  readonly variants: readonly { readonly label: string }[];
};

/**
 * How well a piece answers the words: 0 = not at all (some word is in none of its texts). Every word
 * must be found; a word in the name counts most, then type and collection, then sizes and description.
 */
export function searchScore(piece: Searchable, words: readonly string[]): number {
  if (!words.length) return 0;
  const type = PRODUCT_TYPE_INFO[piece.type];
  const fields: readonly [string, number][] = [
    [searchFold(piece.name), 8],
    [searchFold(`${type.displayName} ${type.listingLabel}`), 4],
    [searchFold(piece.collection), 4],
    [searchFold(piece.variants.map((v) => v.label).join(' ')), 2],
    [searchFold(piece.description), 1],
  ];
  let score = 0;
  for (const word of words) {
    let best = 0;
    for (const [text, weight] of fields) {
      if (weight > best && text.includes(word)) best = weight + (` ${text} `.includes(` ${word} `) ? 1 : 0);
    }
    if (!best) return 0;
    score += best;
  }
  return score;
}

/**
 * The pieces that answer a query, best first (ties keep the catalogue's order: newest first), at most
 * {@link MAX_SEARCH_RESULTS}.
 */
export function searchPieces<P extends Searchable>(pieces: readonly P[], query: string | null | undefined): P[] {
  const words = searchWords(query);
  if (!words.length) return [];
  return pieces
    .map((piece, index) => ({ piece, index, score: searchScore(piece, words) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_SEARCH_RESULTS)
    .map((hit) => hit.piece);
}
