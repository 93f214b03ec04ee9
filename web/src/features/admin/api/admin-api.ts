/**
 * The admin endpoints of `shared/api.ts`, typed. Requests go through the session's `request`, which
 * adds the Cognito access token and sends the user to the login on a 401.
 */
import type {
  AdminProductsResponse,
  CollectionsResponse,
  ContactMessageResponse,
  ContactMessagesPage,
  DashboardResponse,
  ImageUploadResponse,
  OrderDetailResponse,
  OrderResponse,
  OrdersPage,
  ProductResponse,
  ProductUpdatedResponse,
  StockAlertsPage,
} from '../../../../../shared/api.ts';
import { messages } from '../../../../../shared/messages.ts';
import type { OrderStatus } from '../../../../../shared/order-status.ts';
import type { Collection } from '../../../../../shared/product.ts';
import type { AdminEmailRequest, ImageUploadRequest, ProductInput } from '../../../../../shared/schemas/index.ts';
import { ApiError } from '../../../lib/api.ts';

/** Sends one authenticated request to `/api{path}` and reads the JSON answer. */
export type AdminRequest = <T>(path: string, init?: RequestInit) => Promise<T>;

const enc = encodeURIComponent;

function json(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function query(params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

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
    dashboard: () => request<DashboardResponse>('/admin/dashboard'),
    orders: (q: OrdersQuery) => request<OrdersPage>(`/admin/orders${query({ status: q.status, q: q.q, cursor: q.cursor })}`),
    order: (id: string) => request<OrderDetailResponse>(`/admin/orders/${enc(id)}`),
    setOrderStatus: (id: string, status: OrderStatus) => request<OrderResponse>(`/admin/orders/${enc(id)}`, json('PATCH', { status })),
    sendOrderEmail: (id: string, email: AdminEmailRequest) => request<OrderResponse>(`/admin/orders/${enc(id)}/emails`, json('POST', email)),
    products: () => request<AdminProductsResponse>('/admin/products'),
    product: (id: string) => request<ProductResponse>(`/admin/products/${enc(id)}`),
    createProduct: (input: ProductInput) => request<ProductResponse>('/admin/products', json('POST', input)),
    updateProduct: (id: string, input: ProductInput) => request<ProductUpdatedResponse>(`/admin/products/${enc(id)}`, json('PUT', input)),
    imageUpload: (file: ImageUploadRequest) => request<ImageUploadResponse>('/admin/uploads/image', json('POST', file)),
    collections: () => request<CollectionsResponse>('/admin/collections'),
    createCollection: (name: string) => request<{ collection: Collection }>('/admin/collections', json('POST', { name })),
    contactMessages: (cursor?: string) => request<ContactMessagesPage>(`/admin/contact-messages${query({ cursor })}`),
    contactMessage: (id: string) => request<ContactMessageResponse>(`/admin/contact-messages/${enc(id)}`),
    stockAlerts: (cursor?: string) => request<StockAlertsPage>(`/admin/stock-alerts${query({ cursor })}`),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** The pt-PT text to show for a failed request: the server's message, 403 as "no permission". */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 403 ? messages.api.forbidden : error.message;
  return messages.api.internal;
}

/**
 * The text for a failed action: a refusal (4xx) says exactly what is wrong, so it is shown as is;
 * otherwise the action's own text, followed by the server's explanation when it has a specific one.
 *
 * @example
 * failureMessage(messages.admin.emailFailed, error); // 'Não foi possível enviar o e-mail. O serviço de e-mail não respondeu...'
 */
export function failureMessage(base: string, error: unknown): string {
  if (!(error instanceof ApiError)) return base;
  if (error.status >= 400 && error.status < 500) return errorMessage(error);
  const generic: readonly string[] = [messages.api.internal, messages.api.unavailable];
  return error.status === 0 || generic.includes(error.message) ? base : `${base} ${error.message}`;
}

/** Whether a failed request means "this record does not exist". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
