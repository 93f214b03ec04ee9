/**
 * The browser's API client: same-origin `/api`, JSON in and out, errors as `ApiError` carrying the
 * server's Portuguese message (and its field messages for forms). Shapes: `shared/api.ts`.
 */
import type { PaymentMethodsResponse, ShopInfoResponse } from '#shared/api.ts';
import { apiRequestLine, type ApiCall, type ApiResponse, type ApiRouteKey } from '#shared/api-routes.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import type { Collection, ListingProduct, Product } from '#shared/product.ts';
import type { StockAlertConfirmInput } from '#shared/schemas/index.ts';
import { withSizes } from '#shared/variants.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 409 over a value that changed meanwhile: the value(s) as they are now, e.g. `{ stock: 7 }`. */
    readonly current?: Readonly<Record<string, number>>,
    /** A 429: seconds until the client may try again (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * What to tell the customer when the answer is not the shop's own `{ error }` shape: API Gateway (or
 * CloudFront) answered by itself, in English (`{"message":"Too Many Requests"}`), or not in JSON.
 */
function gatewayMessage(status: number, retryAfterSeconds: number | undefined): { code: string; message: string } {
  if (status === 429) {
    return retryAfterSeconds
      ? { code: 'too_many_requests', message: apiTexts.tooManyRequests(retryAfterSeconds) }
      : { code: 'busy', message: apiTexts.busy };
  }
  if (status === 401) return { code: 'unauthorized', message: apiTexts.unauthorized };
  if (status === 403) return { code: 'forbidden', message: apiTexts.forbidden };
  if (status === 404) return { code: 'route_not_found', message: apiTexts.routeNotFound };
  if (status === 413) return { code: 'payload_too_large', message: apiTexts.payloadTooLarge };
  if (status === 503 || status === 504) return { code: 'timeout', message: apiTexts.timeout };
  return { code: 'internal', message: apiTexts.internal };
}

/**
 * Calls one route of the API (`shared/api-routes.ts`): path parameters, query and JSON body as the
 * route's contract says, the answer typed likewise. `init` adds headers or a cache mode.
 */
export async function apiCall<K extends ApiRouteKey>(key: K, call: ApiCall<K>, init: RequestInit = {}): Promise<ApiResponse<K>> {
  const { method, path } = apiRequestLine(key, call);
  const hasBody = call.body !== undefined;
  const headers = { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers };
  let response: Response;
  try {
    response = await fetch(path, { ...init, method, headers, ...(hasBody ? { body: JSON.stringify(call.body) } : {}) });
  } catch {
    throw new ApiError(0, 'network', apiTexts.unavailable);
  }
  // A route whose contract is text (the sitemap, the CSV export) answers text; every other, JSON.
  if (response.ok && /^text\//.test(response.headers.get('content-type') ?? '')) return (await response.text()) as ApiResponse<K>;
  const body = (await response.json().catch(() => undefined)) as
    { error?: { code: string; message: string; fields?: Record<string, string>; current?: Record<string, number> } } | undefined;
  if (!response.ok) {
    const error = body?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    const { code, message } = error ?? gatewayMessage(response.status, retryAfterSeconds);
    throw new ApiError(response.status, code, message, error?.fields, error?.current, retryAfterSeconds);
  }
  return body as ApiResponse<K>;
}

const GENERIC_MESSAGES: readonly string[] = [apiTexts.internal, apiTexts.unavailable];

/**
 * The text to show for a failed request: the server's message when it says something specific (any
 * refusal, 4xx; a 5xx with its own explanation), otherwise `fallback` (network down, generic 5xx).
 */
export function errorMessage(error: unknown, fallback: string = apiTexts.internal): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.status < 500) return error.message;
  return GENERIC_MESSAGES.includes(error.message) ? fallback : error.message;
}

export const api = {
  products: (): Promise<readonly ListingProduct[]> => apiCall('GET /api/products', {}).then((r) => r.products),
  /** `fresh`: skip the browser's HTTP cache (the cart wants the current stock). */
  product: (id: string, { fresh = false } = {}): Promise<Product> =>
    apiCall('GET /api/products/{id}', { params: { id } }, fresh ? { cache: 'no-cache' } : {}).then((r) => withSizes(r.product)),
  collections: (): Promise<readonly Collection[]> => apiCall('GET /api/collections', {}).then((r) => r.collections),
  /** No challenge: the link's token is the proof. */
  confirmStockAlert: (input: StockAlertConfirmInput) => apiCall('POST /api/stock-alerts/confirm', { body: input }),
  shopInfo: (): Promise<ShopInfoResponse> => apiCall('GET /api/shop-info', {}),
  paymentMethods: (): Promise<PaymentMethodsResponse> => apiCall('GET /api/payment-methods', {}, { cache: 'no-store' }),
  /** The order's token travels in a header, never in the address (docs/design.md §31). */
  customerOrder: (orderId: string, token: string) =>
    apiCall('GET /api/orders/{id}', { params: { id: orderId } }, { cache: 'no-store', headers: { [ORDER_TOKEN_HEADER]: token } }).then(
      (r) => r.order,
    ),
  /** `method`: the manual method paid by, when not the one chosen at checkout (a failed MB WAY request paid by transfer). */
  attachProof: (orderId: string, token: string, proofKey: string, method?: ProofMethod) =>
    apiCall(
      'POST /api/orders/{id}/proof',
      { params: { id: orderId }, body: { proofKey, ...(method ? { method } : {}) } },
      { headers: { [ORDER_TOKEN_HEADER]: token } },
    ),
  /** After a failed automatic payment, the manual method the customer pays with: recorded once, the reservation then holds for its time. */
  choosePaymentMethod: (orderId: string, token: string, method: ProofMethod) =>
    apiCall(
      'POST /api/orders/{id}/payment-method',
      { params: { id: orderId }, body: { method } },
      { headers: { [ORDER_TOKEN_HEADER]: token } },
    ),
  /** The customer gives up their reservation: its pieces go back to the shop at once. */
  cancelReservation: (orderId: string, token: string) =>
    apiCall('POST /api/orders/{id}/cancel', { params: { id: orderId } }, { headers: { [ORDER_TOKEN_HEADER]: token } }),
};
