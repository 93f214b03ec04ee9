/**
 * {prefix}/clientes/{email}: one customer, found by e-mail (any case): how to reach them, how many
 * orders and how much paid, and every order and contact message, newest first, each linking to its page.
 * "Anonimizar dados do cliente" erases their personal data on their request (GDPR), after a
 * confirmation that says what goes and what stays, typed with their e-mail.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from '#web/lib/router.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { CUSTOMER_HISTORY_SHOWN } from '#shared/order-search.ts';
import { ORDER_RETENTION_YEARS } from '#shared/settings.ts';
import { adminPaths, ordersListReturn } from '../admin-paths.ts';
import { failureMessage } from '../api/admin-api.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi } from '../auth/session.tsx';
import { TextField } from '#web/ui/field.tsx';
import { AdminPage, Feedback, LoadView, StatusBadge } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.customer;
const a = t.anonymise;

export function CustomerPage() {
  const { email = '' } = useParams();
  const { state, reload } = useLoad((api) => api.customer(email).then((r) => r.customer), [email]);
  // Kept here, outside the loaded view, so the result stays while the page reloads what is left.
  const [anonymised, setAnonymised] = useState<string>();
  const title = state.status === 'ready' && state.data.name ? t.title(state.data.name) : t.untitled;
  return (
    <AdminPage title={title} back={{ to: ordersListReturn(), label: texts.order.backToList }}>
      {anonymised && (
        <div data-testid="anonymise-result">
          <Feedback kind="success">{anonymised}</Feedback>
        </div>
      )}
      <LoadView state={state} onRetry={reload}>
        {(customer) => (
          <div className="adm-detail">
            <div className="adm-detail-main">
              <section className="adm-panel" aria-labelledby="adm-customer-orders">
                <h2 id="adm-customer-orders" className="adm-section-title">{t.orders}</h2>
                {customer.orders.length === 0 ? (
                  <p className="muted">{t.noOrders}</p>
                ) : (
                  <ul className="adm-list" data-testid="customer-orders">
                    {customer.orders.map((order) => (
                      <li key={order.id}>
                        <Link to={adminPaths.orderDetail(order.id)} className="adm-strong">
                          {texts.order.title(order.orderNumber)}
                        </Link>{' '}
                        <StatusBadge status={order.status} />
                        <br />
                        <span className="adm-small muted">
                          {formatDateTime(order.createdAt)} · {formatCents(order.totalCents)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section className="adm-panel" aria-labelledby="adm-customer-messages">
                <h2 id="adm-customer-messages" className="adm-section-title">{t.messages}</h2>
                {customer.messages.length === 0 ? (
                  <p className="muted">{t.noMessages}</p>
                ) : (
                  <ul className="adm-list" data-testid="customer-messages">
                    {customer.messages.map((message) => (
                      <li key={message.id}>
                        <Link to={adminPaths.contactDetail(message.id)} className="adm-strong">
                          {message.subject}
                        </Link>
                        {!message.read && <span className="adm-pill adm-pill-failed"> {t.unread}</span>}
                        <br />
                        <span className="adm-small muted">{formatDateTime(message.createdAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              {customer.orders.length + customer.messages.length >= CUSTOMER_HISTORY_SHOWN && <p className="adm-small muted">{t.limitNote}</p>}
              <AnonymisePanel
                email={customer.email}
                onDone={(message) => {
                  setAnonymised(message);
                  reload();
                }}
              />
            </div>
            <aside className="adm-detail-side">
              <section className="adm-panel" aria-labelledby="adm-customer-contact">
                <h2 id="adm-customer-contact" className="adm-section-title">{t.contact}</h2>
                <dl className="adm-dl">
                  <div className="adm-dl-row">
                    <dt>{t.email}</dt>
                    <dd><a href={`mailto:${customer.email}`}>{customer.email}</a></dd>
                  </div>
                  {customer.phone && (
                    <div className="adm-dl-row">
                      <dt>{t.phone}</dt>
                      <dd><a href={`tel:${customer.phone.replace(/\s/g, '')}`}>{customer.phone}</a></dd>
                    </div>
                  )}
                </dl>
              </section>
              <section className="adm-panel" aria-labelledby="adm-customer-totals">
                <h2 id="adm-customer-totals" className="adm-section-title">{t.totals}</h2>
                <p data-testid="customer-totals">
                  {t.ordersCount(customer.totals.orders)}; {t.paid(customer.totals.paidOrders, formatCents(customer.totals.paidCents))}
                </p>
              </section>
            </aside>
          </div>
        )}
      </LoadView>
    </AdminPage>
  );
}

/**
 * "Anonimizar dados do cliente": opens a confirmation that says what is deleted and what is kept (and
 * why), and runs only once the customer's e-mail is typed; a refusal (an order still open) is shown
 * as the server words it, naming the orders.
 */
function AnonymisePanel({ email, onDone }: { readonly email: string; readonly onDone: (message: string) => void }) {
  const api = useAdminApi();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    setTyped('');
    setMismatch(false);
  };
  const anonymise = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) return setMismatch(true);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.anonymiseCustomer(email);
      close();
      onDone(answer.message);
    } catch (failure) {
      close();
      setError(failureMessage(a.failed, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-panel" aria-labelledby="adm-customer-gdpr" data-testid="customer-gdpr">
      <h2 id="adm-customer-gdpr" className="adm-section-title">{a.title}</h2>
      <p className="adm-small muted">{a.hint}</p>
      {error && <Feedback kind="error">{error}</Feedback>}
      {confirming ? (
        <form className="notice notice--info adm-anonymise" onSubmit={(event) => void anonymise(event)} aria-labelledby="adm-anonymise-title" noValidate>
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
            <button type="button" className="button button--small button--secondary" disabled={busy} onClick={close}>
              {a.cancel}
            </button>
          </p>
        </form>
      ) : (
        <p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              setError(undefined);
              setConfirming(true);
            }}
          >
            {a.open}
          </button>
        </p>
      )}
    </section>
  );
}
