/**
 * The admin routes of `shared/api-routes.ts`. Requests go through the session's `request`, which
 * adds the Cognito access token and sends the user to the login on a 401.
 */
import type { ApiCall, ApiResponse, ApiRouteKey } from '#shared/api-routes.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import type { BlockDuration } from '#shared/abuse.ts';
import type {
  AdminEmailRequest,
  ImageUploadRequest,
  OrderRefundInput,
  OrderStatusChange,
  OrdersExportQuery,
  ProductInput,
  ProductUpdateInput,
  StockChangeInput,
} from '#shared/schemas/index.ts';
import type { InvoicingKeyInput, PaymentKeysInput, SettingsUpdate } from '#shared/schemas/settings.ts';
import type { SalesQuery } from '#shared/schemas/sales-query.ts';
import type { DiscountCodeInput } from '#shared/schemas/discount-code.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';

/** Sends one authenticated call to a route of the API and reads its typed answer. */
export type AdminRequest = <K extends ApiRouteKey>(key: K, call: ApiCall<K>) => Promise<ApiResponse<K>>;

/** Filters and page of the orders list. */
export interface OrdersQuery {
  readonly status?: OrderStatus;
  readonly q?: string;
  readonly cursor?: string;
}

/**
 * The back-office's API.
 *
 * @example
 * const api = adminApi(request);
 * const { orders, nextCursor } = await api.orders({ status: 'Enviar' });
 */
export function adminApi(request: AdminRequest) {
  return {
    dashboard: () => request('GET /api/admin/dashboard', {}),
    orders: (q: OrdersQuery) => request('GET /api/admin/orders', { query: { status: q.status, q: q.q, cursor: q.cursor } }),
    order: (id: string) => request('GET /api/admin/orders/{id}', { params: { id } }),
    exportOrders: (query: OrdersExportQuery) => request('GET /api/admin/orders/export', { query }),
    sales: (query: SalesQuery) => request('GET /api/admin/sales', { query }),
    /** The same figures as a CSV (docs/sales.md). */
    exportSales: (query: SalesQuery) => request('GET /api/admin/sales/export', { query }),
    customer: (ref: string) => request('GET /api/admin/customers/{ref}', { params: { ref } }),
    /** `closeOpen`: the customer's unpaid reservations are closed first (stock back). */
    anonymiseCustomer: (ref: string, closeOpen = false) =>
      request('POST /api/admin/customers/{ref}/anonymise', { params: { ref }, query: closeOpen ? { closeOpen: 'true' } : {} }),
    closeSuspicious: (id: string, blockFor: BlockDuration) =>
      request('POST /api/admin/orders/{id}/suspicious', { params: { id }, body: { blockFor } }),
    closeSuspiciousMany: (ids: readonly string[], blockFor: BlockDuration) =>
      request('POST /api/admin/orders/suspicious', { body: { ids: [...ids], blockFor } }),
    blocks: () => request('GET /api/admin/blocks', {}),
    removeBlock: (id: string) => request('DELETE /api/admin/blocks/{id}', { params: { id } }),
    setOrderStatus: (id: string, change: OrderStatusChange) => request('PATCH /api/admin/orders/{id}', { params: { id }, body: change }),
    addOrderNote: (id: string, text: string) => request('POST /api/admin/orders/{id}/notes', { params: { id }, body: { text } }),
    /** "Devolver parte do pagamento" (docs/money.md "Refunds"). */
    refundPart: (id: string, refund: OrderRefundInput) => request('POST /api/admin/orders/{id}/refunds', { params: { id }, body: refund }),
    retryInvoice: (id: string) => request('POST /api/admin/orders/{id}/invoice', { params: { id } }),
    sendOrderEmail: (id: string, email: AdminEmailRequest) =>
      request('POST /api/admin/orders/{id}/emails', { params: { id }, body: email }),
    products: () => request('GET /api/admin/products', {}),
    product: (id: string) => request('GET /api/admin/products/{id}', { params: { id } }),
    createProduct: (input: ProductInput) => request('POST /api/admin/products', { body: input }),
    updateProduct: (id: string, input: ProductUpdateInput) => request('PUT /api/admin/products/{id}', { params: { id }, body: input }),
    deleteProduct: (id: string) => request('DELETE /api/admin/products/{id}', { params: { id } }),
    changeStock: (id: string, change: StockChangeInput) => request('POST /api/admin/products/{id}/stock', { params: { id }, body: change }),
    stockMovements: (id: string) => request('GET /api/admin/products/{id}/stock-movements', { params: { id } }),
    imageUpload: (file: ImageUploadRequest) => request('POST /api/admin/uploads/image', { body: file }),
    imageUploadStatus: (uploadId: string) => request('GET /api/admin/uploads/image/{id}', { params: { id: uploadId } }),
    collections: () => request('GET /api/admin/collections', {}),
    createCollection: (name: string) => request('POST /api/admin/collections', { body: { name } }),
    renameCollection: (id: string, name: string) => request('PUT /api/admin/collections/{id}', { params: { id }, body: { name } }),
    deleteCollection: (id: string) => request('DELETE /api/admin/collections/{id}', { params: { id } }),
    contactMessages: (cursor?: string) => request('GET /api/admin/contact-messages', { query: { cursor } }),
    contactMessage: (id: string) => request('GET /api/admin/contact-messages/{id}', { params: { id } }),
    stockAlerts: (cursor?: string) => request('GET /api/admin/stock-alerts', { query: { cursor } }),
    discountCodes: () => request('GET /api/admin/discount-codes', {}),
    createDiscountCode: (input: DiscountCodeInput) => request('POST /api/admin/discount-codes', { body: input }),
    updateDiscountCode: (code: string, input: DiscountCodeInput) =>
      request('PUT /api/admin/discount-codes/{code}', { params: { code }, body: input }),
    deleteDiscountCode: (code: string) => request('DELETE /api/admin/discount-codes/{code}', { params: { code } }),
    settings: () => request('GET /api/admin/settings', {}),
    saveSettings: (update: SettingsUpdate) => request('PUT /api/admin/settings', { body: update }),
    checkSender: () => request('POST /api/admin/settings/sender-check', {}),
    savePaymentKeys: (keys: PaymentKeysInput) => request('PUT /api/admin/settings/payment-keys', { body: keys }),
    saveInvoicingKey: (key: InvoicingKeyInput) => request('PUT /api/admin/settings/invoicing-key', { body: key }),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/**
 * The text for a failed action: a refusal (4xx) says exactly what is wrong, so it is shown as is;
 * otherwise the action's own text, followed by the server's explanation when it has a specific one.
 *
 * @example
 * failureMessage(adminTexts.emailFailed, error); // 'Não foi possível enviar o e-mail. O serviço de e-mail não respondeu...'
 */
export function failureMessage(base: string, error: unknown): string {
  // The server's specific explanation, or '' for a network failure or a generic 5xx.
  const explanation = errorMessage(error, '');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return explanation;
  return explanation ? `${base} ${explanation}` : base;
}

/** Whether a failed request was refused because what it was conditioned on changed meanwhile (409 with `code`). */
export function isChangedMeanwhile(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === code;
}

/** Whether a failed request means "this record does not exist". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
