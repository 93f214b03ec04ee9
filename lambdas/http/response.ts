import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/** A JSON answer. Every API answer goes through here, so headers stay the same everywhere. */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => json(200, body, headers);
export const created = (body: unknown, headers?: Record<string, string>): HttpResult => json(201, body, headers);
