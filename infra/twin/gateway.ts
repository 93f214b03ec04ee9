/**
 * The local gateway: what API Gateway (HTTP API, payload 2.0) does in the cloud, for the routes of
 * `lambdas/routes.ts`. It matches the route, throttles it like the stage (a token bucket per route
 * with the row's `throttle`), verifies the admin JWT like the JWT authorizer (issuer, audience or
 * client_id, expiry, signature against the pool's JWKS) and puts the claims where API Gateway puts
 * them (`requestContext.authorizer.jwt.claims`, arrays flattened to `[a b]`), builds the event, calls
 * the route's handler module as its own function (`function-scope.ts`: its row's environment and
 * grants only; the function's 10 s timeout) and writes its answer. Where API Gateway answers by itself
 * (no route, too large, throttled, the function failed or timed out) it answers with API Gateway's
 * own bodies (`{"message":"Not Found"}`, ...), which the shop turns into Portuguese.
 *
 * It also fails the way Lambda fails under load: the account's concurrency (1 000 on a normal
 * account, 10 on a new one: `ACCOUNT_CONCURRENCY`) is shared by every function but the ones the stack
 * reserves executions for (the checkout's 20, the owner's routes', `infra/common/concurrency.ts`), which
 * run at most that many at once, and an invocation beyond its share is refused at once, never queued. Lambda refuses it
 * (TooManyRequestsException) and API Gateway answers that with a 500: "If the Lambda API rejects the invocation request, API Gateway
 * returns a 500 error code" (AWS Lambda Developer Guide, "Handling Lambda errors with an API Gateway
 * API", https://docs.aws.amazon.com/lambda/latest/dg/services-apigateway-errors.html); an HTTP API's
 * body is `{"message":"Internal Server Error"}`. A timed-out invocation is stopped: its slot is free
 * again and its later SDK calls are refused (`function-scope.ts`), so it changes nothing afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { routes as routeTable, type Route } from '#lambdas/routes.ts';
import { reservedConcurrency, stageDefaultThrottle, stageThrottle } from '../common/concurrency.ts';
import { concurrencyPool, type InvocationCounts } from './concurrency-pool.ts';
import { asFunction } from './function-scope.ts';
import { resultAnswer, writeAnswer, type GatewayAnswer } from './gateway-answer.ts';
import { lambdaContext, lambdaEvent, type Authorizer, type CompiledRoute, type GatewayRequest } from './gateway-event.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

/** API Gateway's own payload limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** The functions' timeout in the stack (`ShopFunction`): a handler still running then has failed. */
export const HANDLER_TIMEOUT_MS = 10_000;

/**
 * Lambda's concurrent executions per account and region: 1 000 by default; AWS gives a new account a
 * reduced quota of 10 until it has been used a while (the `--new-account` rehearsal).
 */
export const ACCOUNT_CONCURRENCY = { default: 1000, newAccount: 10 } as const;

/** What API Gateway answers by itself, word for word. */
export const GATEWAY_ANSWERS = {
  notFound: { status: 404, message: 'Not Found' },
  tooLarge: { status: 413, message: 'Request Entity Too Large' },
  throttled: { status: 429, message: 'Too Many Requests' },
  failed: { status: 500, message: 'Internal Server Error' },
  /** Lambda refused the invocation (concurrency used up): API Gateway's 500, the same body (see the top). */
  functionThrottled: { status: 500, message: 'Internal Server Error' },
} as const;

export type { InvocationCounts } from './concurrency-pool.ts';

type LambdaHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  /** Token issuer (`${issuerDomain}/${userPoolId}`). */
  readonly issuer: string;
  readonly clientId: string;
  /** JWKS of the pool, fetched by the twin (aws-jwt-verify refuses http JWKS URLs). */
  readonly jwks: unknown;
  /** Throttle each route like the stage. @default true */
  readonly throttle?: boolean;
  /**
   * Run a function with reserved executions at most that many at once, as Lambda does. @default true.
   * The twin turns it off with the stage throttle: reserved executions without the throttle sized from
   * them are a setup the cloud never has (a crowd would meet Lambda's 500, not the stage's 429).
   */
  readonly reserved?: boolean;
  /** @default `lambdas/routes.ts` */
  readonly routes?: readonly Route[];
  /** The account's concurrent executions, shared by every function. @default ACCOUNT_CONCURRENCY.default */
  readonly concurrency?: number;
  /** The functions' timeout. @default HANDLER_TIMEOUT_MS */
  readonly timeoutMs?: number;
  /** Where the handler modules are (`<route.handler>.ts`). @default `lambdas/handlers` */
  readonly handlersDir?: string;
}

/** API Gateway's throttle of one route: a token bucket of `burstLimit` tokens refilled at `rateLimit` a second. */
function tokenBucket({ rateLimit, burstLimit }: { rateLimit: number; burstLimit: number }): () => boolean {
  let tokens = burstLimit;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burstLimit, tokens + ((now - last) / 1000) * rateLimit);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

function compile(route: Route): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(match[1]!);
      // `{name+}`: the rest of the path, slashes included (API Gateway's greedy parameter).
      return match[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
}

function gatewayBody(message: string): string {
  return JSON.stringify({ message });
}

/** Node's headers as API Gateway passes them: lower-case names, repeated values joined by commas. */
function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** How API Gateway's JWT authorizer passes claims: strings, arrays as `[a b]`, objects as JSON. */
function flattenClaims(payload: Record<string, unknown>): Claims {
  const claims: Claims = {};
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) claims[key] = `[${value.join(' ')}]`;
    else if (value !== null && typeof value === 'object') claims[key] = JSON.stringify(value);
    else if (value !== null && value !== undefined) claims[key] = value as string | number | boolean;
  }
  return claims;
}

const EMPTY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  // A request without a body (a GET): nothing to wait for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The route a request takes: the most specific on its path with its method (API Gateway's choice), if any. */
function matchRoute(compiled: readonly CompiledRoute[], path: string, method: string): CompiledRoute | undefined {
  // As API Gateway: the most specific route wins (`/api/admin/orders/export` over `/api/admin/orders/{id}`).
  const onPath = compiled.filter((c) => c.pattern.test(path)).sort((a, b) => a.paramNames.length - b.paramNames.length);
  return onPath.find((c) => c.route.method === method);
}

/** The route's path parameters, decoded; `undefined` when one does not decode (API Gateway: not found). */
function pathParametersOf(match: CompiledRoute, path: string): Record<string, string> | undefined {
  const pathParameters: Record<string, string> = {};
  const values = match.pattern.exec(path)!.slice(1);
  try {
    match.paramNames.forEach((name, i) => (pathParameters[name] = decodeURIComponent(values[i]!)));
  } catch {
    return undefined;
  }
  return pathParameters;
}

/** Each handler module, imported once, on its route's first request. */
function handlerLoader(dir: string): (route: Route) => Promise<LambdaHandler> {
  const handlers = new Map<string, Promise<LambdaHandler>>();
  return (route) => {
    let loaded = handlers.get(route.handler);
    if (!loaded) {
      const file = pathToFileURL(join(dir, `${route.handler}.ts`)).href;
      loaded = import(file).then((module: { handler?: LambdaHandler }) => {
        if (typeof module.handler !== 'function') throw new Error(`${route.handler}.ts exports no handler`);
        return module.handler;
      });
      handlers.set(route.handler, loaded);
    }
    return loaded;
  };
}

type Claims = Record<string, string | number | boolean>;

/** The JWT authorizer: the claims of a valid admin token (issuer, signature, expiry, audience or client_id), else `undefined`. */
function jwtAuthorizer(options: GatewayOptions): (headers: Record<string, string>) => Promise<Claims | undefined> {
  const verifier = JwtRsaVerifier.create({ issuer: options.issuer, audience: null, jwksUri: `${options.issuer}/.well-known/jwks.json` });
  verifier.cacheJwks(options.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  return async (headers) => {
    const raw = headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!raw) return undefined;
    try {
      const payload = (await verifier.verify(raw)) as Record<string, unknown>;
      if (payload.aud !== options.clientId && payload.client_id !== options.clientId) return undefined;
      return flattenClaims(payload);
    } catch {
      return undefined;
    }
  };
}

class TimedOut extends Error {}

/**
 * Runs the route's handler as its own function (`asFunction`) until its deadline: then the invocation
 * has failed, and its scope refuses whatever it still tries to call.
 */
async function invoke(
  loadHandler: (route: Route) => Promise<LambdaHandler>,
  request: GatewayRequest,
  timeoutMs: number,
): Promise<APIGatewayProxyStructuredResultV2> {
  const { match, routeKey } = request;
  const event = lambdaEvent(request);
  const handler = await loadHandler(match.route);
  const deadline = Date.now() + timeoutMs;
  const context = lambdaContext(match.route, request.requestId, deadline);
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    asFunction({ name: routeKey, grants: match.route.grants, api: true, deadline }, () => handler(event, context)),
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new TimedOut(`${routeKey} timed out after ${timeoutMs} ms`)), timeoutMs)),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** What invokes the functions: the account's concurrency, the tally, the handler modules and their timeout. */
interface Invoker {
  readonly pool: ReturnType<typeof concurrencyPool>;
  readonly counts: InvocationCounts;
  readonly loadHandler: (route: Route) => Promise<LambdaHandler>;
  readonly timeoutMs: number;
}

/**
 * One invocation within the account's concurrency, counted: refused at once beyond its share (Lambda's
 * refusal, `functionThrottled`), `failed` when the handler throws or times out.
 */
async function invokeCounted(
  invoker: Invoker,
  request: GatewayRequest,
): Promise<APIGatewayProxyStructuredResultV2 | 'functionThrottled' | 'failed'> {
  const { pool, counts } = invoker;
  const { routeKey } = request;
  if (!pool.take(routeKey)) {
    counts.throttled += 1;
    return 'functionThrottled';
  }
  counts.invoked += 1;
  try {
    return await invoke(invoker.loadHandler, request, invoker.timeoutMs);
  } catch (error) {
    if (error instanceof TimedOut) counts.timedOut += 1;
    // What API Gateway answers when the integration fails; the handler's own mapper answers otherwise.
    process.stderr.write(`[gateway] ${routeKey} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    return 'failed';
  } finally {
    pool.free(routeKey);
  }
}

/** An admin route's authorizer context from the token's claims (`refused` without a valid token); none on a public route. */
async function routeAuthorizer(
  route: Route,
  headers: Record<string, string>,
  authorize: ReturnType<typeof jwtAuthorizer>,
): Promise<Authorizer | 'refused' | undefined> {
  if (route.access !== 'admin') return undefined;
  const claims = await authorize(headers);
  return claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } : 'refused';
}

export function createGateway(options: GatewayOptions) {
  const routes = options.routes ?? routeTable;
  const compiled = routes.map(compile);

  const authorize = jwtAuthorizer(options);
  const counts: InvocationCounts = { requests: 0, invoked: 0, throttled: 0, timedOut: 0, peak: 0 };
  const concurrency = options.concurrency ?? ACCOUNT_CONCURRENCY.default;
  const throttles = new Map(
    compiled.map((c) => [c.route, tokenBucket(stageThrottle(c.route, concurrency) ?? stageDefaultThrottle(c.route.access))]),
  );
  // What the stack reserves on an account of this quota (`infra/common/concurrency.ts`: none on a new account's 10).
  const pool = concurrencyPool(
    concurrency,
    options.reserved === false ? new Map<string, number>() : reservedConcurrency(routes, concurrency),
    counts,
  );
  const gzipped = new Map<string, Buffer>();
  const invoker: Invoker = {
    pool,
    counts,
    loadHandler: handlerLoader(options.handlersDir ?? join(REPO_ROOT, 'lambdas', 'handlers')),
    timeoutMs: options.timeoutMs ?? HANDLER_TIMEOUT_MS,
  };

  /** API Gateway's own answer: its JSON body, never cached. */
  const own = (status: number, message: string, headers: Record<string, string> = {}): GatewayAnswer => {
    const body = Buffer.from(gatewayBody(message));
    return {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
        'content-length': String(body.length),
      },
      body,
    };
  };
  const fail = (answer: (typeof GATEWAY_ANSWERS)[keyof typeof GATEWAY_ANSWERS]) => own(answer.status, answer.message);

  /** The answer to one `/api/*` request. */
  async function answer(req: IncomingMessage): Promise<GatewayAnswer> {
    counts.requests += 1;
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(compiled, url.pathname, method);
    // API Gateway has no 405: a path without this method is a route that does not exist.
    if (!match) return fail(GATEWAY_ANSWERS.notFound);
    if (options.throttle !== false && !throttles.get(match.route)!()) return fail(GATEWAY_ANSWERS.throttled);
    const pathParameters = pathParametersOf(match, url.pathname);
    if (!pathParameters) return fail(GATEWAY_ANSWERS.notFound);

    const headers = flattenHeaders(req);
    const authorizer = await routeAuthorizer(match.route, headers, authorize);
    // The JWT authorizer's own refusal.
    if (authorizer === 'refused') return own(401, 'Unauthorized', { 'www-authenticate': 'Bearer' });

    const body = await readBody(req);
    if (body === 'too-large') return fail(GATEWAY_ANSWERS.tooLarge);
    const routeKey = `${match.route.method} ${match.route.path}`;
    const request = { req, url, method, match, routeKey, headers, pathParameters, authorizer, body, requestId: randomUUID() };
    const result = await invokeCounted(invoker, request);
    if (typeof result === 'string') return fail(GATEWAY_ANSWERS[result]);
    return resultAnswer(result, headers['accept-encoding'], gzipped);
  }

  /** Handles one `/api/*` request. */
  const gateway = async function gateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
    writeAnswer(res, await answer(req));
  };
  return Object.assign(gateway, { answer, counts: counts as Readonly<InvocationCounts> });
}
