import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * A Lambda answer whose body is a `T`. The type parameter exists only for the compiler: `httpRoute`
 * requires the use case of a route to answer its contract's response type (`shared/api-routes.ts`).
 */
export type HttpResult<T = unknown> = APIGatewayProxyStructuredResultV2 & { statusCode: number; readonly __body?: T };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/** A JSON answer. Every API answer goes through here, so headers stay the same everywhere. */
export function json<T>(statusCode: number, body: T, headers: Record<string, string> = {}): HttpResult<T> {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export const ok = <T>(body: T, headers?: Record<string, string>): HttpResult<T> => json(200, body, headers);
export const created = <T>(body: T, headers?: Record<string, string>): HttpResult<T> => json(201, body, headers);

/** A text answer (e.g. XML, a page) with its own content type. */
export function text(body: string, contentType: string, headers: Record<string, string> = {}, statusCode = 200): HttpResult<string> {
  return { statusCode, headers: { 'content-type': contentType, ...headers }, body };
}
