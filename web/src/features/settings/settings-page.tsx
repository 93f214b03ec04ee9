/**
 * {prefix}/definicoes: the shop's settings (payment instructions, the automatic payments and the
 * provider's keys (`automatic-payments.tsx`), the owner's notification address,
 * MB WAY monthly limits, reservation hours, the low-stock threshold, how long personal data is kept), saved over the version loaded
 * (someone else's save in between is refused, never overwritten), the history of every change, and the
 * block list (`BlocksPanel`).
 */
import { useState } from 'react';
import type { SettingsResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { ApiError } from '#web/lib/api.ts';
import { useFormSubmit, outcomeNotice, type FormOutcome, type Notice } from '#web/lib/use-submit.ts';
import { failureMessage, isChangedMeanwhile } from '#web/lib/admin/admin-api.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { draftOf, PATHS, recordOf, type Draft } from './settings-draft.ts';
import { OtherGroups, SellerGroup, settingField } from './settings-fields.tsx';
import { HoldsGroup } from './settings-holds.tsx';
import { BotCheckGroup } from './bot-check-settings.tsx';
import { SettingsHistory } from './settings-history.tsx';
import { BlocksPanel } from './blocks-panel.tsx';
import { GoLiveChecklist } from './go-live-checklist.tsx';
import { MailSandboxGroup } from './mail-sandbox.tsx';
import { FeedAddresses } from './feed-addresses.tsx';
import { GiftGroup } from './gift-settings.tsx';
import { AutomaticPaymentsGroup, PaymentKeysPanel, switchesWithoutKeys } from './automatic-payments.tsx';
import { InvoicingGroup, InvoicingKeyPanel, invoicingWithoutKey } from './invoicing-settings.tsx';
import { invoicingOn } from '#shared/invoices.ts';
import type { SettingPath } from '#shared/settings.ts';

const t = texts.settings;

export function SettingsPage() {
  const { state, reload, update } = useLoad((api) => api.settings(), []);
  // What a save said, kept here: the form starts afresh from each version it is given.
  const [saved, setSaved] = useState<Notice>();
  const onSaved = (next: SettingsResponse, message: string) => {
    setSaved({ kind: 'success', lines: [message] });
    update(() => next);
  };
  const reloadCurrent = () => {
    setSaved(undefined);
    reload();
  };
  return (
    <AdminPage title={t.title}>
      <ActionFeedback notice={saved} />
      <LoadView state={state} onRetry={reload}>
        {(loaded) => (
          <SettingsForm
            key={loaded.version}
            loaded={loaded}
            onSaved={onSaved}
            onSubmit={() => setSaved(undefined)}
            onReload={reloadCurrent}
            // Saving the keys changes no version: the form keeps what is being typed in it.
            onKeys={(keys) =>
              update((current) => ({
                ...current,
                settings: { ...current.settings, automaticPayments: { ...current.settings.automaticPayments, keys } },
              }))
            }
            onInvoicingKey={({ account, ...key }) =>
              update((current) => ({
                ...current,
                settings: { ...current.settings, invoicing: { ...current.settings.invoicing, account, key } },
              }))
            }
          />
        )}
      </LoadView>
      <BlocksPanel />
    </AdminPage>
  );
}

/** Above the form: what the last save said (with a reload after someone else's), the go-live checklist, the feeds, who saved last. */
function SettingsHeader({
  loaded,
  outcome,
  onReload,
}: {
  readonly loaded: SettingsResponse;
  readonly outcome: FormOutcome<SettingsResponse>;
  readonly onReload: () => void;
}) {
  return (
    <>
      <ActionFeedback notice={outcomeNotice(outcome)}>
        {outcome.kind === 'failed' && isChangedMeanwhile(outcome.error, 'settings_changed') && (
          <button type="button" className="button button--small" onClick={onReload}>
            {t.reload}
          </button>
        )}
      </ActionFeedback>
      <p className="muted">{t.intro}</p>
      <GoLiveChecklist state={loaded.goLive} invoicing={invoicingOn(loaded.settings.invoicing)} />
      <FeedAddresses />
      {loaded.updatedBy && loaded.updatedAt && <p className="muted">{t.lastSaved(loaded.updatedBy, formatDateTime(loaded.updatedAt))}</p>}
    </>
  );
}

/** A refusal's field messages, named by their path in the settings (the request nests them under `settings.`). */
function settingsFields(failure: unknown) {
  if (!(failure instanceof ApiError) || !failure.fields) return null;
  return Object.fromEntries(Object.entries(failure.fields).map(([key, text]) => [key.replace(/^settings\./, ''), text]));
}

function SettingsForm(props: {
  readonly loaded: SettingsResponse;
  readonly onSaved: (saved: SettingsResponse, message: string) => void;
  /** A save starts: what the last one said goes. */
  readonly onSubmit: () => void;
  /** Loads the settings as they are now (after someone else's save). */
  readonly onReload: () => void;
  /** The payment provider's keys were saved: their record. */
  readonly onKeys: (keys: NonNullable<SettingsResponse['settings']['automaticPayments']['keys']>) => void;
  /** The invoicing account and key were saved: their record. */
  readonly onInvoicingKey: (key: { readonly savedAt: string; readonly hint: string; readonly account: string }) => void;
}) {
  const { loaded, onSaved, onSubmit, onReload, onKeys, onInvoicingKey } = props;
  const keys = loaded.settings.automaticPayments.keys;
  const api = useAdminApi();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const form = useFormSubmit({
    schema: shopSettingsSchema,
    fieldOrder: PATHS,
    values: recordOf(draft),
    check: () => ({ ...switchesWithoutKeys(draft, keys), ...invoicingWithoutKey(draft, loaded.settings.invoicing) }),
    invalidAlert: () => apiTexts.invalidInput,
    send: (settings) => api.saveSettings({ version: loaded.version, settings }),
    onSent: (saved) => onSaved(saved, saved.version === loaded.version ? adminTexts.settingsUnchanged : adminTexts.settingsSaved),
    serverFields: settingsFields,
    failedMessage: (failure) =>
      isChangedMeanwhile(failure, 'settings_changed') ? apiTexts.settingsChanged : failureMessage(adminTexts.settingsSaveFailed, failure),
  });
  const { outcome } = form;
  const change = (path: SettingPath, text: string) => setDraft((current) => ({ ...current, [path]: text }));
  const field = settingField(draft, form.errors, change);

  return (
    <>
      <SettingsHeader loaded={loaded} outcome={outcome} onReload={onReload} />
      <form
        ref={form.formRef}
        className="adm-form"
        onSubmit={(event) => {
          onSubmit();
          void form.onSubmit(event);
        }}
        noValidate
        aria-label={t.title}
      >
        <SellerGroup field={field} />
        <OtherGroups
          field={field}
          automatic={<AutomaticPaymentsGroup draft={draft} errors={form.errors} keys={keys} onChange={change} />}
          holds={<HoldsGroup field={field} />}
        />
        <GiftGroup draft={draft} errors={form.errors} field={field} onChange={change} />
        <BotCheckGroup field={field} />
        <InvoicingGroup draft={draft} errors={form.errors} field={field} settings={loaded.settings.invoicing} onChange={change} />
        <MailSandboxGroup draft={draft} error={form.errors.mailSandboxAcknowledged} onChange={change} />
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? t.saving : t.save}
          </button>
        </div>
      </form>
      <PaymentKeysPanel keys={keys} onSaved={onKeys} />
      <InvoicingKeyPanel settings={loaded.settings.invoicing} onSaved={onInvoicingKey} />
      <SettingsHistory history={loaded.history} />
    </>
  );
}
