/**
 * The e-mails to the customer, sent by hand: payment confirmed, shipped (with the CTT code), a review
 * request, the order's receipt again and, for a cancelled order, its cancellation again; then each
 * e-mail's history (queued, sent, failed) as the outbox reports it.
 */
import { useState, type FormEvent } from 'react';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages.ts';
import { CLOSED_STATUS } from '#shared/order-status.ts';
import { adminEmailRequestSchema, type AdminEmailKind } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorMessage } from '#web/lib/api.ts';
import { TextField } from '#web/ui/field.tsx';
import { useAdminApi } from '../../auth/session.tsx';
import { ActionFeedback, Panel, useAction, type Action } from '../../components/action-panel.tsx';
import { texts } from '../../texts.ts';

const t = texts.order;

export function EmailsPanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const action = useAction<AdminEmailKind>();

  /**
   * The outbox sends within moments: the order is reloaded until its history shows the outcome of this
   * kind of e-mail (another e-mail's outcome arriving meanwhile does not end the wait).
   */
  const showOutcome = async (kind: AdminEmailKind, recorded: number) => {
    const ofKind = (o: Order) => o.emails.filter((email) => email.kind === kind).length;
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const reloaded = await api.order(order.id).catch(() => undefined);
      if (!reloaded) continue;
      onOrder(reloaded.order);
      if (ofKind(reloaded.order) > recorded) return;
    }
  };

  const send = (kind: AdminEmailKind, trackingCode = '') => {
    // One key per click: a retried request of this click queues one e-mail, a new click another.
    const requestKey = crypto.randomUUID();
    const parsed = adminEmailRequestSchema.safeParse(kind === 'shipped' ? { kind, trackingCode, requestKey } : { kind, requestKey });
    if (!parsed.success) return action.show(parsed.error.issues[0]?.message ?? adminTexts.emailFailed);
    void action.run(
      async () => {
        const { order: queued } = await api.sendOrderEmail(order.id, parsed.data);
        onOrder(queued);
        void showOutcome(kind, queued.emails.filter((email) => email.kind === kind).length);
        return adminTexts.emailQueued;
      },
      (failure) => {
        // The server records a failed send on the order: reload it to show the failure in the history.
        api.order(order.id).then((d) => onOrder(d.order)).catch(() => undefined);
        return `${adminTexts.emailFailed} ${errorMessage(failure)}`;
      },
      { key: kind },
    );
  };

  return (
    <Panel id="adm-emails" title={t.emails}>
      {order.anonymisedAt ? <p className="muted">{t.emailsAnonymised}</p> : <EmailButtons order={order} action={action} onSend={send} />}
      <ActionFeedback notice={action.notice} />
      <h3 className="adm-subtitle">{t.history}</h3>
      <EmailHistory order={order} />
    </Panel>
  );
}

/** A button per e-mail (the shipped one with its CTT code); the one sending says so, all wait meanwhile. */
function EmailButtons(props: { readonly order: Order; readonly action: Action<AdminEmailKind>; readonly onSend: (kind: AdminEmailKind, trackingCode?: string) => void }) {
  const { order, action, onSend } = props;
  const [trackingCode, setTrackingCode] = useState('');
  const label = (kind: AdminEmailKind, text: string) => (action.running === kind ? t.sending : text);
  const button = (kind: AdminEmailKind, text: string, secondary = false) => (
    <button type="button" className={secondary ? 'button button--secondary' : 'button'} disabled={action.busy} onClick={() => onSend(kind)}>
      {label(kind, text)}
    </button>
  );
  const sendTracking = (event: FormEvent) => {
    event.preventDefault();
    if (trackingCode.trim()) onSend('shipped', trackingCode);
  };
  return (
    <div className="adm-stack">
      {button('payment-confirmed', t.confirmPayment)}
      <form className="adm-tracking" onSubmit={sendTracking}>
        <TextField
          label={t.trackingCode}
          name="trackingCode"
          value={trackingCode}
          maxLength={TEXT_LIMITS.trackingCode}
          placeholder={t.trackingPlaceholder}
          autoComplete="off"
          onChange={(e) => setTrackingCode(e.target.value)}
        />
        <button type="submit" className="button" disabled={action.busy || trackingCode.trim() === ''}>
          {label('shipped', t.sendTracking)}
        </button>
      </form>
      {button('review-request', t.requestReview)}
      {button('order-received', t.resendReceived, true)}
      {order.status === CLOSED_STATUS && button('order-cancelled', t.resendCancelled, true)}
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
