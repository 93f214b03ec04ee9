/**
 * The shop's settings as functions use them (docs/design.md §23): read from the settings table with a
 * short cache, so a change on the "Definições" screen reaches every function within
 * `SETTINGS_CACHE_SECONDS` with no deploy; saved only over the version the owner saw, with who, when
 * and old → new in the history.
 */
import type { SettingsResponse, ShopInfoResponse } from '#shared/api.ts';
import { goLiveState, type GoLiveState, type MailReadiness } from '#shared/go-live.ts';
import { PROVIDER_METHODS } from '#shared/automatic-payments.ts';
import { apiTexts, invoicingSettingsTexts, paymentKeysTexts } from '#shared/messages/index.ts';
import type { InvoicingSettings } from '#shared/invoices.ts';
import type { SettingsInput } from '#shared/schemas/settings.ts';
import { ORDER_RETENTION_YEARS, SETTINGS_CACHE_SECONDS, settingsChanges, withDefaults, type ShopSettings } from '#shared/settings.ts';
import { sellerIdentity } from '#shared/shop-identity.ts';
import { ChangedMeanwhile, InvalidInput, ShopNotReady } from '../errors.ts';
import { storedMailReadiness } from '../repositories/sender-status.ts';
import { getStoredSettings, saveSettings, settingsHistory } from '../repositories/settings.ts';

/** Saves the screen shows. */
export const SETTINGS_HISTORY_SHOWN = 50;

// Promises, so that requests arriving together (a burst of checkouts) share one read.
let cached: { readonly settings: Promise<ShopSettings>; readonly until: number } | undefined;
let cachedSender: { readonly verified: Promise<MailReadiness>; readonly until: number } | undefined;

/** `read`'s promise, forgotten by `forget` if it fails (the next request reads again). */
function shared<T>(read: Promise<T>, forget: () => void): Promise<T> {
  read.catch(forget);
  return read;
}

/** The settings in force: read at most once per `SETTINGS_CACHE_SECONDS` per function instance. */
export async function shopSettings(now = Date.now()): Promise<ShopSettings> {
  if (cached && cached.until > now) return cached.settings;
  const settings: Promise<ShopSettings> = shared(
    getStoredSettings().then((stored) => withDefaults(stored.settings)),
    () => {
      if (cached?.settings === settings) cached = undefined;
    },
  );
  cached = { settings, until: now + SETTINGS_CACHE_SECONDS * 1000 };
  return settings;
}

/**
 * The settings as stored now, past the cache (the publisher that renders pages right after a save: an
 * instance could otherwise still hold what it read before it).
 */
export async function refreshSettings(): Promise<ShopSettings> {
  cached = undefined;
  cachedSender = undefined;
  return shopSettings();
}

/**
 * The go-live checklist in force (docs/design.md §33): the settings and what SES last said of the
 * sender (as kept beside the settings), both with the settings' short cache.
 */
export async function goLive(now = Date.now()): Promise<GoLiveState> {
  if (!cachedSender || cachedSender.until <= now) {
    const verified: Promise<MailReadiness> = shared(storedMailReadiness(), () => {
      if (cachedSender?.verified === verified) cachedSender = undefined;
    });
    cachedSender = { verified, until: now + SETTINGS_CACHE_SECONDS * 1000 };
  }
  const [settings, verified] = await Promise.all([shopSettings(now), cachedSender.verified]);
  return goLiveState(settings, verified);
}

/** Refuses, changing nothing, while the go-live checklist is not complete: 503 `shop_not_ready`. */
export async function assertShopReady(now = Date.now()): Promise<void> {
  if (!(await goLive(now)).ready) throw new ShopNotReady();
}

/** The checklist of the settings as stored now (past the cache), with `mail` as SES just said. */
export async function goLiveNow(mail: MailReadiness): Promise<GoLiveState> {
  return goLiveState(withDefaults((await getStoredSettings()).settings), mail);
}

/** What SES last said of the sender and the account, as kept (read now, past the cache). */
export function keptMailReadiness(): Promise<MailReadiness> {
  return storedMailReadiness();
}

/** What the storefront states from the settings (`GET /api/shop-info`, and every pre-rendered page's data). */
export async function shopInfo(): Promise<ShopInfoResponse> {
  const [{ seller, retention, orderCaps }, { ready }] = await Promise.all([shopSettings(), goLive()]);
  return { seller: sellerIdentity(seller), retention, orderRetentionYears: ORDER_RETENTION_YEARS, orderCaps, ready };
}

/**
 * What the screen loads: the record in force (read now, not from the cache), its version and history,
 * and its go-live checklist with `mail` (a save asks SES now: `sender-check.ts`; a load reads
 * the answer kept, and the screen asks again while the item is missing).
 */
export async function settingsView(mail: () => Promise<MailReadiness> = keptMailReadiness): Promise<SettingsResponse> {
  const [stored, history, verified] = await Promise.all([getStoredSettings(), settingsHistory(SETTINGS_HISTORY_SHOWN), mail()]);
  const settings = withDefaults(stored.settings);
  return {
    settings,
    goLive: goLiveState(settings, verified),
    version: stored.version,
    ...(stored.updatedAt ? { updatedAt: stored.updatedAt } : {}),
    ...(stored.updatedBy ? { updatedBy: stored.updatedBy } : {}),
    history,
  };
}

/**
 * "Faturação" as a save makes it (docs/invoices.md): as sent, or as stored when left out; the account
 * and the key's record always as stored (only the key's route writes them,
 * `PUT /api/admin/settings/invoicing-key`); switched on, when (payments settled before it get no
 * document); on without a saved key is refused (400, nothing saved).
 */
function savedInvoicing(sent: SettingsInput['invoicing'], before: InvoicingSettings, now: Date): InvoicingSettings {
  if (!sent) return before;
  const { key, enabledAt, account } = before;
  if (sent.enabled && (!key || !account))
    throw new InvalidInput(invoicingSettingsTexts.needsKey, { 'settings.invoicing.enabled': invoicingSettingsTexts.needsKey });
  const since = sent.enabled ? (before.enabled && enabledAt ? enabledAt : now.toISOString()) : enabledAt;
  return { ...sent, account, ...(key ? { key } : {}), ...(since ? { enabledAt: since } : {}) };
}

/**
 * The record a save makes of `input` over `before`: the automatic payments' switches as sent, or as
 * stored when left out; their keys' record always as stored (only the keys' route writes it). A switch
 * on without saved keys is refused (400, nothing saved): the shop could not ask for that payment.
 */
function savedRecord(input: SettingsInput, before: ShopSettings, now: Date): ShopSettings {
  const { keys } = before.automaticPayments;
  const switches = input.automaticPayments ?? { mbway: before.automaticPayments.mbway, multibanco: before.automaticPayments.multibanco };
  if (!keys) {
    const refused = PROVIDER_METHODS.filter((method) => switches[method]);
    if (refused.length > 0) {
      const text = paymentKeysTexts.automaticNeedsKeys;
      throw new InvalidInput(text, Object.fromEntries(refused.map((method) => [`settings.automaticPayments.${method}`, text])));
    }
  }
  // A screen from before the SES acknowledgement leaves it out: the stored one stays.
  const mailSandboxAcknowledged = input.mailSandboxAcknowledged ?? before.mailSandboxAcknowledged;
  // A screen from before gift wraps (docs/gifts.md) leaves them out: the stored wrap stays.
  const giftWrap = input.giftWrap ?? before.giftWrap;
  return {
    ...input,
    automaticPayments: { ...switches, ...(keys ? { keys } : {}) },
    mailSandboxAcknowledged,
    invoicing: savedInvoicing(input.invoicing, before.invoicing, now),
    giftWrap,
  };
}

/**
 * Saves the owner's settings over the version they loaded: 409 `settings_changed` (nothing saved) when
 * someone saved in between. A save that changes nothing writes nothing.
 */
export async function updateSettings(
  input: SettingsInput,
  version: number,
  by: string,
  now = new Date(),
  mail: () => Promise<MailReadiness> = keptMailReadiness,
): Promise<SettingsResponse> {
  const stored = await getStoredSettings();
  if (stored.version !== version) throw new ChangedMeanwhile(apiTexts.settingsChanged, 'settings_changed', { version: stored.version });
  const before = withDefaults(stored.settings);
  const next = savedRecord(input, before, now);
  const changes = settingsChanges(before, next);
  if (changes.length > 0) {
    const saved = await saveSettings(next, version, { at: now.toISOString(), by, changes });
    if (!saved) {
      const current = await getStoredSettings();
      throw new ChangedMeanwhile(apiTexts.settingsChanged, 'settings_changed', { version: current.version });
    }
    cached = { settings: Promise.resolve(next), until: now.getTime() + SETTINGS_CACHE_SECONDS * 1000 };
  }
  return settingsView(mail);
}
