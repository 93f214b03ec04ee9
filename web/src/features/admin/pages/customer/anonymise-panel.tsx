/**
 * "Anonimizar dados do cliente": opens a confirmation that says what is deleted and what is kept (and
 * why), and runs only once the customer's e-mail is typed; a refusal (an order still open) is shown
 * as the server words it, naming the orders.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ORDER_RETENTION_YEARS } from '#shared/settings.ts';
import { TextField } from '#web/ui/field.tsx';
import { failureMessage } from '../../api/admin-api.ts';
import { useAdminApi } from '../../auth/session.tsx';
import { ActionFeedback, Panel, useAction } from '../../components/action-panel.tsx';
import { texts } from '../../texts.ts';

const a = texts.customer.anonymise;

export function AnonymisePanel({ email, onDone }: { readonly email: string; readonly onDone: (message: string) => void }) {
  const api = useAdminApi();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const anonymise = () =>
    void action.run(
      async () => {
        const answer = await api.anonymiseCustomer(email);
        setConfirming(false);
        onDone(answer.message);
      },
      (failure) => {
        setConfirming(false);
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
      <ActionFeedback notice={action.notice} />
      {confirming ? (
        <Confirmation email={email} busy={action.busy} onConfirm={anonymise} onCancel={() => setConfirming(false)} />
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
function Confirmation(props: { readonly email: string; readonly busy: boolean; readonly onConfirm: () => void; readonly onCancel: () => void }) {
  const { email, busy, onConfirm, onCancel } = props;
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
      <p><strong>{a.onlyFinal}</strong></p>
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
