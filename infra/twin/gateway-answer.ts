/**
 * The gateway's answers as data, and how it writes them. CloudFront compresses large text answers for
 * a browser that accepts gzip, and keeps each compressed object it cached; the gateway compresses an
 * answer with an ETag once (the ETag is a hash of the body, `entityTag`) and sends the same bytes while
 * the function answers the same. The front door's cache (`edge-cache.ts`) keeps these answers whole.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** An answer as it goes out: the status, the headers (lower-case names) and the body's bytes. */
export interface GatewayAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  readonly body: Buffer;
}

/** How many compressed answers the gateway keeps, by ETag (CloudFront keeps each compressed object it cached). */
const GZIPPED_KEPT = 32;

/**
 * The handler's answer as it goes out, gzipped when large text and accepted (as CloudFront). An ETag
 * names its body (a hash of it), so a body compressed before is kept in `gzipped` by its ETag.
 */
export function resultAnswer(
  result: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
  gzipped: Map<string, Buffer>,
): GatewayAnswer {
  const headers: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const etag = headers.etag as string | undefined;
  const gzip = /\bgzip\b/.test(acceptEncoding ?? '') && /json|xml|text/.test(String(headers['content-type'] ?? ''));
  let body = gzip && etag ? gzipped.get(etag) : undefined;
  let compressed = body !== undefined;
  body ??= result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (!compressed && gzip && body.length > 1024) {
    body = gzipSync(body);
    compressed = true;
    if (etag && gzipped.set(etag, body).size > GZIPPED_KEPT) gzipped.delete(gzipped.keys().next().value!);
  }
  if (compressed) {
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
  }
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  headers['content-length'] = String(body.length);
  return { status: result.statusCode ?? 200, headers, body };
}

/** Writes an answer (its headers only for a HEAD request, as API Gateway and CloudFront do). */
export function writeAnswer(res: ServerResponse, answer: GatewayAnswer, head = false): void {
  res.writeHead(answer.status, answer.headers as Record<string, string | string[]>);
  res.end(head ? undefined : answer.body);
}
