/**
 * "Faturação" (docs/invoices.md): the switches and figures of the settings form (on or off, the series,
 * the IVA rate, whether the provider mails the customer the fatura), and the InvoiceXpress account and
 * API key, saved apart (`InvoicingKeyPanel`, checked with the provider; the key never comes back).
 */
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { VAT_PERCENTS, type InvoicingSettings } from '#shared/invoices.ts';
import { invoicingSettingsTexts } from '#shared/messages/index.ts';
import { invoicingKeySchema } from '#shared/schemas/settings.ts';
import { SETTING_LABELS, type SettingPath } from '#shared/settings.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { useFormSubmit, outcomeNotice } from '#web/lib/use-submit.ts';
import { ChoiceGroup, SelectField, TextField } from '#web/ui/field.tsx';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { Group, type SettingField } from './settings-fields.tsx';
import type { Draft } from './settings-draft.ts';

const t = texts.invoicing;
type KeyRecord = { readonly savedAt: string; readonly hint: string; readonly account: string };

/** What the key says in the form: for which account, saved when, ending in what; or that there is none yet. */
export function invoicingKeyLine(settings: Pick<InvoicingSettings, 'key' | 'account'>): string {
  return settings.key ? t.keySaved(settings.account, formatDateTime(settings.key.savedAt), settings.key.hint) : t.keyMissing;
}

/** Invoicing switched on while no key is saved: the switch says what to do first. */
export function invoicingWithoutKey(draft: Draft, settings: Pick<InvoicingSettings, 'key'>): FieldMessages {
  return draft['invoicing.enabled'] === 'true' && !settings.key ? { 'invoicing.enabled': invoicingSettingsTexts.needsKey } : {};
}

/** The group of the settings form. */
export function InvoicingGroup(props: {
  readonly draft: Draft;
  readonly errors: FieldMessages;
  readonly field: SettingField;
  readonly settings: InvoicingSettings;
  readonly onChange: (path: SettingPath, text: string) => void;
}) {
  const { draft, errors, field, settings, onChange } = props;
  const check = (path: SettingPath) => (
    <label className="adm-check adm-switch">
      <input
        type="checkbox"
        name={path}
        checked={draft[path] === 'true'}
        aria-invalid={errors[path] ? true : undefined}
        onChange={(event) => onChange(path, String(event.target.checked))}
      />{' '}
      {SETTING_LABELS[path]}
    </label>
  );
  return (
    <Group legend={t.title} hint={t.hint}>
      <p className={settings.key ? 'adm-keys-state' : 'adm-keys-state muted'} data-testid="invoicing-key-state">
        {invoicingKeyLine(settings)}
      </p>
      <ChoiceGroup legend={t.switches} error={errors['invoicing.enabled'] ?? errors['invoicing.sendToCustomer']}>
        {check('invoicing.enabled')}
        {check('invoicing.sendToCustomer')}
      </ChoiceGroup>
      <div className="adm-form-grid">
        {field('invoicing.series', { hint: t.seriesHint, inputMode: 'numeric', maxLength: 12 })}
        <SelectField
          label={SETTING_LABELS['invoicing.vatPercent']}
          name="invoicing.vatPercent"
          value={draft['invoicing.vatPercent']}
          error={errors['invoicing.vatPercent']}
          onChange={(event) => onChange('invoicing.vatPercent', event.target.value)}
        >
          {VAT_PERCENTS.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate} %
            </option>
          ))}
        </SelectField>
      </div>
    </Group>
  );
}

const KEY_FIELDS = ['account', 'apiKey'] as const;

/** The InvoiceXpress account and API key: the key field never filled in from the server and emptied once saved. */
export function InvoicingKeyPanel({
  settings,
  onSaved,
}: {
  readonly settings: InvoicingSettings;
  readonly onSaved: (key: KeyRecord) => void;
}) {
  const api = useAdminApi();
  const [values, setValues] = useState({ account: settings.account, apiKey: '' });
  const form = useFormSubmit({
    schema: invoicingKeySchema,
    fieldOrder: KEY_FIELDS,
    values: { ...values, provider: 'invoicexpress' },
    send: (input) => api.saveInvoicingKey(input),
    onSent: (saved) => {
      setValues((current) => ({ ...current, apiKey: '' }));
      onSaved(saved.key);
    },
    failedMessage: (failure) => failureMessage(t.keySaveFailed, failure),
  });
  const edit = (name: (typeof KEY_FIELDS)[number], text: string) => {
    setValues((current) => ({ ...current, [name]: text }));
    form.setErrors(({ [name]: _edited, ...others }) => others);
  };
  return (
    <section className="card adm-payment-keys" id="invoicing-key" aria-labelledby="invoicing-key-title">
      <h2 id="invoicing-key-title">{t.keyTitle}</h2>
      <p className="field-hint">{t.keyIntro}</p>
      {form.outcome.kind !== 'sent' && (
        <p className={settings.key ? 'adm-keys-state' : 'adm-keys-state muted'}>{invoicingKeyLine(settings)}</p>
      )}
      <ActionFeedback notice={outcomeNotice(form.outcome, (saved) => invoicingKeyLine({ account: saved.key.account, key: saved.key }))} />
      <form ref={form.formRef} className="adm-form" onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label={t.keyTitle}>
        <div className="adm-form-grid">
          <TextField
            label={t.account}
            name="account"
            autoComplete="off"
            spellCheck={false}
            value={values.account}
            error={form.errors.account}
            onChange={(event) => edit('account', event.target.value)}
            hint={t.accountHint}
          />
          <TextField
            label={t.apiKey}
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={values.apiKey}
            error={form.errors.apiKey}
            onChange={(event) => edit('apiKey', event.target.value)}
          />
        </div>
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? t.savingKey : t.saveKey}
          </button>
        </div>
      </form>
    </section>
  );
}
