/**
 * Requests from many client addresses. The shop limits public writes per client address
 * (docs/design.md §20); the twin's front door takes the address from the connection, as CloudFront does. On Linux the
 * whole 127.0.0.0/8 is loopback, so each request can come from its own address: tests and the bench
 * act as many shoppers, and a test that is about one client's limit names its address.
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';

// A block of its own per process (test workers, the bench), so parallel files are different shoppers.
const block = randomInt(1, 255);
let next = randomInt(1 << 16);

/** A fresh client address: `127.<block>.<n>.<n>`, never `127.0.0.1`. */
export function nextClientAddress(): string {
  next = (next + 1) % (1 << 16);
  return `127.${block}.${next >> 8}.${(next & 255) || 1}`;
}

/**
 * `fetch` from a given local address (a new one per call unless `client` is given). Only what the
 * tests use: method, headers, a string or bytes body; the answer is a standard `Response`.
 */
export function clientFetch(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array; client?: string } = {}): Promise<Response> {
  const target = new URL(url);
  const body = typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        localAddress: init.client ?? nextClientAddress(),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
          }
          const status = res.statusCode ?? 0;
          const payload = [204, 304].includes(status) || chunks.length === 0 ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A JSON call to the shop's public API at `base` (the customer's side of a browser walk), from a fresh
 * client address; a refused call throws with the answer.
 */
export async function jsonCall<T = any>(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await clientFetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
