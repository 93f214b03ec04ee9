/** Every change of the settings, newest first: when, who, and each field from what to what. */
import type { SettingsResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { SETTING_LABELS } from '#shared/settings.ts';
import { texts } from '../../texts.ts';

const t = texts.settings;

export function SettingsHistory({ history }: { readonly history: SettingsResponse['history'] }) {
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
