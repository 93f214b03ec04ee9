/**
 * {prefix}/orders, 'Encomendas': newest first, searched by number, name, e-mail or phone and filtered
 * by status (`useOrderFilters`: in the address), one server page at a time ('Mais encomendas' asks for
 * the next with `nextCursor`); orders chosen in the list move on together (`BulkBar`).
 */
import { useMemo } from 'react';
import { usePagedList } from '#web/lib/admin/use-paged.ts';
import { OrdersExport } from './orders-export.tsx';
import { AdminPage, Feedback, useFlash } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { BulkBar, BulkOutcome, useBulkMoves, useSelection } from './bulk-actions.tsx';
import { OrderFilters, useOrderFilters } from './order-filters.tsx';
import { OrdersTable } from './orders-table.tsx';
import { SuspiciousBulkAction, useSuspiciousBulk } from './suspicious-bulk.tsx';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';

const t = texts.orders;

export function OrdersPage() {
  const flash = useFlash();
  const filters = useOrderFilters();
  const { status, q } = filters;
  const list = usePagedList(
    (api, cursor) =>
      api
        .orders({ status, q: q || undefined, cursor })
        .then((page) => ({ items: page.orders, nextCursor: page.nextCursor, total: page.total })),
    [status, q],
  );
  const shown = useMemo(() => (list.state.status === 'ready' ? list.state.items : []), [list.state]);
  // A new filter or search starts a new selection.
  const selection = useSelection(shown, `${status ?? ''}|${q}`);
  const bulk = useBulkMoves(() => {
    selection.clear();
    list.reload();
  });
  const suspicious = useSuspiciousBulk(() => {
    selection.clear();
    list.reload();
  });

  return (
    <AdminPage title={t.title}>
      {flash && <Feedback kind="success">{flash}</Feedback>}
      <BulkOutcome bulk={bulk} />
      <BulkOutcome bulk={suspicious} doneText={abuseUiTexts.bulkDone} />
      <OrderFilters filters={filters} />
      <OrdersExport />
      {selection.chosen.length > 0 && (
        <BulkBar selection={selection} bulk={bulk}>
          <SuspiciousBulkAction chosen={selection.chosen} bulk={suspicious} disabled={bulk.busy} />
        </BulkBar>
      )}
      <OrdersTable list={list} shown={shown} selection={selection} />
    </AdminPage>
  );
}
