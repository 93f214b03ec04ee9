/**
 * Every change of the settings, newest first, one card each (they read on a phone as on a desk): when,
 * who, and each field from what to what.
 */
import type { SettingsResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { MONEY_SETTINGS, SETTING_LABELS, type SettingPath, type SettingValue } from '#shared/settings.ts';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.settings;

export function SettingsHistory({ history }: { readonly history: SettingsResponse['history'] }) {
  const shown = (value: SettingValue, path: SettingPath) =>
    value === ''
      ? t.empty
      : typeof value === 'boolean'
        ? value
          ? t.switchOn
          : t.switchOff
        : typeof value === 'number' && MONEY_SETTINGS.includes(path)
          ? formatCents(value)
          : String(value);
  return (
    <section className="adm-settings-history" aria-labelledby="settings-history">
      <h2 id="settings-history">{t.history}</h2>
      {history.length === 0 ? (
        <p className="adm-empty">{t.historyEmpty}</p>
      ) : (
        <ol className="adm-change-list" data-testid="settings-history">
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.version}`} className="adm-change-card">
              <p className="adm-change-head">
                <span className="adm-strong">{formatDateTime(entry.at)}</span>
                <span className="muted">
                  {t.by} <EmailAddress email={entry.by} />
                </span>
              </p>
              <ul className="adm-settings-changes" aria-label={t.historyColumns.what}>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <span className="adm-strong">{SETTING_LABELS[change.field] ?? change.field}:</span>{' '}
                    <span className="adm-change-value">{shown(change.from, change.field)}</span> →{' '}
                    <span className="adm-change-value">{shown(change.to, change.field)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
