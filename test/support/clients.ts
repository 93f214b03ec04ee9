/**
 * Requests from many client addresses. The shop limits public writes per client address
 * (docs/design.md §20); the twin's front door takes the address from the connection, as CloudFront does. On Linux the
 * whole 127.0.0.0/8 is loopback, so each request can come from its own address: tests and the bench
 * act as many shoppers, and a test that is about one client's limit names its address.
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { cartCount } from '#shared/cart.ts';
import { challengeUnits } from '#shared/proof-of-work.ts';
import { routes } from '#lambdas/routes.ts';

// A block of its own per process (test workers, the bench), so parallel files are different shoppers.
const block = randomInt(1, 255);
let next = randomInt(1 << 16);

/** A fresh client address: `127.<block>.<n>.<n>`, never `127.0.0.1`. */
export function nextClientAddress(): string {
  // A last byte of 0 is skipped, not made 1: `…n.0 → …n.1` gave the next address twice, so two
  // "shoppers" of a test shared one client's limits (a 429 in owner-digest's 20 addresses × 3, one run
  // in twelve or so: 20 addresses in a row cross a multiple of 256 that often).
  do next = (next + 1) % (1 << 16);
  while ((next & 255) === 0);
  return `127.${block}.${next >> 8}.${next & 255}`;
}

/** The public writes that need a solved proof of work (`challenge: true` rows), as `POST /api/orders`. */
const GUARDED = new Set(routes.filter((route) => 'challenge' in route && route.challenge).map((route) => `${route.method} ${route.path}`));

/** Whether a request needs the `x-altcha` header (docs/design.md §28). */
export function needsChallenge(method: string, url: string): boolean {
  return GUARDED.has(`${method.toUpperCase()} ${new URL(url).pathname}`);
}

/**
 * A solved proof of work for the shop at `base`, as the `altcha` widget makes it: a challenge from
 * `GET /api/challenge` (for a checkout of `units`, as the checkout page asks), solved with `altcha-lib`'s
 * solver, base64 JSON `{ challenge, solution }`.
 */
export async function solvedChallenge(base: string, units = 1): Promise<string> {
  const answer = await clientFetch(`${base}/api/challenge${units > 1 ? `?units=${units}` : ''}`);
  if (answer.status !== 200) throw new Error(`GET /api/challenge: ${answer.status} ${await answer.text()}`);
  return solved((await answer.json()) as Challenge);
}

/** `challenge` solved with `altcha-lib`'s solver, as the widget sends it: base64 JSON `{ challenge, solution }`. */
export async function solved(challenge: Challenge): Promise<string> {
  // No time limit (altcha-lib gives up after 90 s): on a busy machine a solve is slow, not failed; a
  // test's own timeout still bounds it.
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * The units a checkout's body reserves (its items' quantities; a JSON string or the object itself), as
 * the checkout page counts its cart for its challenge; 1 for any other body.
 */
export function unitsOfBody(body: unknown): number {
  try {
    const parsed = typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    const items = parsed && typeof parsed === 'object' ? (parsed as { items?: unknown }).items : undefined;
    return Array.isArray(items)
      ? challengeUnits(cartCount(items.filter((item): item is { quantity: number } => Number.isInteger(item?.quantity))))
      : 1;
  } catch {
    return 1;
  }
}

export interface ClientInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  client?: string;
  /**
   * `false`: send a public write without solving its proof of work. By default a guarded write
   * (`needsChallenge`) gets a freshly solved `x-altcha` unless `headers` already name one.
   */
  challenge?: false;
}

/**
 * `fetch` from a given local address (a new one per call unless `client` is given). Only what the
 * tests use: method, headers, a string or bytes body; the answer is a standard `Response`. A public
 * write carries a solved proof of work (see `ClientInit.challenge`), as the shop's pages send it.
 */
export async function clientFetch(url: string, init: ClientInit = {}): Promise<Response> {
  const hasProof = Object.keys(init.headers ?? {}).some((name) => name.toLowerCase() === 'x-altcha');
  if (init.challenge !== false && !hasProof && needsChallenge(init.method ?? 'GET', url)) {
    init = { ...init, headers: { ...init.headers, 'x-altcha': await solvedChallenge(new URL(url).origin, unitsOfBody(init.body)) } };
  }
  return send(url, init);
}

function send(url: string, init: ClientInit): Promise<Response> {
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
export async function jsonCall<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await clientFetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
