/**
 * The browser's API client: same-origin `/api`, JSON in and out, errors as `ApiError` carrying the
 * server's Portuguese message.
 */
import { messages } from '../../../shared/messages.ts';
import type { Collection, Product } from '../../../shared/product.ts';

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

export const api = {
  products: () => apiFetch<{ products: Product[] }>('/products').then((r) => r.products),
  product: (id: string) => apiFetch<{ product: Product }>(`/products/${encodeURIComponent(id)}`).then((r) => r.product),
  collections: () => apiFetch<{ collections: Collection[] }>('/collections').then((r) => r.collections),
};
