/**
 * The back-office's path prefix: the only part of the admin that the shop's router imports (to mount
 * the lazy admin chunk under it), so it stays tiny and dependency-free.
 *
 * A build-time setting, `SHOP_ADMIN_PREFIX` (one path segment such as `/bastidores-7b99`). It only
 * hides the area; the API's JWT and group check protects it (DESIGN.md §14).
 */

/** The default prefix, as in DESIGN.md "Fixed names". @example DEFAULT_ADMIN_PREFIX // '/bastidores-7b99' */
export const DEFAULT_ADMIN_PREFIX = '/bastidores-7b99';

const PREFIX_PATTERN = /^\/[A-Za-z0-9._~-]+$/;

function readPrefix(value: string | undefined): string {
  const prefix = value?.trim() || DEFAULT_ADMIN_PREFIX;
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new Error(`SHOP_ADMIN_PREFIX must be one path segment starting with "/", got "${prefix}"`);
  }
  return prefix;
}

/** The admin area's path prefix. @example ADMIN_PREFIX // '/bastidores-7b99' */
export const ADMIN_PREFIX: string = readPrefix(import.meta.env.SHOP_ADMIN_PREFIX as string | undefined);
