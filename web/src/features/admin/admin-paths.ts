/**
 * The back-office's paths, in one table: the route patterns the admin's `<Routes>` match (relative
 * to the prefix) and the absolute paths links and redirects use, derived from them.
 */
import { ADMIN_PREFIX } from './admin-prefix.ts';

/**
 * Route patterns relative to the prefix, one per screen of the spec's admin table.
 */
export const adminRoutePatterns = {
  login: 'login',
  dashboard: 'dashboard',
  orders: 'orders',
  orderDetail: 'ordersdetail/:orderId',
  products: 'products',
  newProduct: 'products/new',
  editProduct: 'products/edit/:id',
  contacts: 'admincontact',
  contactDetail: 'contactdetail/:contactId',
  stockAlerts: 'Esgotados',
  collections: 'collections',
  createCollection: 'create-collection',
} as const;

const at = (relative: string) => `${ADMIN_PREFIX}/${relative}`;
const segment = encodeURIComponent;

/**
 * Absolute admin paths.
 *
 * @example
 * adminPaths.orderDetail('123456'); // '/bastidores-7b99/ordersdetail/123456'
 */
export const adminPaths = {
  login: at(adminRoutePatterns.login),
  dashboard: at(adminRoutePatterns.dashboard),
  orders: at(adminRoutePatterns.orders),
  orderDetail: (orderId: string) => at(`ordersdetail/${segment(orderId)}`),
  products: at(adminRoutePatterns.products),
  newProduct: at(adminRoutePatterns.newProduct),
  editProduct: (id: string) => at(`products/edit/${segment(id)}`),
  contacts: at(adminRoutePatterns.contacts),
  contactDetail: (contactId: string) => at(`contactdetail/${segment(contactId)}`),
  stockAlerts: at(adminRoutePatterns.stockAlerts),
  collections: at(adminRoutePatterns.collections),
  createCollection: at(adminRoutePatterns.createCollection),
} as const;

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
