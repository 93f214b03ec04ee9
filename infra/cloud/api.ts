/**
 * The HTTP API, built row by row from the route table `lambdas/routes.ts`: one function per row
 * (`lambdas/handlers/<handler>.ts`), bound to exactly the tables, buckets and mail its `grants` name,
 * and, on admin rows, the Cognito JWT authorizer. The browser reaches the API through CloudFront on
 * the shop's own origin, so the API needs no CORS.
 */
import path from 'node:path';
import { Aws, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_THROTTLE, routeId, routes as routeTable, type Route } from '#lambdas/routes.ts';
import { ORIGIN_ENV } from '#lambdas/contracts/env.ts';
import { routeRowsDefine } from '#lambdas/http/route-rows.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { ShopFunction } from './constructs/shop-function.ts';
import { SHARP_NODE_MODULES } from './photos.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

/** `GET /api/products/{id}`: the API Gateway route key of a row. */
export type RouteKey = `${Route['method']} ${Route['path']}`;

export function routeKeyOf(route: Pick<Route, 'method' | 'path'>): RouteKey {
  return `${route.method} ${route.path}`;
}

/** Access log line of the API stage: one JSON object per request, HTTP API context variables only. */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  protocol: '$context.protocol',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
} as const;

export interface ApiProps {
  readonly targets: BindTargets;
  /** Token issuer of the admin user pool. */
  readonly jwtIssuer: string;
  /** Audience of admin tokens (the SPA's app client id). */
  readonly jwtAudience: readonly string[];
  /** @default `lambdas/routes.ts` */
  readonly routes?: readonly Route[];
  /** Directory of the handler modules. @default `<repo>/lambdas/handlers` */
  readonly handlersDir?: string;
  /** The stage's default throttling (routes without their own `throttle`). @default `DEFAULT_THROTTLE` */
  readonly throttle?: apigw.ThrottleSettings;
  /**
   * The origin secret (a dynamic reference to the stack's secret): CloudFront sends it in
   * `x-origin-verify`, every function refuses a request without it.
   */
  readonly originSecret: string;
}

/** Routes whose latency is alarmed on (p99): their stage metrics are per route (detailed metrics). */
/**
 * A function that checks proofs of payment in the call (docs/design.md §29): sharp in its
 * `node_modules` as the photo function's, and 1 GB (Lambda gives CPU with memory: a 5 MB screenshot is
 * decoded and re-encoded well within the 10 s timeout; figures in docs/design.md §29).
 */
const PROOF_CHECKING = { memorySize: 1024, nodeModules: SHARP_NODE_MODULES } as const;

export const LATENCY_WATCHED_ROUTES = ['POST /api/orders', 'POST /api/orders/{id}/proof'] as const;

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  readonly authorizer: HttpJwtAuthorizer;
  /** The function of every row, by route key. */
  readonly functions: ReadonlyMap<RouteKey, ShopFunction>;
  /** The API Gateway route of every row, by route key. */
  readonly routes: ReadonlyMap<RouteKey, apigw.HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const handlersDir = props.handlersDir ?? path.join(REPO_ROOT, 'lambdas', 'handlers');

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Joias Inox shop API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    this.authorizer = new HttpJwtAuthorizer('AdminJwt', props.jwtIssuer, {
      jwtAudience: [...props.jwtAudience],
      identitySource: ['$request.header.Authorization'],
    });

    const functions = new Map<RouteKey, ShopFunction>();
    const httpRoutes = new Map<RouteKey, apigw.HttpRoute>();
    for (const route of (props.routes ?? routeTable) as readonly Route[]) {
      const key = routeKeyOf(route);
      if (functions.has(key)) throw new Error(`Route ${key} appears twice in the route table`);
      const id = routeId(route);
      const fn = new ShopFunction(this, id, {
        entry: path.join(handlersDir, `${route.handler}.ts`),
        description: `${key} (${route.access})`,
        renderer: route.renderer === true,
        grants: route.grants,
        define: routeRowsDefine([route]),
        ...(route.checksProofs ? PROOF_CHECKING : {}),
      });
      for (const grant of route.grants) bindGrant(fn.function, grant, props.targets);
      fn.function.addEnvironment(ORIGIN_ENV.secret, props.originSecret);

      const httpRoute = new apigw.HttpRoute(this, `${id}Route`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
        ...(route.access === 'admin' ? { authorizer: this.authorizer } : {}),
      });
      if (route.access === 'public') {
        acknowledgeNag(
          httpRoute,
          'APIG4',
          `${key} is a public route of the shop by design (the public rows of lambdas/routes.ts): shoppers use it without an ` +
            'account. Its handler validates the input with the shared zod schema and the stage throttles every route.',
        );
      }
      functions.set(key, fn);
      httpRoutes.set(key, httpRoute);
    }
    this.functions = functions;
    this.routes = httpRoutes;

    // Per-route throttling (the row's `throttle`: the catalogue generous, public writes tight) and
    // per-route metrics for the routes whose latency is alarmed on. The stage names routes by key, so
    // it must come after them.
    const routeSettings: Record<string, Record<string, unknown>> = {};
    for (const route of (props.routes ?? routeTable) as readonly Route[]) {
      const key = routeKeyOf(route);
      const detailed = (LATENCY_WATCHED_ROUTES as readonly string[]).includes(key);
      if (!route.throttle && !detailed) continue;
      routeSettings[key] = {
        ...(route.throttle ? { ThrottlingRateLimit: route.throttle.rateLimit, ThrottlingBurstLimit: route.throttle.burstLimit } : {}),
        ...(detailed ? { DetailedMetricsEnabled: true } : {}),
      };
    }
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = routeSettings;
    for (const route of httpRoutes.values()) this.stage.node.addDependency(route);
  }

  /** Host name of the API's execute-api endpoint (the CloudFront origin of `/api/*`). */
  get originDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Aws.URL_SUFFIX}`;
  }
}
