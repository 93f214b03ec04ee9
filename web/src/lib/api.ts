/**
 * The browser's API client: same-origin `/api`, JSON in and out, errors as `ApiError` carrying the
 * server's Portuguese message (and its field messages for forms). Shapes: `shared/api.ts`.
 */
import type {
  ContactMessageCreated,
  PaymentMethodInfo,
  PaymentMethodsResponse,
  PlaceOrderResponse,
  PresignedUpload,
  ProofUploadResponse,
  StockAlertCreated,
} from '../../../shared/api.ts';
import { messages } from '../../../shared/messages.ts';
import type { Collection, Product } from '../../../shared/product.ts';
import type { ContactMessageInput, PlaceOrderInput, ProofUploadRequest, StockAlertInput } from '../../../shared/schemas/index.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    throw new ApiError(0, 'network', messages.api.unavailable);
  }
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code: string; message: string; fields?: Record<string, string> } }
    | undefined;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError(response.status, error?.code ?? 'internal', error?.message ?? messages.api.internal, error?.fields);
  }
  return body as T;
}

/** A JSON request with a body. */
function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** The server's message for a failure, or `fallback` when it says nothing useful (network, 5xx). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

export const api = {
  products: () => apiFetch<{ products: Product[] }>('/products').then((r) => r.products),
  /** `fresh`: skip the browser's HTTP cache (the cart wants the current stock). */
  product: (id: string, { fresh = false } = {}) =>
    apiFetch<{ product: Product }>(`/products/${encodeURIComponent(id)}`, fresh ? { cache: 'no-cache' } : undefined).then((r) => r.product),
  collections: () => apiFetch<{ collections: Collection[] }>('/collections').then((r) => r.collections),
  sendContactMessage: (input: ContactMessageInput) => apiFetch<ContactMessageCreated>('/contact-messages', postJson(input)),
  requestStockAlert: (input: StockAlertInput) => apiFetch<StockAlertCreated>('/stock-alerts', postJson(input)),
  paymentMethods: (): Promise<readonly PaymentMethodInfo[]> =>
    apiFetch<PaymentMethodsResponse>('/payment-methods', { cache: 'no-store' }).then((r) => r.methods),
  requestProofUpload: (input: ProofUploadRequest): Promise<PresignedUpload> =>
    apiFetch<ProofUploadResponse>('/uploads/proof', postJson(input)).then((r) => r.upload),
  placeOrder: (input: PlaceOrderInput, idempotencyKey: string) =>
    apiFetch<PlaceOrderResponse>('/orders', postJson(input, { 'idempotency-key': idempotencyKey })),
};
