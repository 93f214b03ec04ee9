/**
 * The route table's back-office rows of the shop itself (`lambdas/routes.ts`, behind the JWT authorizer):
 * products and their photos, messages, back-in-stock requests, collections, discount codes, settings.
 */
import type { Route } from './route-types.ts';
import { SETTINGS_READ } from './route-grants.ts';

export const adminShopRoutes = [
  {
    method: 'GET',
    path: '/api/admin/products',
    handler: 'admin/products/list',
    access: 'admin',
    grants: [{ table: 'products', access: 'read' }, SETTINGS_READ],
  },
  {
    method: 'POST',
    path: '/api/admin/products',
    handler: 'admin/products/create',
    access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite' },
      { table: 'collections', access: 'read' },
      { table: 'stockMovements', access: 'write' },
      { bucket: 'images', access: 'read' },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/products/{id}',
    handler: 'admin/products/get',
    access: 'admin',
    grants: [{ table: 'products', access: 'read' }],
  },
  {
    method: 'PUT',
    path: '/api/admin/products/{id}',
    handler: 'admin/products/update',
    access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite' },
      { table: 'collections', access: 'read' },
      { bucket: 'images', access: 'readDelete' },
    ],
  },
  // Only a piece no order ever took (else: archive it); its photo files go with it.
  {
    method: 'DELETE',
    path: '/api/admin/products/{id}',
    handler: 'admin/products/delete',
    access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite', delete: true },
      { table: 'stockMovements', access: 'read' },
      { bucket: 'images', access: 'readDelete' },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/products/{id}/stock',
    handler: 'admin/products/change-stock',
    access: 'admin',
    grants: [
      { table: 'products', access: 'readWrite' },
      { table: 'stockMovements', access: 'write' },
      { table: 'outbox', access: 'write' },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/products/{id}/stock-movements',
    handler: 'admin/products/stock-movements',
    access: 'admin',
    grants: [
      { table: 'products', access: 'read' },
      { table: 'stockMovements', access: 'read' },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/uploads/image',
    handler: 'admin/uploads/image',
    access: 'admin',
    grants: [{ bucket: 'images', access: 'put' }],
  },
  {
    method: 'GET',
    path: '/api/admin/uploads/image/{id}',
    handler: 'admin/uploads/image-status',
    access: 'admin',
    grants: [{ bucket: 'images', access: 'read', signed: true }],
  },
  {
    method: 'GET',
    path: '/api/admin/contact-messages',
    handler: 'admin/contact-messages/list',
    access: 'admin',
    grants: [{ table: 'contactMessages', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/admin/contact-messages/{id}',
    handler: 'admin/contact-messages/get',
    access: 'admin',
    grants: [
      { table: 'contactMessages', access: 'readWrite' },
      { table: 'counters', access: 'write' },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/stock-alerts',
    handler: 'admin/stock-alerts/list',
    access: 'admin',
    grants: [{ table: 'stockAlerts', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/admin/collections',
    handler: 'admin/collections/list',
    access: 'admin',
    grants: [{ table: 'collections', access: 'read' }],
  },
  {
    method: 'POST',
    path: '/api/admin/collections',
    handler: 'admin/collections/create',
    access: 'admin',
    grants: [{ table: 'collections', access: 'write' }],
  },
  // A rename moves every piece of the collection in the same transaction.
  {
    method: 'PUT',
    path: '/api/admin/collections/{id}',
    handler: 'admin/collections/rename',
    access: 'admin',
    grants: [
      { table: 'collections', access: 'readWrite', delete: true },
      { table: 'products', access: 'readWrite' },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/admin/collections/{id}',
    handler: 'admin/collections/delete',
    access: 'admin',
    grants: [
      { table: 'collections', access: 'readWrite', delete: true },
      { table: 'products', access: 'read' },
    ],
  },
  // "Códigos de desconto" (docs/discount-codes.md): the codes, and their uses from the counters table.
  {
    method: 'GET',
    path: '/api/admin/discount-codes',
    handler: 'admin/discount-codes/list',
    access: 'admin',
    grants: [
      { table: 'discountCodes', access: 'read' },
      { table: 'counters', access: 'read' },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/discount-codes',
    handler: 'admin/discount-codes/create',
    access: 'admin',
    grants: [{ table: 'discountCodes', access: 'write' }],
  },
  {
    method: 'GET',
    path: '/api/admin/discount-codes/{code}',
    handler: 'admin/discount-codes/get',
    access: 'admin',
    grants: [
      { table: 'discountCodes', access: 'read' },
      { table: 'counters', access: 'read' },
    ],
  },
  {
    method: 'PUT',
    path: '/api/admin/discount-codes/{code}',
    handler: 'admin/discount-codes/update',
    access: 'admin',
    grants: [
      { table: 'discountCodes', access: 'readWrite' },
      { table: 'counters', access: 'read' },
    ],
  },
  // Only a code no order holds: its deletion is conditioned on its uses' counter.
  {
    method: 'DELETE',
    path: '/api/admin/discount-codes/{code}',
    handler: 'admin/discount-codes/delete',
    access: 'admin',
    grants: [
      { table: 'discountCodes', access: 'readWrite', delete: true },
      { table: 'counters', access: 'read' },
    ],
  },
  // The shop's settings ("Definições"): the record and its history, one table.
  { method: 'GET', path: '/api/admin/settings', handler: 'admin/settings/get', access: 'admin', grants: [SETTINGS_READ] },
  // A save and "Definições"' check ask SES whether the sender is verified and the account out of the sandbox (the go-live checklist) and
  // keep the answer beside the settings, where the storefront's pages and checkout read it (docs/design.md §33).
  {
    method: 'PUT',
    path: '/api/admin/settings',
    handler: 'admin/settings/update',
    access: 'admin',
    grants: [{ table: 'settings', access: 'readWrite' }, { senderIdentity: true }, { sesAccount: true }],
  },
  // The payment provider's keys: checked with the provider, written to their secret (read back by none
  // of the screens), and their record (when, last characters) kept beside the settings (docs/design.md §34).
  {
    method: 'PUT',
    path: '/api/admin/settings/payment-keys',
    handler: 'admin/settings/payment-keys',
    access: 'admin',
    grants: [
      { table: 'settings', access: 'write' },
      { paymentKeys: true, write: true },
    ],
  },
  // "Faturação": the invoicing provider's account and API key, checked with the provider, written to their secret
  // (never returned), their record (when, last characters, account) kept beside the settings (docs/invoices.md).
  {
    method: 'PUT',
    path: '/api/admin/settings/invoicing-key',
    handler: 'admin/settings/invoicing-key',
    access: 'admin',
    grants: [
      { table: 'settings', access: 'write' },
      { invoicingKey: true, write: true },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/settings/sender-check',
    handler: 'admin/settings/sender-check',
    access: 'admin',
    grants: [{ table: 'settings', access: 'readWrite' }, { senderIdentity: true }, { sesAccount: true }],
  },
] as const satisfies readonly Route[];
