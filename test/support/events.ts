/** A minimal API Gateway v2 event, for calling a handler module directly (fault tests). */
import { randomInt, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { Challenge } from 'altcha-lib';
import { needsChallenge, solved, unitsOfBody } from './clients.ts';
import { twin } from './twin.ts';

export function apiEvent(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    // As CloudFront sends it: the origin secret, and a viewer of its own (no test shares a client's limits).
    headers: {
      'content-type': 'application/json',
      'x-origin-verify': twin().originSecret,
      'x-viewer-ip': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: 'test' },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const lambdaContext = { awsRequestId: 'test', functionName: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyResultV2 | void>;

/**
 * A proof of work for `units` from the challenge handler in this process: priced by the same tables as
 * the handler it is for (a file with tables of its own has its own held share), solved as the widget does.
 */
async function solvedHere(units: number): Promise<string> {
  const { handler } = await import('#lambdas/handlers/challenge/get.ts');
  const event = apiEvent('GET', '/api/challenge') as unknown as Record<string, any>;
  event.queryStringParameters = { units: String(units) };
  const result = (await handler(event as APIGatewayProxyEventV2WithJWTAuthorizer, lambdaContext)) as { statusCode: number; body?: string };
  if (result.statusCode !== 200) throw new Error(`GET /api/challenge: ${result.statusCode} ${result.body}`);
  return solved(JSON.parse(result.body!) as Challenge);
}

/** Calls a handler module in this process as API Gateway would; `admin` adds the authorizer's claims of an admin with that e-mail. */
export async function invoke<T = any>(
  fn: unknown,
  method: string,
  path: string,
  options: { body?: unknown; params?: Record<string, string>; headers?: Record<string, string>; admin?: string } = {},
): Promise<{ status: number; body: T }> {
  // A public write needs its proof of work, as from a browser (docs/design.md §28), unless the test sends its own.
  const guarded = needsChallenge(method, `http://handler.local${path}`) && !options.headers?.['x-altcha'];
  const headers = guarded ? { 'x-altcha': await solvedHere(unitsOfBody(options.body)), ...options.headers } : options.headers;
  const event = apiEvent(method, path, { body: options.body, headers }) as unknown as Record<string, any>;
  if (options.params) event.pathParameters = options.params;
  if (options.admin)
    event.requestContext.authorizer = {
      jwt: { claims: { sub: randomUUID(), email: options.admin, 'cognito:groups': '[admin]' }, scopes: [] },
    };
  const result = (await (fn as Handler)(event as APIGatewayProxyEventV2WithJWTAuthorizer, lambdaContext)) as {
    statusCode: number;
    body?: string;
  };
  return { status: result.statusCode, body: (result.body ? JSON.parse(result.body) : undefined) as T };
}
