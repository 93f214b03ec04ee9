/**
 * The shop's settings as functions use them (docs/design.md §23): read from the settings table with a
 * short cache, so a change on the "Definições" screen reaches every function within
 * `SETTINGS_CACHE_SECONDS` with no deploy; saved only over the version the owner saw, with who, when
 * and old → new in the history.
 */
import type { SettingsResponse, ShopInfoResponse } from '#shared/api.ts';
import { apiTexts } from '#shared/messages.ts';
import { ORDER_RETENTION_YEARS, SETTINGS_CACHE_SECONDS, settingsChanges, withDefaults, type ShopSettings } from '#shared/settings.ts';
import { sellerIdentity } from '#shared/shop-identity.ts';
import { ChangedMeanwhile } from '../errors.ts';
import { getStoredSettings, saveSettings, settingsHistory } from '../repositories/settings.ts';

/** Saves the screen shows. */
export const SETTINGS_HISTORY_SHOWN = 50;

let cached: { readonly settings: ShopSettings; readonly until: number } | undefined;

/** The settings in force: read at most once per `SETTINGS_CACHE_SECONDS` per function instance. */
export async function shopSettings(now = Date.now()): Promise<ShopSettings> {
  if (cached && cached.until > now) return cached.settings;
  const stored = await getStoredSettings();
  cached = { settings: withDefaults(stored.settings), until: now + SETTINGS_CACHE_SECONDS * 1000 };
  return cached.settings;
}

/**
 * The settings as stored now, past the cache (the publisher that renders pages right after a save: an
 * instance could otherwise still hold what it read before it).
 */
export async function refreshSettings(): Promise<ShopSettings> {
  cached = undefined;
  return shopSettings();
}

/** What the storefront states from the settings (`GET /api/shop-info`, and every pre-rendered page's data). */
export async function shopInfo(): Promise<ShopInfoResponse> {
  const { seller, retention, orderCaps } = await shopSettings();
  return { seller: sellerIdentity(seller), retention, orderRetentionYears: ORDER_RETENTION_YEARS, orderCaps };
}

/** What the screen loads: the record in force (read now, not from the cache), its version and history. */
export async function settingsView(): Promise<SettingsResponse> {
  const [stored, history] = await Promise.all([getStoredSettings(), settingsHistory(SETTINGS_HISTORY_SHOWN)]);
  return {
    settings: withDefaults(stored.settings),
    version: stored.version,
    ...(stored.updatedAt ? { updatedAt: stored.updatedAt } : {}),
    ...(stored.updatedBy ? { updatedBy: stored.updatedBy } : {}),
    history,
  };
}

/**
 * Saves the owner's settings over the version they loaded: 409 `settings_changed` (nothing saved) when
 * someone saved in between. A save that changes nothing writes nothing.
 */
export async function updateSettings(next: ShopSettings, version: number, by: string, now = new Date()): Promise<SettingsResponse> {
  const stored = await getStoredSettings();
  if (stored.version !== version) throw new ChangedMeanwhile(apiTexts.settingsChanged, 'settings_changed', { version: stored.version });
  const changes = settingsChanges(withDefaults(stored.settings), next);
  if (changes.length > 0) {
    const saved = await saveSettings(next, version, { at: now.toISOString(), by, changes });
    if (!saved) {
      const current = await getStoredSettings();
      throw new ChangedMeanwhile(apiTexts.settingsChanged, 'settings_changed', { version: current.version });
    }
    cached = { settings: next, until: now.getTime() + SETTINGS_CACHE_SECONDS * 1000 };
  }
  return settingsView();
}
