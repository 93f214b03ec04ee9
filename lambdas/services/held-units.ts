/**
 * The catalogue's held and free units that price a challenge (`shared/proof-of-work.ts`), read at most
 * once per {@link HELD_UNITS_CACHE_SECONDS} per function instance: `GET /api/challenge` stays one cached
 * read. What it reads is recorded after each reservation, by the expiry job every 5 minutes and by the
 * owner's closes (`services/held-share.ts`), so a rise is priced from the next challenge on.
 */
import type { HeldUnits } from '#shared/proof-of-work.ts';
import { lastHeldUnits } from '../repositories/held-units.ts';

/** How long an instance prices challenges with the units it read. */
export const HELD_UNITS_CACHE_SECONDS = 10;

let cached: { readonly units: Promise<HeldUnits>; readonly until: number } | undefined;

/** The held and free units as last recorded (cached; see the module's comment). */
export function heldUnitsNow(now = Date.now()): Promise<HeldUnits> {
  if (cached && cached.until > now) return cached.units;
  const units = lastHeldUnits();
  // A failed read is not kept: the next challenge reads again.
  units.catch(() => {
    if (cached?.units === units) cached = undefined;
  });
  cached = { units, until: now + HELD_UNITS_CACHE_SECONDS * 1000 };
  return units;
}
