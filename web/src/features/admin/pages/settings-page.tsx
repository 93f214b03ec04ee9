/**
 * {prefix}/definicoes: the shop's settings (payment instructions, the owner's notification address,
 * MB WAY monthly limits, reservation hours, the low-stock threshold, how long personal data is kept), saved over the version loaded
 * (someone else's save in between is refused, never overwritten), and the history of every change.
 */
import { useState, type FormEvent } from 'react';
import type { SettingsResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, apiTexts } from '#shared/messages.ts';
import { fieldErrors } from '#shared/schemas/index.ts';
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { DEFAULT_SETTINGS, SETTING_LABELS, SETTINGS_LIMITS, settingValue, type SettingPath, type ShopSettings } from '#shared/settings.ts';
import { isIdentityComplete, sellerIdentity } from '#shared/shop-identity.ts';
import { ApiError } from '#web/lib/api.ts';
import { TextField } from '#web/ui/field.tsx';
import { failureMessage, isChangedMeanwhile } from '../api/admin-api.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi } from '../auth/session.tsx';
import { AdminPage, Feedback, LoadView } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.settings;

/** The form as typed: every field as text, by its path in the record. */
type Draft = Record<SettingPath, string>;

const PATHS = Object.keys(SETTING_LABELS) as SettingPath[];
/** The settings that are whole numbers (typed in number fields). */
const NUMERIC: readonly SettingPath[] = PATHS.filter((path) => typeof settingValue(DEFAULT_SETTINGS, path) === 'number');

function draftOf(settings: ShopSettings): Draft {
  return Object.fromEntries(PATHS.map((path) => [path, String(settingValue(settings, path))])) as Draft;
}

/** The draft as the record the schema checks (numbers as typed, so that "abc" is refused, not zero). */
function recordOf(draft: Draft): unknown {
  const record: Record<string, unknown> = {};
  for (const path of PATHS) {
    const text = draft[path];
    const value = NUMERIC.includes(path) ? (text.trim() === '' ? undefined : Number(text)) : text;
    const [group, key] = path.split('.') as [string, string | undefined];
    if (key === undefined) record[group] = value;
    else record[group] = { ...(record[group] as object | undefined), [key]: value };
  }
  return record;
}

type Notice = { readonly kind: 'success' | 'error'; readonly text: string; readonly stale?: true };

export function SettingsPage() {
  const { state, reload, update } = useLoad((api) => api.settings(), []);
  // Kept here: the form starts afresh from each version it is given (after a save or a reload).
  const [notice, setNotice] = useState<Notice>();
  const reloadCurrent = () => {
    setNotice(undefined);
    reload();
  };
  return (
    <AdminPage title={t.title}>
      {notice && (
        <Feedback kind={notice.kind}>
          <p>{notice.text}</p>
          {notice.stale && (
            <button type="button" className="button button--small" onClick={reloadCurrent}>
              {t.reload}
            </button>
          )}
        </Feedback>
      )}
      <LoadView state={state} onRetry={reload}>
        {(loaded) => <SettingsForm key={loaded.version} loaded={loaded} onSaved={(saved) => update(() => saved)} setNotice={setNotice} />}
      </LoadView>
    </AdminPage>
  );
}

function SettingsForm(props: {
  readonly loaded: SettingsResponse;
  readonly onSaved: (saved: SettingsResponse) => void;
  readonly setNotice: (notice: Notice | undefined) => void;
}) {
  const { loaded, onSaved, setNotice } = props;
  const api = useAdminApi();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const field = (path: SettingPath, extra: { hint?: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel'; min?: number; max?: number; maxLength?: number } = {}) => (
    <TextField
      label={SETTING_LABELS[path]}
      name={path}
      value={draft[path]}
      error={errors[path]}
      hint={extra.hint}
      type={extra.type ?? (NUMERIC.includes(path) ? 'number' : 'text')}
      inputMode={extra.inputMode ?? (NUMERIC.includes(path) ? 'numeric' : undefined)}
      min={extra.min}
      max={extra.max}
      maxLength={extra.maxLength}
      autoComplete="off"
      onChange={(event) => setDraft((current) => ({ ...current, [path]: event.target.value }))}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = shopSettingsSchema.safeParse(recordOf(draft));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setNotice({ kind: 'error', text: apiTexts.invalidInput });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await api.saveSettings({ version: loaded.version, settings: parsed.data });
      setNotice({ kind: 'success', text: saved.version === loaded.version ? adminTexts.settingsUnchanged : adminTexts.settingsSaved });
      onSaved(saved);
    } catch (failure) {
      if (isChangedMeanwhile(failure, 'settings_changed')) setNotice({ kind: 'error', text: apiTexts.settingsChanged, stale: true });
      else {
        if (failure instanceof ApiError && failure.fields) {
          setErrors(Object.fromEntries(Object.entries(failure.fields).map(([key, text]) => [key.replace(/^settings\./, ''), text])));
        }
        setNotice({ kind: 'error', text: failureMessage(adminTexts.settingsSaveFailed, failure) });
      }
    } finally {
      setSaving(false);
    }
  };

  const L = SETTINGS_LIMITS;
  return (
    <>
      <p className="muted">{t.intro}</p>
      {loaded.updatedBy && loaded.updatedAt && <p className="muted">{t.lastSaved(loaded.updatedBy, formatDateTime(loaded.updatedAt))}</p>}
      <form className="adm-form" onSubmit={submit} noValidate aria-label={t.title}>
        <fieldset className="card adm-settings-group">
          <legend>{t.seller}</legend>
          <p className="field-hint">{t.sellerHint}</p>
          {!isIdentityComplete(sellerIdentity(loaded.settings.seller)) && (
            <p className="adm-settings-warning" role="status" data-testid="seller-incomplete">
              {t.sellerIncomplete}
            </p>
          )}
          <div className="adm-form-grid">
            {field('seller.legalName', { maxLength: L.sellerLine })}
            {field('seller.nif', { inputMode: 'numeric', maxLength: 20 })}
            {field('seller.address', { maxLength: L.sellerLine })}
            {field('seller.phone', { inputMode: 'tel', maxLength: 25 })}
            {field('seller.registration', { maxLength: L.sellerLine })}
            {field('seller.shareCapital', { maxLength: L.sellerLine })}
          </div>
        </fieldset>
        <fieldset className="card adm-settings-group">
          <legend>{t.payments}</legend>
          <p className="field-hint">{t.paymentsHint}</p>
          <div className="adm-form-grid">
            {field('payments.mbwayPhone1', { inputMode: 'tel', maxLength: 25 })}
            {field('mbwayLimits.number1', { min: L.mbwayLimit.min, max: L.mbwayLimit.max })}
            {field('payments.mbwayPhone2', { inputMode: 'tel', maxLength: 25 })}
            {field('mbwayLimits.number2', { min: L.mbwayLimit.min, max: L.mbwayLimit.max, hint: t.mbwayLimitHint })}
            {field('payments.iban', { maxLength: 50 })}
            {field('payments.ibanHolder', { maxLength: L.holder })}
            {field('payments.paypal', { maxLength: L.handle })}
            {field('payments.revolut', { maxLength: L.handle })}
          </div>
        </fieldset>
        <fieldset className="card adm-settings-group">
          <legend>{t.notifications}</legend>
          {field('ownerEmail', { type: 'email', inputMode: 'email', maxLength: 254, hint: t.ownerEmailHint })}
        </fieldset>
        <fieldset className="card adm-settings-group">
          <legend>{t.orders}</legend>
          <div className="adm-form-grid">
            {field('reservationHours', { min: L.reservationHours.min, max: L.reservationHours.max, hint: t.reservationHoursHint })}
            {field('lowStockThreshold', { min: L.lowStockThreshold.min, max: L.lowStockThreshold.max, hint: t.lowStockHint })}
            {field('orderCaps.lineQuantity', { min: L.lineQuantity.min, max: L.lineQuantity.max, hint: t.lineQuantityHint })}
            {field('orderCaps.lines', { min: L.lines.min, max: L.lines.max, hint: t.linesHint })}
          </div>
        </fieldset>
        <fieldset className="card adm-settings-group">
          <legend>{t.retention}</legend>
          <p className="field-hint">{t.retentionHint}</p>
          <div className="adm-form-grid">
            {field('retention.contactMessagesDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
            {field('retention.stockAlertsDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
            {field('retention.proofsDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
          </div>
        </fieldset>
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t.saving : t.save}
          </button>
        </div>
      </form>
      <SettingsHistory history={loaded.history} />
    </>
  );
}

function SettingsHistory({ history }: { readonly history: SettingsResponse['history'] }) {
  const shown = (value: string | number) => (value === '' ? t.empty : String(value));
  return (
    <section className="adm-settings-history" aria-labelledby="settings-history">
      <h2 id="settings-history">{t.history}</h2>
      {history.length === 0 ? (
        <p className="adm-empty">{t.historyEmpty}</p>
      ) : (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t.historyColumns.when}</th>
              <th scope="col">{t.historyColumns.who}</th>
              <th scope="col">{t.historyColumns.what}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={`${entry.at}-${entry.version}`}>
                <td data-label={t.historyColumns.when}>{formatDateTime(entry.at)}</td>
                <td data-label={t.historyColumns.who}>{entry.by}</td>
                <td data-label={t.historyColumns.what}>
                  <ul className="adm-settings-changes">
                    {entry.changes.map((change) => (
                      <li key={change.field}>{t.change(SETTING_LABELS[change.field] ?? change.field, shown(change.from), shown(change.to))}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
