/**
 * "Anonimizar dados do cliente": opens a confirmation that says what is deleted and what is kept (and
 * why), and runs only once the customer's e-mail is typed; a refusal (an order still open) is shown
 * as the server words it, naming the orders. Unpaid reservations (anyone can make one under a
 * customer's e-mail) do not stop it: the confirmation says they are closed first (stock back), and a
 * refusal naming one the page did not list offers to close it and go on.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ORDER_RETENTION_YEARS } from '#shared/settings.ts';
import { TextField } from '#web/ui/field.tsx';
import { failureMessage, isChangedMeanwhile } from '#web/lib/admin/admin-api.ts';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const a = texts.customer.anonymise;

export function AnonymisePanel(props: {
  readonly customerRef: string;
  readonly email: string;
  readonly reservations: readonly number[];
  readonly onDone: (message: string) => void;
}) {
  const { customerRef, email, reservations, onDone } = props;
  const api = useAdminApi();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const [offerClose, setOfferClose] = useState(false);
  const anonymise = (closeOpen: boolean) =>
    void action.run(
      async () => {
        setOfferClose(false);
        const answer = await api.anonymiseCustomer(customerRef, closeOpen);
        setConfirming(false);
        onDone(answer.message);
      },
      (failure) => {
        setConfirming(false);
        setOfferClose(isChangedMeanwhile(failure, 'customer_has_open_reservations'));
        return failureMessage(a.failed, failure);
      },
    );
  const open = () => {
    action.show(undefined);
    setConfirming(true);
  };

  return (
    <Panel id="adm-customer-gdpr" title={a.title} testId="customer-gdpr">
      <p className="adm-small muted">{a.hint}</p>
      <ActionFeedback notice={action.notice}>
        {offerClose && (
          <button type="button" className="button button--small" disabled={action.busy} onClick={() => anonymise(true)}>
            {abuseUiTexts.anonymise.closeAndErase}
          </button>
        )}
      </ActionFeedback>
      {confirming ? (
        <Confirmation
          email={email}
          reservations={reservations}
          busy={action.busy}
          onConfirm={() => anonymise(reservations.length > 0)}
          onCancel={() => setConfirming(false)}
        />
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
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { email, reservations, busy, onConfirm, onCancel } = props;
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) return setMismatch(true);
    onConfirm();
  };
  return (
    <form className="notice notice--info adm-anonymise" onSubmit={submit} aria-labelledby="adm-anonymise-title" noValidate>
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
        error={mismatch ? a.mismatch : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          setMismatch(false);
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
