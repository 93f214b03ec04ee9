/**
 * Tracking parameters that are removed from the address when the shop loads: only
 * these; anything else (the listing filter, for instance) stays.
 */
const TRACKING_NAMES = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'srsltid',
  'ref_src',
]);

/** Whether a query parameter name is a tracking one (`utm_*` or a known click id). */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_NAMES.has(lower);
}

/**
 * The query string without tracking parameters ('' when nothing is left), keeping the others in
 * their order; null when there was nothing to remove.
 *
 * @example
 * withoutTrackingParams('?tipo=anel&utm_source=ig&fbclid=x'); // '?tipo=anel'
 * withoutTrackingParams('?tipo=anel');                        // null
 */
export function withoutTrackingParams(search: string): string | null {
  const params = new URLSearchParams(search);
  const names = [...new Set(params.keys())].filter(isTrackingParam);
  if (names.length === 0) return null;
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Removes tracking parameters from the current address, without a new history entry. */
export function stripTrackingParams(): void {
  const { pathname, search, hash } = window.location;
  const cleaned = withoutTrackingParams(search);
  if (cleaned !== null) window.history.replaceState(window.history.state, '', `${pathname}${cleaned}${hash}`);
}
