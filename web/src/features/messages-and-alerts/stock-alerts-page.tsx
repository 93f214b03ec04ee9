/**
 * {prefix}/Esgotados: the back-in-stock requests, newest first, unconfirmed, pending or notified.
 */
import { Link } from '#web/lib/router.tsx';
import type { StockAlert } from '#shared/api.ts';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { usePagedList } from '#web/lib/admin/use-paged.ts';
import { PagedTable } from '#web/ui/admin/paged-table.tsx';
import { AdminPage } from '#web/ui/admin/admin-ui.tsx';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { nameWithSize } from '#shared/variants.ts';
import { alertCustomerRef } from '#shared/customer-ref.ts';

const t = texts.stockAlerts;

export function StockAlertsPage() {
  const list = usePagedList(
    (api, cursor) => api.stockAlerts(cursor).then((page) => ({ items: page.alerts, nextCursor: page.nextCursor })),
    [],
  );
  return (
    <AdminPage title={t.title}>
      <p className="muted">{t.intro}</p>
      <PagedTable
        list={list}
        columns={5}
        empty={adminTexts.noStockAlerts}
        moreLabel={t.more}
        head={
          <tr>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.time}</th>
            <th scope="col">{t.status}</th>
          </tr>
        }
        row={(alert: StockAlert) => (
          <tr key={alert.id}>
            <td data-label={t.email}>
              {/* The customer's page (their orders and messages, and GDPR erasure), even with no order or message. */}
              <Link
                to={adminPaths.customer(alertCustomerRef(alert.id))}
                title={alert.email}
                aria-label={texts.orders.customerOf(alert.email)}
              >
                <EmailAddress email={alert.email} />
              </Link>
            </td>
            <td data-label={t.product}>
              <Link to={adminPaths.editProduct(alert.productId)}>{nameWithSize(alert.productName, alert.size)}</Link>
            </td>
            <td data-label={t.date}>{formatDate(alert.createdAt)}</td>
            <td data-label={t.time}>{formatTime(alert.createdAt)}</td>
            <td data-label={t.status}>
              <span
                className={`adm-pill adm-pill-${alert.status === 'notified' ? 'sent' : 'pending'}`}
                title={alert.notifiedAt ? t.notifiedAt(formatDateTime(alert.notifiedAt)) : undefined}
              >
                {t.statuses[alert.status] ?? alert.status}
              </span>
            </td>
          </tr>
        )}
      />
    </AdminPage>
  );
}
