/**
 * "Anonimizar dados do cliente": opens a confirmation that says what is deleted and what is kept (and
 * why), and runs only once the customer's e-mail is typed; a refusal (an order still open) is shown
 * as the server words it, naming the orders. Unpaid reservations (anyone can make one under a
 * customer's e-mail) do not stop it: the confirmation says they are closed first (stock back), and a
 * refusal naming one the page did not list offers to close it and go on.
 */
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod';
import { ORDER_RETENTION_YEARS } from '#shared/settings.ts';
import { TextField } from '#web/ui/field.tsx';
import { failureMessage, isChangedMeanwhile } from '#web/lib/admin/admin-api.ts';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { outcomeNotice, useAction, useFormSubmit, type FormSubmit } from '#web/lib/use-submit.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const a = texts.customer.anonymise;

/** The confirmation: the customer's e-mail typed (any case, spaces around); the server takes no body. */
function confirmSchema(email: string) {
  return z.object({
    confirmEmail: z.string().refine((typed) => typed.trim().toLowerCase() === email.toLowerCase(), { error: a.mismatch }),
  });
}

/** The typed e-mail, read from the confirmation form. */
function typedEmail(form: HTMLFormElement) {
  const field = form.elements.namedItem('confirmEmail');
  return { confirmEmail: field instanceof HTMLInputElement ? field.value : '' };
}

export function AnonymisePanel(props: {
  readonly customerRef: string;
  readonly email: string;
  readonly reservations: readonly number[];
  readonly onDone: (message: string) => void;
}) {
  const { customerRef, email, reservations, onDone } = props;
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [offerClose, setOfferClose] = useState(false);
  // A refusal closes the confirmation; one naming a reservation the page did not list offers to close it.
  const refused = (failure: unknown) => {
    setConfirming(false);
    setOfferClose(isChangedMeanwhile(failure, 'customer_has_open_reservations'));
  };
  const done = (message: string) => {
    setConfirming(false);
    onDone(message);
  };
  // The confirmation's form; kept here, as its refusal is said once the confirmation has closed.
  const form = useFormSubmit({
    schema: confirmSchema(email),
    fieldOrder: ['confirmEmail'],
    readValues: typedEmail,
    send: () => api.anonymiseCustomer(customerRef, reservations.length > 0),
    onSent: (answer) => done(answer.message),
    onFailed: refused,
    // Every refusal is the panel's message, as the server words it (the open orders named).
    serverFields: () => null,
    failedMessage: (failure) => failureMessage(a.failed, failure),
  });
  // "Fechar as reservas e anonimizar", offered with the refusal that names one the page did not list: one click.
  const action = useAction();
  const closeAndErase = () => {
    form.reset();
    setOfferClose(false);
    void action.run(
      async () => done((await api.anonymiseCustomer(customerRef, true)).message),
      (failure) => {
        refused(failure);
        return failureMessage(a.failed, failure);
      },
    );
  };
  const notice = outcomeNotice(form.outcome) ?? action.notice;
  const busy = form.sending || action.busy;
  const open = () => {
    form.reset();
    action.show(undefined);
    setConfirming(true);
  };

  return (
    <Panel id="adm-customer-gdpr" title={a.title} testId="customer-gdpr">
      <p className="adm-small muted">{a.hint}</p>
      <ActionFeedback notice={notice}>
        {offerClose && (
          <button type="button" className="button button--small" disabled={busy} onClick={closeAndErase}>
            {abuseUiTexts.anonymise.closeAndErase}
          </button>
        )}
      </ActionFeedback>
      {confirming ? (
        <Confirmation email={email} reservations={reservations} form={form} onCancel={() => setConfirming(false)} />
      ) : (
        <p>
          <button type="button" className="button button--small button--secondary" onClick={open}>
            {a.open}
          </button>
        </p>
      )}
    </Panel>
  );
}

/** What goes and what stays, then the customer's e-mail typed to confirm (the focus starts on its title). */
function Confirmation(props: {
  readonly email: string;
  readonly reservations: readonly number[];
  readonly form: FormSubmit<unknown>;
  readonly onCancel: () => void;
}) {
  const { email, reservations, form, onCancel } = props;
  const busy = form.sending;
  const [typed, setTyped] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <form
      ref={form.formRef}
      className="notice notice--info adm-anonymise"
      onSubmit={form.onSubmit}
      aria-labelledby="adm-anonymise-title"
      noValidate
    >
      <h3 id="adm-anonymise-title" className="adm-section-title" tabIndex={-1} ref={heading}>
        {a.confirmTitle(email)}
      </h3>
      <h4 className="adm-subtitle">{a.deleted}</h4>
      <ul>
        {a.deletedItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h4 className="adm-subtitle">{a.kept}</h4>
      <ul>
        {a.keptItems(ORDER_RETENTION_YEARS).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {reservations.length > 0 && <p data-testid="anonymise-close-first">{abuseUiTexts.anonymise.closeFirst(reservations)}</p>}
      <p>
        <strong>{a.onlyFinal}</strong>
      </p>
      <TextField
        label={a.typeEmail}
        name="confirmEmail"
        type="email"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        error={form.errors.confirmEmail}
        onChange={(event) => {
          setTyped(event.target.value);
          form.setErrors({});
        }}
      />
      <p className="adm-inline-form">
        <button type="submit" className="button button--small" disabled={busy}>
          {busy ? a.working : a.confirm}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={busy} onClick={onCancel}>
          {a.cancel}
        </button>
      </p>
    </form>
  );
}
