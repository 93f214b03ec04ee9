/**
 * The back-office's paths under this build's prefix (patterns and builders in `shared/paths.ts`), and
 * the query parameters of its filtered lists.
 */
import { adminListParams, adminPathsUnder } from '#shared/paths.ts';
import { ADMIN_PREFIX } from './admin-prefix.ts';

/** Absolute admin paths under this build's prefix. */
export const adminPaths = adminPathsUnder(ADMIN_PREFIX);

/** Query parameters of the filtered lists (so that a filtered list can be linked and reloaded). */
export const listParams = adminListParams;

function withQuery(path: string, entries: readonly (readonly [string, string | undefined])[]): string {
  const search = new URLSearchParams();
  for (const [key, value] of entries) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The orders list with a filter.
 *
 * @example
 * ordersListPath({ status: 'Enviar' }); // '/bastidores-7b99/orders?estado=Enviar'
 */
export function ordersListPath(filter: { readonly status?: string; readonly q?: string }): string {
  const p = listParams.orders;
  return withQuery(adminPaths.orders, [
    [p.status, filter.status],
    [p.q, filter.q],
  ]);
}

/**
 * The products list with a filter.
 *
 * @example
 * productsListPath({ soldOut: true }); // '/bastidores-7b99/products?esgotados=1'
 */
export function productsListPath(filter: {
  readonly name?: string;
  readonly type?: string;
  readonly soldOut?: boolean;
  readonly lowStock?: boolean;
}): string {
  const p = listParams.products;
  return withQuery(adminPaths.products, [
    [p.name, filter.name],
    [p.type, filter.type],
    [p.soldOut, filter.soldOut ? '1' : undefined],
    [p.lowStock, filter.lowStock ? '1' : undefined],
  ]);
}

const ORDERS_LIST_KEY = 'adm:orders-list';

/** The orders list remembers its filters and search (this tab's session), so an order's page can go back to it. */
export function rememberOrdersList(search: string): void {
  try {
    sessionStorage.setItem(ORDERS_LIST_KEY, search);
  } catch {
    // storage unavailable (private mode): the way back is the plain list
  }
}

/**
 * The orders list as the owner left it (filters and search), for "Voltar às encomendas" and after a
 * status is saved: working through the "Confirmar Pagamento" queue keeps the queue.
 *
 * @example ordersListReturn(); // '/bastidores-7b99/orders?estado=Confirmar+Pagamento'
 */
export function ordersListReturn(): string {
  let search: string;
  try {
    search = sessionStorage.getItem(ORDERS_LIST_KEY) ?? '';
  } catch {
    search = '';
  }
  return /^\?[^#]*$/.test(search) ? `${adminPaths.orders}${search}` : adminPaths.orders;
}
