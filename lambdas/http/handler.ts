/**
 * The HTTP middleware stack every API function uses, in a fixed order:
 *
 *   logger context → error mapper → origin lock → admin check (admin rows) → proof-of-work check
 *   (`challenge` rows) → per-client limit → JSON body → zod validation → per-e-mail limit →
 *   proof-of-work spent → use case
 *
 * A handler names its row of the route table (`'GET /api/products'`); access (public/admin) and the
 * cache lifetime come from that row, so the table stays the one source of truth. middy runs `onError`
 * in reverse order, so the error mapper is the last to see an error and always answers in the
 * `{ error: { code, message, fields? } }` shape.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import type * as z from 'zod';
import { fieldErrorCode, fieldErrors } from '#shared/schemas/field-errors.ts';
import { apiTexts } from '#shared/messages/index.ts';
import type { ApiBody, ApiQuery, ApiResponse, ApiRouteKey } from '#shared/api-routes.ts';
import { servedRows, type RouteRow } from './route-rows.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import { CheckoutBusy, DomainError, InvalidInput, PayloadTooLarge, Unauthorized, Forbidden, UnsupportedMediaType } from '../errors.ts';
import { BUSY_RETRY_AFTER_SECONDS, LAST_ANSWER_MS } from '../services/checkout-deadline.ts';
import { ORIGIN_ENV, ORIGIN_HEADER, PAGES_FALLBACK_HEADER, VIEWER_IP_HEADER } from '../contracts/env.ts';
import { emailKey } from '#shared/identity-keys.ts';
import { clientId, enforceLimits } from '../services/rate-limits.ts';
import { toErrorResponse } from './error-response.ts';
import type { ChallengeGuard } from './challenge-guard.ts';
import { logger } from '../logger.ts';
import { readSecret } from '../repositories/secrets.ts';
import { setting } from '../repositories/environment.ts';
import { json, type HttpResult } from './response.ts';
import { bodyText } from './request-body.ts';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** Largest JSON body the API accepts (the biggest form, a 50-line order, is far below). */
export const MAX_BODY_BYTES = 64 * 1024;
export const ADMIN_GROUP = 'admin';

export interface ApiRequest<B, Q> {
  readonly event: ApiEvent;
  /** The invocation's Lambda context: its remaining time bounds a use case that must answer before the timeout. */
  readonly context: Context;
  readonly body: B;
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: Q;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

type Mw = MiddlewareObj<ApiEvent, HttpResult, Error, Context>;

/** The parsed and validated body and query of each request, handed from the middlewares to the use case. */
const bodies = new WeakMap<ApiEvent, unknown>();
const queries = new WeakMap<ApiEvent, unknown>();

/** The parsed and validated body of each request, handed from the middlewares to the use case. */
const errorMapper: Mw = {
  name: 'error-mapper',
  onError: async (request) => {
    const { status, body, headers } = toErrorResponse(request.error);
    // A 5xx is a fault (logged as one) unless the error says it is an expected refusal (`quiet`: the shop not open yet).
    if (status >= 500 && !(request.error as { quiet?: true }).quiet) logger.error('request failed', { error: request.error as Error });
    else if (request.error instanceof DomainError) logger.info('request refused', { status, code: request.error.code });
    request.response = json(status, body, { 'cache-control': 'no-store', ...headers });
  },
};

/**
 * The groups claim as API Gateway passes it: the HTTP API JWT authorizer flattens arrays into a
 * string like `[admin other]`; a JSON array or a plain string are accepted too.
 */
export function groupsFromClaims(claims: Record<string, unknown> | undefined): string[] {
  const raw = claims?.['cognito:groups'];
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string') return [];
  const trimmed = raw.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    const inner = trimmed.slice(1, -1);
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: the authorizer's space-separated form
    }
    return inner.split(/[\s,]+/).filter(Boolean);
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `given` is one of the origin secret's values accepted now (both during a rotation's overlap). */
async function isOriginSecret(given: string | undefined): Promise<boolean> {
  const { accepted } = await readSecret(setting(ORIGIN_ENV.secretArn));
  return accepted.some((expected) => sameSecret(given, expected));
}

/**
 * The origin lock: only CloudFront (or the twin's front door) knows the secret header it adds to
 * every API request; anything else (the API's own execute-api address) is refused. The secret is read
 * at run time (`repositories/secrets.ts`); when it cannot be read (no ARN, no grant, no answer) nothing
 * passes: the lock fails closed.
 */
const originLock: Mw = {
  name: 'origin-lock',
  before: async (request) => {
    if (!(await isOriginSecret(lowerCaseHeaders(request.event.headers)[ORIGIN_HEADER]))) throw new Forbidden(apiTexts.originRefused);
  },
};

/** Whether a request came as CloudFront's fallback for a missing page (`PAGES_FALLBACK_HEADER`, the origin secret's value). */
export function fromPagesFallback(headers: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  return isOriginSecret(headers[PAGES_FALLBACK_HEADER]);
}

/** The client a request comes from (`clientId`: the viewer's address as the edge passes it on, IPv6 by /64). */
export function clientOf(event: ApiEvent): string {
  return clientId(lowerCaseHeaders(event.headers)[VIEWER_IP_HEADER], event.requestContext?.http?.sourceIp);
}

/** The route's per-client limits of one kind: by address before anything else is done, by e-mail once the body is valid. */
function rateLimit(route: RouteRow, by: 'client' | 'email'): Mw {
  const routeKey = `${route.method} ${route.path}`;
  const limits = route.limits ?? [];
  return {
    name: `rate-limit-${by}`,
    before: async (request) => {
      const { event } = request;
      let who: string | undefined;
      if (by === 'client') {
        who = clientOf(event);
      } else {
        const body = bodies.get(event) as { email?: unknown; shipping?: { email?: unknown } } | undefined;
        const email = route.emailField === 'shipping.email' ? body?.shipping?.email : body?.email;
        if (typeof email === 'string' && email) who = emailKey(email);
      }
      if (who) await enforceLimits(routeKey, limits, by, who, new Date());
    },
  };
}

const requireAdmin: Mw = {
  name: 'require-admin',
  before: async (request) => {
    const claims = request.event.requestContext?.authorizer?.jwt?.claims;
    if (!claims || typeof claims.sub !== 'string') throw new Unauthorized();
    if (!groupsFromClaims(claims).includes(ADMIN_GROUP)) throw new Forbidden();
  },
};

const jsonBody: Mw = {
  name: 'json-body',
  before: async (request) => {
    const { event } = request;
    const contentType = lowerCaseHeaders(event.headers)['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType.trim())) throw new UnsupportedMediaType();
    const text = bodyText(event);
    if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLarge();
    try {
      bodies.set(event, JSON.parse(text));
    } catch {
      throw new InvalidInput(apiTexts.invalidJson, undefined, 'invalid_json');
    }
  },
};

/**
 * A schema the middleware validates with: zod's classic API (the bodies) or `zod/mini` (the read
 * routes' queries, `shared/schemas/admin-query.ts`), which share one core and one error type.
 */
interface Schema<T = unknown> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

function validate(schema: Schema): Mw {
  return {
    name: 'validate',
    before: async (request) => {
      const result = schema.safeParse(bodies.get(request.event));
      if (!result.success) throw new InvalidInput(apiTexts.invalidInput, fieldErrors(result.error), fieldErrorCode(result.error));
      bodies.set(request.event, result.data);
    },
  };
}

function validateQuery(schema: Schema): Mw {
  return {
    name: 'validate-query',
    before: async (request) => {
      const result = schema.safeParse(request.event.queryStringParameters ?? {});
      if (!result.success) throw new InvalidInput(apiTexts.invalidQuery, fieldErrors(result.error), 'invalid_query');
      queries.set(request.event, result.data);
    },
  };
}

function lowerCaseHeaders(headers: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value;
  return out;
}

/**
 * The row of the route table for a key like `GET /api/products/{id}` (in a bundle: the rows it was
 * built with, `./route-rows.ts`); throws at cold start if absent.
 */
export function findRoute(key: string): RouteRow {
  const route = servedRows().find((r) => `${r.method} ${r.path}` === key);
  if (!route) throw new Error(`No route "${key}" in lambdas/routes.ts`);
  return route;
}

/** The schemas a route validates with: exactly where its contract has a body or a query. */
type RouteSchemas<K extends ApiRouteKey> = (ApiBody<K> extends undefined
  ? { readonly body?: undefined }
  : { readonly body: Schema<ApiBody<K>> }) &
  (ApiQuery<K> extends undefined ? { readonly query?: undefined } : { readonly query: Schema<ApiQuery<K>> }) & {
    /**
     * The proof-of-work guard (`challengeGuard` of `challenge-guard.ts`), given by the handler of a
     * `challenge` row: imported there, not here, so no other function's bundle carries altcha-lib.
     */
    readonly challengeGuard?: (route: RouteRow) => ChallengeGuard;
  };

type RawQuery = Readonly<Record<string, string | undefined>>;

/**
 * Builds the Lambda handler of one route. The body and query schemas, the request the use case gets
 * and the answer it must give all follow the route's entry in `shared/api-routes.ts`.
 */
export function httpRoute<K extends ApiRouteKey>(
  key: K,
  options: RouteSchemas<K>,
  useCase: (request: ApiRequest<ApiBody<K>, ApiQuery<K> extends undefined ? RawQuery : ApiQuery<K>>) => Promise<HttpResult<ApiResponse<K>>>,
) {
  const route = findRoute(key);
  const cacheControl = route.cacheSeconds
    ? `public, max-age=0, s-maxage=${route.cacheSeconds}, stale-while-revalidate=${route.cacheSeconds}`
    : 'no-store';

  const handler = middy<ApiEvent, HttpResult, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorMapper)
    .use(originLock);
  if (route.access === 'admin') handler.use(requireAdmin);
  // The proof of work (docs/design.md §28): checked before anything else, spent last before the use case.
  // A row asking for a proof of work whose handler gives no guard fails at its cold start (a call of undefined).
  const guard = route.challenge ? options.challengeGuard!(route) : undefined;
  if (guard) handler.use(guard.check);
  const limitedBy = new Set((route.limits ?? []).map((limit) => limit.by));
  if (limitedBy.has('client')) handler.use(rateLimit(route, 'client'));
  if (options.query) handler.use(validateQuery(options.query));
  if (options.body) handler.use(jsonBody).use(validate(options.body));
  if (limitedBy.has('email')) handler.use(rateLimit(route, 'email'));
  if (guard) handler.use(guard.spend);

  const answer = handler.handler(async (event, context) => {
    const request: ApiRequest<never, never> = {
      event,
      context,
      body: bodies.get(event) as never,
      params: event.pathParameters ?? {},
      query: (options.query ? queries.get(event) : (event.queryStringParameters ?? {})) as never,
      headers: lowerCaseHeaders(event.headers),
    };
    const result = await useCase(request);
    if (result.statusCode !== 200 || !route.cacheSeconds)
      return { ...result, headers: { 'cache-control': result.statusCode === 200 ? cacheControl : 'no-store', ...result.headers } };
    // A cacheable answer carries its ETag: a browser (or CloudFront) that has it asks again with
    // If-None-Match and gets an empty 304 instead of the whole catalogue.
    const etag = entityTag(result.body ?? '');
    const headers = { 'cache-control': cacheControl, etag, ...result.headers };
    if (matchesEntityTag(request.headers['if-none-match'], etag))
      return { statusCode: 304, headers: { 'cache-control': cacheControl, etag } };
    return { ...result, headers };
  });
  // The checkout (the idempotent row) answers before its function's end whatever step is slow, its
  // middlewares included: asking again with the same key is safe (docs/drops.md).
  return route.idempotent ? answeredBeforeTimeout(answer) : answer;
}

/**
 * `answer`, raced against the invocation's end less {@link LAST_ANSWER_MS}: past that, the buyer is
 * answered 503 `checkout_busy` with `Retry-After` instead of Lambda's timeout (API Gateway's 500). The
 * use case keeps its own, earlier deadline (`services/checkout-deadline.ts`); this covers the steps
 * before it (the per-client limits, the proof's spend) on a slow moment of the database.
 */
function answeredBeforeTimeout<H extends (event: ApiEvent, context: Context) => Promise<HttpResult>>(answer: H): H {
  const busy = (): HttpResult => {
    const { status, body, headers } = toErrorResponse(new CheckoutBusy(BUSY_RETRY_AFTER_SECONDS));
    logger.info('request refused', { status, code: 'checkout_busy' });
    return json(status, body, { 'cache-control': 'no-store', ...headers });
  };
  const raced = async (event: ApiEvent, context: Context): Promise<HttpResult> => {
    if (typeof context?.getRemainingTimeInMillis !== 'function') return answer(event, context);
    const lastAt = Date.now() + context.getRemainingTimeInMillis() - LAST_ANSWER_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<HttpResult>((resolve) => (timer = setTimeout(() => resolve(busy()), Math.max(0, lastAt - Date.now()))));
    try {
      const result = await Promise.race([answer(event, context), late]);
      // A step that failed past the last moment (a call refused as the invocation ends, the timer late
      // on a starved event loop) is the same lack of time: busy, not a fault.
      return result.statusCode >= 500 && Date.now() >= lastAt ? busy() : result;
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(raced, answer);
}

let lastTagged: { readonly body: string; readonly etag: string } | undefined;

/**
 * A strong ETag of an answer's body (the first 16 bytes of its SHA-256, base64url). The last one is
 * kept: an answer encoded once (the catalogue's) is hashed once, not at every request.
 */
export function entityTag(body: string): string {
  if (lastTagged?.body === body) return lastTagged.etag;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  lastTagged = { body, etag };
  return etag;
}

/** Whether an If-None-Match header names `etag` (a list, `*`, or a weak form of it: RFC 9110, 13.1.2 compares weakly). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}
