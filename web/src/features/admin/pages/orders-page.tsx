/**
 * {prefix}/orders, 'Encomendas': newest first, searched by number, name, e-mail or phone and filtered
 * by status, one server page at a time ('Mais encomendas' asks for the next with `nextCursor`). The
 * filters live in the address, so the dashboard can link to "orders to ship", a reload keeps them, and
 * an order's page goes back to the list as it was (`ordersListReturn`).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from '#web/lib/router.tsx';
import type { OrderSummary } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { adminNextStatuses, isOrderStatus, type OrderStatus } from '#shared/order-status.ts';
import { MAX_SEARCH_LENGTH } from '#shared/order-search.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { adminPaths, listParams, rememberOrdersList } from '../admin-paths.ts';
import { usePagedList } from '../api/use-paged.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { OrdersExport } from '../components/orders-export.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { AdminPage, Feedback, OrderStatusOptions, StatusBadge, useFlash } from '../components/ui.tsx';
import { useAdminApi } from '../auth/session.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { texts } from '../texts.ts';

const t = texts.orders;

/** The moves the owner can make on many orders at once: the real steps (only where the lifecycle allows each order). */
const BULK_MOVES: readonly { readonly to: OrderStatus; readonly label: (n: number) => string }[] = [
  { to: 'Enviar', label: (n) => t.bulkPaid(n) },
  { to: 'Enviado', label: (n) => t.bulkShipped(n) },
];
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

  const api = useAdminApi();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<{ busy: boolean; done?: string[]; failed?: string[] }>({ busy: false });
  // A new filter or search starts a new selection.
  useEffect(() => setSelected(new Set()), [status, q]);

  const list = usePagedList(
    (api, cursor) => api.orders({ status, q: q || undefined, cursor }).then((page) => ({ items: page.orders, nextCursor: page.nextCursor, total: page.total })),
    [status, q],
  );

  const shown = useMemo(() => (list.state.status === 'ready' ? list.state.items : []), [list.state]);
  const chosen = shown.filter((order) => selected.has(order.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Moves every chosen order that may go to `to` (the lifecycle's rule), one by one; says what moved and what did not. */
  const moveChosen = async (to: OrderStatus) => {
    const eligible = chosen.filter((order) => adminNextStatuses(order.status).includes(to));
    setBulk({ busy: true });
    const done: string[] = [];
    const failed: string[] = [];
    for (const order of eligible) {
      try {
        await api.setOrderStatus(order.id, { status: to });
        done.push(String(order.orderNumber));
      } catch (failure) {
        failed.push(t.bulkFailedOne(order.orderNumber, errorMessage(failure)));
      }
    }
    setBulk({ busy: false, done, failed });
    setSelected(new Set());
    list.reload();
  };

  return (
    <AdminPage title={t.title}>
      {flash && <Feedback kind="success">{flash}</Feedback>}
      {bulk.done && bulk.done.length > 0 && <Feedback kind="success">{t.bulkDone(bulk.done)}</Feedback>}
      {bulk.failed && bulk.failed.length > 0 && (
        <Feedback kind="error">
          {bulk.failed.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Feedback>
      )}
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
          <OrderStatusOptions allLabel={t.allStatuses} />
        </SelectField>
      </form>

      <OrdersExport />

      {chosen.length > 0 && (
        <div className="adm-bulk" role="region" aria-label={t.bulkTitle} data-testid="bulk-actions">
          <span className="adm-strong">{t.bulkSelected(chosen.length)}</span>
          {BULK_MOVES.map(({ to, label }) => {
            const count = chosen.filter((order) => adminNextStatuses(order.status).includes(to)).length;
            return (
              <button key={to} type="button" className="button button--small" disabled={bulk.busy || count === 0} onClick={() => void moveChosen(to)}>
                {bulk.busy ? t.bulkWorking : label(count)}
              </button>
            );
          })}
          <Link className="button button--small button--secondary" to={adminPaths.printOrders(chosen.map((order) => order.id))}>
            {texts.packingSlip.printChosen(chosen.length)}
          </Link>
          <button type="button" className="button button--small button--secondary" disabled={bulk.busy} onClick={() => setSelected(new Set())}>
            {t.bulkClear}
          </button>
        </div>
      )}

      <PagedTable
        list={list}
        columns={9}
        empty={adminTexts.noOrders}
        moreLabel={t.more}
        count={t.count}
        head={
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t.selectAll}
                checked={shown.length > 0 && shown.every((order) => selected.has(order.id))}
                onChange={(e) => setSelected(e.target.checked ? new Set(shown.map((order) => order.id)) : new Set())}
              />
            </th>
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
            <td className="adm-card-check">
              <input type="checkbox" aria-label={t.selectOne(order.orderNumber)} checked={selected.has(order.id)} onChange={() => toggle(order.id)} />
            </td>
            <td className="adm-strong" data-label={t.number}>{order.orderNumber}</td>
            <td className="adm-customer-cell" data-label={t.customer}>
              {order.firstName} {order.lastName}
              <br />
              <span className="adm-small muted">{order.email}</span>
            </td>
            <td data-label={t.country}>{order.country}</td>
            <td data-label={t.date}>{formatDateTime(order.createdAt)}</td>
            <td data-label={t.payment}>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</td>
            <td className="adm-num" data-label={t.price}>{formatCents(order.totalCents)}</td>
            <td data-label={t.status}><StatusBadge status={order.status} /></td>
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
