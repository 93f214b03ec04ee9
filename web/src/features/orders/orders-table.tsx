/** The orders as a table (cards on a phone), each with its checkbox for the bulk moves and its "Detalhes". */
import { Link } from '#web/lib/router.tsx';
import type { OrderSummary } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, giftTexts, ledgerTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import type { PagedList } from '#web/lib/admin/use-paged.ts';
import { PagedTable } from '#web/ui/admin/paged-table.tsx';
import { EmailAddress } from '#web/ui/admin/email-address.tsx';
import { StatusBadge } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import type { Selection } from './bulk-actions.tsx';

const t = texts.orders;

export function OrdersTable(props: {
  readonly list: PagedList<OrderSummary>;
  readonly shown: readonly OrderSummary[];
  readonly selection: Selection;
}) {
  const { list, shown, selection } = props;
  return (
    <PagedTable
      list={list}
      columns={9}
      className="adm-orders-table"
      empty={adminTexts.noOrders}
      moreLabel={t.more}
      count={t.count}
      head={
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label={t.selectAll}
              checked={shown.length > 0 && shown.every((order) => selection.selected.has(order.id))}
              onChange={(e) => selection.setAll(e.target.checked)}
            />
          </th>
          <th scope="col">{t.number}</th>
          <th scope="col">{t.customer}</th>
          <th scope="col">{t.country}</th>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.payment}</th>
          <th scope="col" className="adm-num">
            {t.price}
          </th>
          <th scope="col">{t.status}</th>
          <th scope="col">
            <span className="visually-hidden">{t.details}</span>
          </th>
        </tr>
      }
      row={(order: OrderSummary) => <OrderRow key={order.id} order={order} selection={selection} />}
    />
  );
}

function OrderRow({ order, selection }: { readonly order: OrderSummary; readonly selection: Selection }) {
  return (
    <tr>
      <td className="adm-card-check">
        <input
          type="checkbox"
          aria-label={t.selectOne(order.orderNumber)}
          checked={selection.selected.has(order.id)}
          onChange={() => selection.toggle(order.id)}
        />
      </td>
      <td className="adm-strong" data-label={t.number}>
        {order.orderNumber}
        {/* A gift order (docs/gifts.md): its gift slip and card go in the parcel. */}
        {order.gift && (
          <>
            {' '}
            <span className="adm-pill adm-pill-gift" data-testid="gift-marker">
              {giftTexts.marker}
            </span>
          </>
        )}
      </td>
      <td className="adm-customer-cell" data-label={t.customer}>
        <span className="adm-customer-name">
          {order.firstName} {order.lastName}
        </span>
        {/* Cut to the column's width; the whole address on hover and focus, and the customer's page on a click. */}
        <Link
          className="adm-clip adm-small"
          to={adminPaths.customer(orderCustomerRef(order.id))}
          title={order.email}
          aria-label={t.customerOf(order.email)}
        >
          <EmailAddress email={order.email} />
        </Link>
      </td>
      <td data-label={t.country}>{order.country}</td>
      <td data-label={t.date}>{formatDateTime(order.createdAt)}</td>
      {/* The method that paid (or is being checked) and the financial status, from the ledger (docs/money.md). */}
      <td data-label={t.payment}>
        <span className="adm-payment-method">{ledgerMethodLabel(order.ledgerMethod)}</span>{' '}
        <span className={`adm-financial adm-financial--${order.financialStatus}`} data-financial-status={order.financialStatus}>
          {ledgerTexts.owner[order.financialStatus]}
        </span>
      </td>
      <td className="adm-num" data-label={t.price}>
        {formatCents(order.totalCents)}
      </td>
      <td data-label={t.status}>
        <StatusBadge status={order.status} />
      </td>
      <td className="adm-row-action">
        <Link className="button button--small" to={adminPaths.orderDetail(order.id)}>
          {t.details}
        </Link>
      </td>
    </tr>
  );
}
