/**
 * "Pagamentos automáticos" (docs/design.md §34): the switches of the settings form (MB WAY and
 * Multibanco by the provider), and the provider's keys, saved apart (`PaymentKeysPanel`). A switch is
 * on only once the keys are saved (checked here, and again by the server).
 */
import { useState } from 'react';
import type { AutomaticPayments } from '#shared/automatic-payments.ts';
import { formatDateTime } from '#shared/dates.ts';
import { paymentKeysTexts } from '#shared/messages/index.ts';
import { paymentKeysSchema } from '#shared/schemas/settings.ts';
import type { SettingPath } from '#shared/settings.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { useFormSubmit, outcomeNotice } from '#web/lib/use-submit.ts';
import { ChoiceGroup, TextField } from '#web/ui/field.tsx';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { Group } from './settings-fields.tsx';
import type { Draft } from './settings-draft.ts';

const t = texts.settings;

/** The keys' record as kept: when, and the secret key's last characters. */
type KeysRecord = NonNullable<AutomaticPayments['keys']>;

const SWITCHES = [
  { path: 'automaticPayments.mbway', label: t.automaticMbway },
  { path: 'automaticPayments.multibanco', label: t.automaticMultibanco },
] as const satisfies readonly { path: SettingPath; label: string }[];

/** What the keys say in the form: saved when, ending in what; or that there are none yet. */
export function keysLine(keys: KeysRecord | undefined): string {
  return keys ? t.keysSaved(formatDateTime(keys.savedAt), keys.hint) : t.keysMissing;
}

/** The switches turned on while no keys are saved: each gets the message that says what to do first. */
export function switchesWithoutKeys(draft: Draft, keys: KeysRecord | undefined): FieldMessages {
  if (keys) return {};
  return Object.fromEntries(
    SWITCHES.filter(({ path }) => draft[path] === 'true').map(({ path }) => [path, paymentKeysTexts.automaticNeedsKeys]),
  );
}

/** The group of the settings form: the two switches and where the keys stand. */
export function AutomaticPaymentsGroup(props: {
  readonly draft: Draft;
  readonly errors: FieldMessages;
  readonly keys: KeysRecord | undefined;
  readonly onChange: (path: SettingPath, text: string) => void;
}) {
  const { draft, errors, keys, onChange } = props;
  const error = SWITCHES.map(({ path }) => errors[path]).find(Boolean);
  return (
    <Group legend={t.automatic} hint={t.automaticHint}>
      <p className={keys ? 'adm-keys-state' : 'adm-keys-state muted'} data-testid="payment-keys-state">
        {keysLine(keys)}
      </p>
      <ChoiceGroup legend={t.automaticMethods} error={error}>
        {SWITCHES.map(({ path, label }) => (
          <label key={path} className="adm-check adm-switch">
            <input
              type="checkbox"
              name={path}
              checked={draft[path] === 'true'}
              aria-invalid={errors[path] ? true : undefined}
              onChange={(event) => onChange(path, String(event.target.checked))}
            />{' '}
            {label}
          </label>
        ))}
      </ChoiceGroup>
    </Group>
  );
}

const KEY_FIELDS = ['secretKey', 'webhookSecret'] as const;

/**
 * The provider's keys: two password fields, never filled in from the server and emptied once saved;
 * the server checks them with the provider before it keeps anything.
 */
export function PaymentKeysPanel({
  keys,
  onSaved,
}: {
  readonly keys: KeysRecord | undefined;
  readonly onSaved: (keys: KeysRecord) => void;
}) {
  const api = useAdminApi();
  const [values, setValues] = useState({ secretKey: '', webhookSecret: '' });
  const form = useFormSubmit({
    schema: paymentKeysSchema,
    fieldOrder: KEY_FIELDS,
    values,
    send: (input) => api.savePaymentKeys(input),
    onSent: (saved) => {
      setValues({ secretKey: '', webhookSecret: '' });
      onSaved(saved.keys);
    },
    failedMessage: (failure) => failureMessage(t.keysSaveFailed, failure),
  });
  const edit = (name: (typeof KEY_FIELDS)[number], text: string) => {
    setValues((current) => ({ ...current, [name]: text }));
    form.setErrors(({ [name]: _edited, ...others }) => others);
  };
  return (
    <section className="card adm-payment-keys" id="payment-keys" aria-labelledby="payment-keys-title">
      <h2 id="payment-keys-title">{t.keysTitle}</h2>
      <p className="field-hint">{t.keysIntro(`${window.location.origin}/api/payments/stripe`)}</p>
      {form.outcome.kind !== 'sent' && <p className={keys ? 'adm-keys-state' : 'adm-keys-state muted'}>{keysLine(keys)}</p>}
      <ActionFeedback notice={outcomeNotice(form.outcome, (saved) => keysLine(saved.keys))} />
      <form ref={form.formRef} className="adm-form" onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label={t.keysTitle}>
        <div className="adm-form-grid">
          <TextField
            label={t.secretKey}
            name="secretKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={values.secretKey}
            error={form.errors.secretKey}
            onChange={(event) => edit('secretKey', event.target.value)}
          />
          <TextField
            label={t.webhookSecret}
            name="webhookSecret"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={values.webhookSecret}
            error={form.errors.webhookSecret}
            onChange={(event) => edit('webhookSecret', event.target.value)}
          />
        </div>
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? t.savingKeys : t.saveKeys}
          </button>
        </div>
      </form>
    </section>
  );
}
