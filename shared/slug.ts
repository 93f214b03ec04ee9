/**
 * A piece's readable address (docs/readable-addresses.md): its `slug`, made from its name, accent-free
 * and lower case, unique in the shop (a suffix `-2`, `-3`… when taken). The product page is
 * `/product/<slug>`; the piece's id and every slug it had before answer 301 to it.
 */

/** Longest slug (characters), suffix included: a name is at most 200 characters, an address stays short. */
export const MAX_SLUG_LENGTH = 80;

/** What a slug is: lower-case letters and digits in words joined by one `-`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `text` (an address's last segment, say) has the form of a slug. */
export function isSlug(text: string | undefined): text is string {
  return typeof text === 'string' && text.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(text);
}

/** A name with no letter or digit (only symbols) still gets an address. */
const FALLBACK_SLUG = 'peca';

/**
 * The slug a name asks for, before any suffix: accents gone (`NFD`, marks removed), `ß`, `æ`, `ø` and
 * the like spelled out, lower case, every run of other characters one `-`, cut at a word's end.
 *
 * @example slugOfName('Colar Coração Eterno') // 'colar-coracao-eterno'
 * @example slugOfName('  Anel «Sol» nº 2!') // 'anel-sol-no-2'
 */
export function slugOfName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = cutAtWord(folded, MAX_SLUG_LENGTH - 4);
  return cut || FALLBACK_SLUG;
}

function cutAtWord(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max + 1);
  const end = head.lastIndexOf('-');
  return (end > 0 ? head.slice(0, end) : slug.slice(0, max)).replace(/-+$/, '');
}

/**
 * The `n`th candidate for a base slug: the base itself first, then `base-2`, `base-3`…
 *
 * @example slugCandidate('anel-lua', 1) // 'anel-lua'
 * @example slugCandidate('anel-lua', 3) // 'anel-lua-3'
 */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/**
 * Whether `slug` is `base` or one of its suffixed candidates: a rename that asks for the same base keeps
 * the piece's slug (its address does not move when only the case, the accents or the punctuation changed).
 *
 * @example isCandidateOf('anel-lua-2', 'anel-lua') // true
 */
export function isCandidateOf(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^[2-9]\d*$|^1\d+$/.test(slug.slice(base.length + 1)));
}
