/**
 * {prefix}/clientes/{email}: one customer, found by e-mail (any case): how to reach them, how many
 * orders and how much paid, and every order and contact message, newest first, each linking to its page.
 */
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../../shared/dates.ts';
import { formatCents } from '../../../../../shared/money.ts';
import { CUSTOMER_HISTORY_SHOWN } from '../../../../../shared/order-search.ts';
import { adminPaths, ordersListReturn } from '../admin-paths.ts';
import { useLoad } from '../api/use-load.ts';
import { AdminPage, LoadView, StatusBadge } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.customer;

export function CustomerPage() {
  const { email = '' } = useParams();
  const { state, reload } = useLoad((api) => api.customer(email).then((r) => r.customer), [email]);
  const title = state.status === 'ready' && state.data.name ? t.title(state.data.name) : t.untitled;
  return (
    <AdminPage title={title} back={{ to: ordersListReturn(), label: texts.order.backToList }}>
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
