/**
 * The back-office's path prefix: the only part of the admin that the shop's router imports (to mount
 * the lazy admin chunk under it), so it stays tiny and dependency-free.
 *
 * A build-time setting, `SHOP_ADMIN_PREFIX` (one path segment such as `/bastidores-7b99`). It only
 * hides the area; the API's JWT and group check protects it.
 */
import { ADMIN_PREFIX_PATTERN, DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';

function readPrefix(value: string | undefined): string {
  const prefix = value?.trim() || DEFAULT_ADMIN_PREFIX;
  if (!ADMIN_PREFIX_PATTERN.test(prefix)) {
    throw new Error(`SHOP_ADMIN_PREFIX must be one path segment starting with "/", got "${prefix}"`);
  }
  return prefix;
}

/** The admin area's path prefix. */
export const ADMIN_PREFIX: string = readPrefix(import.meta.env.SHOP_ADMIN_PREFIX as string | undefined);
