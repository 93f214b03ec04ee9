/**
 * The orders list's filters, kept in the address (the dashboard links to "orders to ship", a reload
 * keeps them, an order's page goes back to the list as it was): the status, and a search by number,
 * name, e-mail or phone that updates the address a moment after typing stops.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from '#web/lib/router.tsx';
import { isOrderStatus, type OrderStatus } from '#shared/order-status.ts';
import { MAX_SEARCH_LENGTH } from '#shared/order-search.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { listParams, rememberOrdersList } from '#web/lib/admin/admin-paths.ts';
import { OrderStatusOptions } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.orders;
const SEARCH_DELAY_MS = 300;

export interface OrderFilterState {
  /** The status filter in the address. */
  readonly status: OrderStatus | undefined;
  /** The search in the address. */
  readonly q: string;
  /** The search as typed (the address follows it a moment later). */
  readonly search: string;
  setSearch(search: string): void;
  setFilter(change: { status?: OrderStatus | ''; q?: string }): void;
}

export function useOrderFilters(): OrderFilterState {
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
          for (const [key, value] of [
            [listParams.orders.status, change.status],
            [listParams.orders.q, change.q],
          ] as const) {
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

  return { status, q, search, setSearch, setFilter };
}

export function OrderFilters({ filters }: { readonly filters: OrderFilterState }) {
  const { search, setSearch, setFilter, status } = filters;
  return (
    <form
      className="adm-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setFilter({ q: search.trim() });
      }}
    >
      <TextField
        label={<span className="visually-hidden">{t.search}</span>}
        className="adm-field-grow"
        type="search"
        placeholder={t.searchPlaceholder}
        hint={t.searchHint}
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
  );
}
