/**
 * The e-mails to the customer, sent by hand, in a panel of their own after the status: only those true
 * of the order now (`applicableEmails`, the server's own rule), each button saying what it sends; the
 * first send of a kind asks first, in the panel. The shipped e-mail takes the page's one tracking code.
 * Then each e-mail's history (sent, failed) as the outbox reports it.
 */
import { useState } from 'react';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { applicableEmails, type AdminEmailKind } from '#shared/order-emails.ts';
import { adminEmailRequestSchema, fieldErrors } from '#shared/schemas/index.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction, type Action } from '#web/lib/use-submit.ts';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { recordsOf, sentBefore, waitForEmail } from './email-outcome.ts';
import { TrackingField, type Tracking } from './tracking-field.tsx';

const t = texts.order;

export function EmailsPanel({
  order,
  tracking,
  onOrder,
}: {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly onOrder: (order: Order) => void;
}) {
  const api = useAdminApi();
  const action = useAction<AdminEmailKind>();

  /** A refused tracking code is said at its field alone, which takes the focus. */
  const trackingRefused = (message: string) => {
    tracking.setError(message);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('input[name="emailTrackingCode"]')?.focus());
  };

  const send = (kind: AdminEmailKind) => {
    // One key per click: a retried request of this click queues one e-mail, a new click another.
    const requestKey = crypto.randomUUID();
    const parsed = adminEmailRequestSchema.safeParse(
      kind === 'shipped' ? { kind, requestKey, trackingCode: tracking.code, carrier: tracking.carrier } : { kind, requestKey },
    );
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      // A refused tracking code is said at its field alone.
      if (fields.trackingCode) return trackingRefused(fields.trackingCode);
      return action.show(Object.values(fields)[0] ?? adminTexts.emailFailed);
    }
    void action.run(
      async () => {
        const { order: queued } = await api.sendOrderEmail(order.id, parsed.data);
        onOrder(queued);
        void waitForEmail(api, order.id, kind, recordsOf(queued, kind), onOrder);
        return adminTexts.emailQueued;
      },
      (failure) => {
        const refused = serverFieldErrors(failure)?.trackingCode;
        if (refused) return trackingRefused(refused);
        // The order may have moved on (409 email_not_applicable), or a failed send was recorded: reload it.
        api
          .order(order.id)
          .then((d) => onOrder(d.order))
          .catch(() => undefined);
        return failureMessage(adminTexts.emailFailed, failure);
      },
      { key: kind },
    );
  };

  return (
    <Panel id="adm-emails" title={t.emails} testId="emails-panel">
      {order.anonymisedAt ? (
        <p className="muted">{t.emailsAnonymised}</p>
      ) : (
        <EmailActions order={order} tracking={tracking} action={action} onSend={send} />
      )}
      <ActionFeedback notice={action.notice} />
      <h3 className="adm-subtitle">{t.history}</h3>
      <EmailHistory order={order} />
    </Panel>
  );
}

/**
 * A button per e-mail true of the order (the shipped one under its tracking code); a kind never sent
 * asks first, here. The one sending says so; all wait meanwhile.
 */
function EmailActions(props: {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly action: Action<AdminEmailKind>;
  readonly onSend: (kind: AdminEmailKind) => void;
}) {
  const { order, tracking, action, onSend } = props;
  const [asking, setAsking] = useState<AdminEmailKind>();
  const kinds = applicableEmails(order);
  if (kinds.length === 0) return <p className="muted">{t.noEmails}</p>;
  const click = (kind: AdminEmailKind) => {
    if (sentBefore(order, kind)) return onSend(kind);
    action.show(undefined);
    setAsking(kind);
  };
  const button = (kind: AdminEmailKind) => (
    <button type="button" className="button button--secondary" disabled={action.busy || asking !== undefined} onClick={() => click(kind)}>
      {action.running === kind ? t.sending : t.emailActions[kind][sentBefore(order, kind) ? 'again' : 'first']}
    </button>
  );
  return (
    <div className="adm-stack adm-stack-tight">
      <p className="adm-small muted">{t.emailsHint}</p>
      {kinds.map((kind) => (
        <div key={kind} className="adm-email-action" data-email={kind}>
          {kind === 'shipped' && <TrackingField name="emailTrackingCode" tracking={tracking} />}
          {asking === kind ? (
            <AskFirst
              order={order}
              kind={kind}
              onYes={() => {
                setAsking(undefined);
                onSend(kind);
              }}
              onNo={() => setAsking(undefined)}
            />
          ) : (
            button(kind)
          )}
        </div>
      ))}
    </div>
  );
}

/** Before the first e-mail of a kind: to whom, what it says, and the owner's yes or no. */
function AskFirst(props: { readonly order: Order; readonly kind: AdminEmailKind; readonly onYes: () => void; readonly onNo: () => void }) {
  const { order, kind, onYes, onNo } = props;
  return (
    <div className="adm-confirm" role="group" aria-labelledby={`ask-${kind}`} data-testid="email-confirm">
      <p id={`ask-${kind}`} className="adm-strong">
        {t.confirmEmailTo(t.emailKinds[kind])} <EmailAddress email={order.email} />?
      </p>
      <p className="adm-small">{t.confirmEmailWhat(t.emailSays[kind])}</p>
      <p className="adm-inline-form">
        <button type="button" className="button" autoFocus onClick={onYes}>
          {t.confirmEmailYes}
        </button>
        <button type="button" className="button button--secondary" onClick={onNo}>
          {t.cancel}
        </button>
      </p>
    </div>
  );
}

/** Every e-mail of the order, newest first, with its outcome (and the reason of a failure). */
function EmailHistory({ order }: { readonly order: Order }) {
  const history = [...order.emails].sort((a, b) => b.at.localeCompare(a.at));
  if (history.length === 0) return <p className="muted">{adminTexts.noEmailsSent}</p>;
  return (
    <ul className="adm-history">
      {history.map((email, index) => (
        <li key={`${email.at}-${index}`} className={email.status === 'failed' ? 'adm-history-failed' : undefined}>
          <span className="adm-strong">{t.emailKinds[email.kind] ?? email.kind}</span>
          <span className={`adm-pill adm-pill-${email.status}`}>{t.emailStatus[email.status] ?? email.status}</span>
          <span className="muted adm-small">{formatDateTime(email.at)}</span>
          {email.trackingCode && <span className="adm-small">{t.trackingDetail(email.trackingCode)}</span>}
          {email.error && <span className="adm-small adm-error-text">{email.error}</span>}
        </li>
      ))}
    </ul>
  );
}
