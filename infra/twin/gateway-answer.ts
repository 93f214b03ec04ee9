/**
 * How the twin's gateway writes a function's answer on the way out: CloudFront compresses large text
 * answers for a browser that accepts gzip, and keeps each compressed object it cached; the gateway
 * compresses an answer with an ETag once (the ETag is a hash of the body, `entityTag`) and sends the
 * same bytes while the function answers the same.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** How many compressed answers the gateway keeps, by ETag (CloudFront keeps each compressed object it cached). */
const GZIPPED_KEPT = 32;

/**
 * Writes the handler's answer, gzipped on the way out when large text and accepted (as CloudFront). An
 * ETag names its body (a hash of it), so a body compressed before is kept in `gzipped` by its ETag.
 */
export function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined, gzipped: Map<string, Buffer>): void {
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) responseHeaders[name.toLowerCase()] = String(value);
  const etag = responseHeaders.etag;
  const gzip = /\bgzip\b/.test(acceptEncoding ?? '') && /json|xml|text/.test(responseHeaders['content-type'] ?? '');
  let payload = gzip && etag ? gzipped.get(etag) : undefined;
  let compressed = payload !== undefined;
  payload ??= result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (!compressed && gzip && payload.length > 1024) {
    payload = gzipSync(payload);
    compressed = true;
    if (etag && gzipped.set(etag, payload).size > GZIPPED_KEPT) gzipped.delete(gzipped.keys().next().value!);
  }
  if (compressed) {
    responseHeaders['content-encoding'] = 'gzip';
    responseHeaders.vary = 'accept-encoding';
  }
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.writeHead(result.statusCode ?? 200, { ...responseHeaders, 'content-length': String(payload.length) });
  res.end(payload);
}

