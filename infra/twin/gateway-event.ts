/**
 * What the local gateway hands a function, as API Gateway (HTTP API, payload 2.0) and Lambda do in the
 * cloud: the event of a request (headers, query, path parameters, the authorizer's claims, the body as
 * text or base64) and the invocation's context, with its remaining time.
 */
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import type { Route } from '#lambdas/routes.ts';

export interface CompiledRoute {
  readonly route: Route;
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
}

export type Authorizer = APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer'];

/** What the gateway knows of a request once it has its route, its identity and its body. */
export interface GatewayRequest {
  readonly req: IncomingMessage;
  readonly url: URL;
  readonly method: string;
  readonly match: CompiledRoute;
  readonly routeKey: string;
  readonly headers: Record<string, string>;
  readonly pathParameters: Record<string, string>;
  readonly authorizer: Authorizer | undefined;
  readonly body: Buffer;
  readonly requestId: string;
}

function queryParameters(search: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of search) out[key] = key in out ? `${out[key]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i.test(contentType);
}

export /** The API Gateway v2 (payload 2.0) event of a request. */
function lambdaEvent(request: GatewayRequest): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { req, url, method, match, routeKey, headers, pathParameters, authorizer, body, requestId } = request;
  const textual = isTextual(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: queryParameters(url.searchParams),
    pathParameters: match.paramNames.length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: '127',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(authorizer ? { authorizer } : {}),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export /** The Lambda context of one invocation of the route's function, with its remaining time until `deadline`. */
function lambdaContext(route: Route, requestId: string, deadline: number): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${route.handler.replaceAll('/', '-')}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.handler.replaceAll('/', '-')}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } as Context;
}
