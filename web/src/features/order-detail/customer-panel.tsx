/**
 * The order's customer: how to reach them (and their page), where it ships; after an anonymisation,
 * when their data went.
 */
import { Link } from '#web/lib/router.tsx';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { DetailRow } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

export function CustomerPanel({ order }: { readonly order: Order }) {
  return (
    <Panel id="adm-customer" title={t.customer}>
      {order.anonymisedAt && (
        <p className="notice notice--info" data-testid="order-anonymised">
          {t.anonymised(formatDateTime(order.anonymisedAt))}
        </p>
      )}
      <dl className="adm-dl">
        <DetailRow label={t.email}>
          {order.anonymisedAt ? (
            '—'
          ) : (
            <>
              <EmailAddress email={order.email} link />{' '}
              <Link
                className="button button--small button--secondary adm-customer-link"
                to={adminPaths.customer(orderCustomerRef(order.id))}
              >
                {texts.customer.view}
              </Link>
            </>
          )}
        </DetailRow>
        <DetailRow label={t.firstName}>{order.firstName}</DetailRow>
        <DetailRow label={t.lastName}>{order.lastName || '—'}</DetailRow>
        <DetailRow label={t.date}>{formatDateTime(order.createdAt)}</DetailRow>
        <DetailRow label={t.country}>{order.country}</DetailRow>
        <DetailRow label={t.address}>{order.address || '—'}</DetailRow>
        <DetailRow label={t.city}>{order.city || '—'}</DetailRow>
        <DetailRow label={t.postalCode}>{order.postalCode || '—'}</DetailRow>
        <DetailRow label={t.phone}>{order.phone ? <a href={`tel:${order.phone.replace(/\s/g, '')}`}>{order.phone}</a> : '—'}</DetailRow>
        <DetailRow label={t.nif}>{order.nif || (order.anonymisedAt ? '—' : t.noNif)}</DetailRow>
        {order.companyName ? <DetailRow label={t.companyName}>{order.companyName}</DetailRow> : null}
      </dl>
    </Panel>
  );
}
