/**
 * {prefix}/clientes/{ref}: one customer, found by the e-mail of the order or message `ref` names
 * (`#shared/customer-ref.ts`; the e-mail itself is never in the address): how to reach them, how many
 * orders and how much paid, and every order and contact message, newest first, each linking to its page.
 * "Anonimizar dados do cliente" erases their personal data on their request (`AnonymisePanel`).
 */
import { useState } from 'react';
import { Link, useParams } from '#web/lib/router.tsx';
import type { CustomerResponse } from '#shared/api-customers.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { CUSTOMER_HISTORY_SHOWN } from '#shared/order-search.ts';
import { adminPaths, ordersListReturn } from '#web/lib/admin/admin-paths.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';
import { AdminPage, DetailRow, Feedback, LoadView, StatusBadge } from '#web/ui/admin/admin-ui.tsx';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { AnonymisePanel } from './anonymise-panel.tsx';

const t = texts.customer;

type Customer = CustomerResponse['customer'];

export function CustomerPage() {
  const { ref = '' } = useParams();
  const { state, reload } = useLoad((api) => api.customer(ref).then((r) => r.customer), [ref]);
  // Kept here, outside the loaded view, so the result stays while the page reloads what is left.
  const [anonymised, setAnonymised] = useState<string>();
  const title = state.status === 'ready' && state.data.name ? t.title(state.data.name) : t.untitled;
  const onAnonymised = (message: string) => {
    setAnonymised(message);
    reload();
  };
  return (
    <AdminPage title={title} back={{ to: ordersListReturn(), label: texts.order.backToList }}>
      {anonymised && (
        <div data-testid="anonymise-result">
          <Feedback kind="success">{anonymised}</Feedback>
        </div>
      )}
      <LoadView state={state} onRetry={reload} notFound={adminTexts.customerGone}>
        {(customer) => (
          <div className="adm-detail">
            <div className="adm-detail-main">
              <CustomerOrders customer={customer} />
              <CustomerMessages customer={customer} />
              {customer.orders.length + customer.messages.length >= CUSTOMER_HISTORY_SHOWN && (
                <p className="adm-small muted">{t.limitNote}</p>
              )}
              <AnonymisePanel
                customerRef={ref}
                email={customer.email}
                reservations={customer.orders.filter((order) => order.status === RESERVED_STATUS).map((order) => order.orderNumber)}
                onDone={onAnonymised}
              />
            </div>
            <aside className="adm-detail-side">
              <CustomerContact customer={customer} />
              <Panel id="adm-customer-totals" title={t.totals}>
                <p data-testid="customer-totals">
                  {t.ordersCount(customer.totals.orders)}; {t.paid(customer.totals.paidOrders, formatCents(customer.totals.paidCents))}
                </p>
              </Panel>
            </aside>
          </div>
        )}
      </LoadView>
    </AdminPage>
  );
}

function CustomerOrders({ customer }: { readonly customer: Customer }) {
  return (
    <Panel id="adm-customer-orders" title={t.orders}>
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
    </Panel>
  );
}

function CustomerMessages({ customer }: { readonly customer: Customer }) {
  return (
    <Panel id="adm-customer-messages" title={t.messages}>
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
    </Panel>
  );
}

function CustomerContact({ customer }: { readonly customer: Customer }) {
  return (
    <Panel id="adm-customer-contact" title={t.contact}>
      <dl className="adm-dl">
        <DetailRow label={t.email}>
          <EmailAddress email={customer.email} link />
        </DetailRow>
        {customer.phone && (
          <DetailRow label={t.phone}>
            <a href={`tel:${customer.phone.replace(/\s/g, '')}`}>{customer.phone}</a>
          </DetailRow>
        )}
      </dl>
    </Panel>
  );
}
