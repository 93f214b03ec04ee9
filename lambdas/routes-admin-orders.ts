/**
 * The route table's back-office rows of the orders (`lambdas/routes.ts`, behind the JWT authorizer): the
 * dashboard, orders, sales, customers and the block list.
 */
import type { Route } from './route-types.ts';
import { CLOSE_ORDER_GRANTS, SETTINGS_READ, SUSPICIOUS_CLOSE_GRANTS } from './route-grants.ts';

export const adminOrderRoutes = [
  // The counters (one BatchGet) and the catalogue for the sold-out pieces: no orders, messages or requests are read.
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    handler: 'admin/dashboard/get',
    access: 'admin',
    grants: [{ table: 'counters', access: 'read' }, { table: 'products', access: 'read' }, SETTINGS_READ],
  },
  {
    method: 'GET',
    path: '/api/admin/orders',
    handler: 'admin/orders/list',
    access: 'admin',
    // The counters give the list's total (all pages) without reading the orders.
    grants: [
      { table: 'orders', access: 'read' },
      { table: 'orderSearch', access: 'read' },
      { table: 'counters', access: 'read' },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/orders/{id}',
    handler: 'admin/orders/get',
    access: 'admin',
    grants: [
      { table: 'orders', access: 'read' },
      { bucket: 'proofs', access: 'read', signed: true },
    ],
  },
  // The listing index read by its date key: the orders of the chosen days only.
  {
    method: 'GET',
    path: '/api/admin/orders/export',
    handler: 'admin/orders/export',
    access: 'admin',
    grants: [{ table: 'orders', access: 'read' }],
  },
  // The owner's sales view (docs/sales.md): the listing index read by its date key, the range's orders only.
  { method: 'GET', path: '/api/admin/sales', handler: 'admin/sales/get', access: 'admin', grants: [{ table: 'orders', access: 'read' }] },
  // The same view as a CSV ("Descarregar CSV"): the same orders read the same way.
  {
    method: 'GET',
    path: '/api/admin/sales/export',
    handler: 'admin/sales/export',
    access: 'admin',
    grants: [{ table: 'orders', access: 'read' }],
  },
  // One query of the customer's term, then their orders and messages (the reference's own record read first: an
  // order, a message or a back-in-stock request): nothing else is read.
  {
    method: 'GET',
    path: '/api/admin/customers/{ref}',
    handler: 'admin/customers/get',
    access: 'admin',
    grants: [
      { table: 'orderSearch', access: 'read' },
      { table: 'orders', access: 'read' },
      { table: 'contactMessages', access: 'read' },
      { table: 'stockAlerts', access: 'read' },
    ],
  },
  // GDPR erasure: the customer's term finds their orders (kept without personal data, their proofs and search
  // terms deleted) and messages (deleted); their back-in-stock requests are found by id from the catalogue's
  // ids; the unread and pending counts move in the same transactions as the deletions.
  {
    method: 'POST',
    path: '/api/admin/customers/{ref}/anonymise',
    handler: 'admin/customers/anonymise',
    access: 'admin',
    grants: [
      { table: 'orderSearch', access: 'readWrite', delete: true },
      { table: 'orders', access: 'readWrite' },
      { table: 'contactMessages', access: 'readWrite', delete: true },
      { table: 'stockAlerts', access: 'readWrite', delete: true },
      // Closing the customer's unpaid reservations first (`?closeOpen=true`): stock, movements and MB WAY slots back.
      { table: 'products', access: 'readWrite' },
      { table: 'stockMovements', access: 'write' },
      { table: 'mbwayCounters', access: 'write' },
      { table: 'counters', access: 'write' },
      { table: 'outbox', access: 'write' },
      { bucket: 'proofs', access: 'delete' },
    ],
  },
  { method: 'PATCH', path: '/api/admin/orders/{id}', handler: 'admin/orders/update-status', access: 'admin', grants: CLOSE_ORDER_GRANTS },
  // "Fechar como suspeita": the close (as cancelling), the block (abuse table) and the held-share check after it.
  {
    method: 'POST',
    path: '/api/admin/orders/{id}/suspicious',
    handler: 'admin/orders/close-suspicious',
    access: 'admin',
    grants: SUSPICIOUS_CLOSE_GRANTS,
  },
  {
    method: 'POST',
    path: '/api/admin/orders/suspicious',
    handler: 'admin/orders/close-suspicious-bulk',
    access: 'admin',
    grants: SUSPICIOUS_CLOSE_GRANTS,
  },
  // The block list of "Definições": one partition of the abuse table; expired blocks are deleted when listed.
  {
    method: 'GET',
    path: '/api/admin/blocks',
    handler: 'admin/blocks/list',
    access: 'admin',
    grants: [{ table: 'abuse', access: 'readWrite', delete: true }],
  },
  {
    method: 'DELETE',
    path: '/api/admin/blocks/{id}',
    handler: 'admin/blocks/delete',
    access: 'admin',
    grants: [{ table: 'abuse', access: 'readWrite', delete: true }],
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{id}/notes',
    handler: 'admin/orders/add-note',
    access: 'admin',
    grants: [{ table: 'orders', access: 'readWrite' }],
  },
  // "Devolver parte do pagamento" (docs/money.md "Refunds"): the provider refund asked on the order (the payments
  // consumer makes it and mails the customer), or the refund made by hand recorded with its mail, in one conditioned write.
  {
    method: 'POST',
    path: '/api/admin/orders/{id}/refunds',
    handler: 'admin/orders/refund',
    access: 'admin',
    grants: [
      { table: 'orders', access: 'readWrite' },
      { table: 'outbox', access: 'write' },
    ],
  },
  // "Tentar de novo" of a pending invoice (docs/invoices.md): the order's invoicing woken for the invoices consumer.
  {
    method: 'POST',
    path: '/api/admin/orders/{id}/invoice',
    handler: 'admin/orders/retry-invoice',
    access: 'admin',
    grants: [{ table: 'orders', access: 'readWrite' }],
  },
  {
    method: 'POST',
    path: '/api/admin/orders/{id}/emails',
    handler: 'admin/orders/send-email',
    access: 'admin',
    grants: [{ table: 'orders', access: 'read' }, { table: 'outbox', access: 'write' }, SETTINGS_READ],
  },
] as const satisfies readonly Route[];
