/**
 * {prefix}/orders, 'Encomendas': newest first, searched by number, name, e-mail or phone and filtered
 * by status, one server page at a time ('Mais encomendas' asks for the next with `nextCursor`). The
 * filters live in the address, so the dashboard can link to "orders to ship", a reload keeps them, and
 * an order's page goes back to the list as it was (`ordersListReturn`).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { OrderSummary } from '../../../../../shared/api.ts';
import { formatDateTime } from '../../../../../shared/dates.ts';
import { messages } from '../../../../../shared/messages.ts';
import { formatCents } from '../../../../../shared/money.ts';
import { isOrderStatus, ORDER_STATUSES, ORDER_STATUS_INFO, type OrderStatus } from '../../../../../shared/order-status.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../shared/order-search.ts';
import { PAYMENT_METHOD_LABELS } from '../../../../../shared/payment-methods.ts';
import { adminPaths, listParams, rememberOrdersList } from '../admin-paths.ts';
import { usePagedList } from '../api/use-paged.ts';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { AdminPage, Feedback, StatusBadge, useFlash } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.orders;
const SEARCH_DELAY_MS = 300;

export function OrdersPage() {
  const flash = useFlash();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get(listParams.orders.status);
  const status: OrderStatus | undefined = isOrderStatus(rawStatus) ? rawStatus : undefined;
  const q = (params.get(listParams.orders.q) ?? '').trim();

  const [search, setSearch] = useState(q);
  const { search: address } = useLocation();
  useEffect(() => rememberOrdersList(address), [address]);
  const setFilter = useCallback(
    (change: { status?: OrderStatus | ''; q?: string }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of [[listParams.orders.status, change.status], [listParams.orders.q, change.q]] as const) {
            if (value === undefined) continue;
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // The search box updates the address a moment after typing stops.
  useEffect(() => {
    const typed = search.trim();
    if (typed === q) return;
    const timer = setTimeout(() => setFilter({ q: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, setFilter]);

  // ...and follows the address when it changes otherwise (back button, dashboard link).
  useEffect(() => {
    setSearch((typed) => (typed.trim() === q ? typed : q));
  }, [q]);

  const list = usePagedList(
    (api, cursor) => api.orders({ status, q: q || undefined, cursor }).then((page) => ({ items: page.orders, nextCursor: page.nextCursor, total: page.total })),
    [status, q],
  );

  return (
    <AdminPage title={t.title}>
      {flash && <Feedback kind="success">{flash}</Feedback>}
      <form className="adm-filters" role="search" onSubmit={(e) => { e.preventDefault(); setFilter({ q: search.trim() }); }}>
        <TextField
          label={<span className="visually-hidden">{t.search}</span>}
          className="adm-field-grow"
          type="search"
          placeholder={t.searchPlaceholder}
          maxLength={MAX_SEARCH_LENGTH}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label={<span className="visually-hidden">{t.status}</span>}
          value={status ?? ''}
          onChange={(e) => setFilter({ status: e.target.value as OrderStatus | '' })}
        >
          <option value="">{t.allStatuses}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_INFO[value].label}
            </option>
          ))}
        </SelectField>
      </form>

      <PagedTable
        list={list}
        columns={8}
        empty={messages.admin.noOrders}
        moreLabel={t.more}
        count={t.count}
        head={
          <tr>
            <th scope="col">{t.number}</th>
            <th scope="col">{t.customer}</th>
            <th scope="col">{t.country}</th>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.payment}</th>
            <th scope="col" className="adm-num">{t.price}</th>
            <th scope="col">{t.status}</th>
            <th scope="col"><span className="visually-hidden">{t.details}</span></th>
          </tr>
        }
        row={(order: OrderSummary) => (
          <tr key={order.id}>
            <td className="adm-strong">{order.orderNumber}</td>
            <td>
              {order.firstName} {order.lastName}
              <br />
              <span className="adm-small muted">{order.email}</span>
            </td>
            <td>{order.country}</td>
            <td>{formatDateTime(order.createdAt)}</td>
            <td>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</td>
            <td className="adm-num">{formatCents(order.totalCents)}</td>
            <td><StatusBadge status={order.status} /></td>
            <td className="adm-row-action">
              <Link className="button button--small" to={adminPaths.orderDetail(order.id)}>
                {t.details}
              </Link>
            </td>
          </tr>
        )}
      />
    </AdminPage>
  );
}
