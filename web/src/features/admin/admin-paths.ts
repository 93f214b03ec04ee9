/**
 * The back-office's paths under this build's prefix (patterns and builders in `shared/paths.ts`), and
 * the query parameters of its filtered lists.
 */
import { adminPathsUnder } from '../../../../shared/paths.ts';
import { ADMIN_PREFIX } from './admin-prefix.ts';

/** Absolute admin paths under this build's prefix. */
export const adminPaths = adminPathsUnder(ADMIN_PREFIX);

/** Query parameters of the filtered lists (so that a filtered list can be linked and reloaded). */
export const listParams = {
  orders: { status: 'estado', q: 'q' },
  products: { name: 'nome', type: 'tipo', soldOut: 'esgotados' },
} as const;

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
  return withQuery(adminPaths.orders, [[p.status, filter.status], [p.q, filter.q]]);
}

/**
 * The products list with a filter.
 *
 * @example
 * productsListPath({ soldOut: true }); // '/bastidores-7b99/products?esgotados=1'
 */
export function productsListPath(filter: { readonly name?: string; readonly type?: string; readonly soldOut?: boolean }): string {
  const p = listParams.products;
  return withQuery(adminPaths.products, [[p.name, filter.name], [p.type, filter.type], [p.soldOut, filter.soldOut ? '1' : undefined]]);
}
