/**
 * The two HTTP APIs, built row by row from the route table `lambdas/routes.ts`: one function per row
 * (`lambdas/handlers/<handler>.ts`), bound to exactly the tables, buckets and mail its `grants` name.
 *
 * - **Public API** (`HttpApi`): the public rows; CloudFront's `/api/*` behaviour.
 * - **Admin API** (`AdminHttpApi`): the `admin` rows, all with the Cognito JWT authorizer; CloudFront's
 *   `/api/admin/*` behaviour. Its own stage, so its own throttle buckets: API Gateway applies a stage's
 *   and a route's throttle to every caller of that stage before the JWT authorizer runs (HTTP API
 *   throttling: account, then stage and route limits, https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-throttling.html;
 *   the authorizer is evaluated on a request that was let through), so anonymous floods of the public API can never
 *   drain the owner's; anonymous floods of `/api/admin/*` itself are stopped per address by the WAF (`waf.ts`).
 *
 * The APIs, their stages and the authorizer are in the shop's stack; the rows' functions, integrations
 * and routes (7 resources a row) live in nested stacks, "route shards": a row's shard is a stable hash of
 * its route key ({@link routeShard}), so a new row never moves an existing one to another stack (a
 * route key exists once per API: moving it between stacks in one deploy would collide). Each shard
 * holds at most {@link SHARD_ROUTE_BUDGET} rows' worth of resources; `test/infra/stacks.test.ts`
 * checks the counts with 50 more rows. The browser reaches both APIs through CloudFront on the shop's
 * own origin, so they need no CORS.
 */
import path from 'node:path';
import { Aws, NestedStack, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DEFAULT_THROTTLE, routeId, routes as routeTable, type Route } from '#lambdas/routes.ts';
import { ORIGIN_ENV } from '#lambdas/contracts/env.ts';
import { routeRowsDefine } from '#lambdas/http/route-rows.ts';
import { bindGrant, bindSecret, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { ADMIN_THROTTLE, reservedConcurrency, stageThrottle } from '../common/concurrency.ts';
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

/** Route shards (nested stacks) per API. Never change a deployed stage's counts: rows would move between stacks. */
export const ROUTE_SHARDS = { public: 2, admin: 3 } as const;
/** Rows a shard may hold: 7 resources each, under the 300 a stack may have here (CloudFormation allows 500). */
export const SHARD_ROUTE_BUDGET = 40;

/** The shard of a row: FNV-1a of its route key, modulo the shard count of its API. Stable as rows come and go. */
export function routeShard(route: Pick<Route, 'method' | 'path' | 'access'>): number {
  let hash = 0x811c9dc5;
  for (const char of routeKeyOf(route)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % ROUTE_SHARDS[route.access];
}

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
  /**
   * The account's Lambda concurrency quota in the region (context `lambdaConcurrency`, `concurrency.ts`).
   * @default unknown: nothing reserved
   */
  readonly lambdaConcurrency?: number;
  /** The public stage's default throttling (routes without their own `throttle`). @default `DEFAULT_THROTTLE` */
  readonly throttle?: apigw.ThrottleSettings;
  /** The admin stage's default throttling. @default `ADMIN_THROTTLE` (sized for what strangers get through the edge) */
  readonly adminThrottle?: apigw.ThrottleSettings;
  /**
   * The origin secret: CloudFront sends its current value in `x-origin-verify`; every function reads it
   * at run time (its ARN in the environment, `GetSecretValue` on it) and refuses a request without it.
   */
  readonly originSecret: secretsmanager.ISecret;
}

/** Routes whose latency is alarmed on (p99): their stage metrics are per route (detailed metrics). */
/**
 * A function that checks proofs of payment in the call (docs/design.md §29): sharp in its
 * `node_modules` as the photo function's, and 1 GB (Lambda gives CPU with memory: a 5 MB screenshot is
 * decoded and re-encoded well within the 10 s timeout; figures in docs/design.md §29).
 */
const PROOF_CHECKING = { memorySize: 1024, nodeModules: SHARP_NODE_MODULES } as const;

export const LATENCY_WATCHED_ROUTES = ['POST /api/orders', 'POST /api/orders/{id}/proof'] as const;

/** One HTTP API with its `$default` stage and JSON access logs. */
interface ApiFront {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
}

export class Api extends Construct {
  /** The public API (CloudFront's `/api/*`). */
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  /** The back-office API (CloudFront's `/api/admin/*`), with its own stage and throttles. */
  readonly adminHttpApi: apigw.HttpApi;
  readonly adminStage: apigw.HttpStage;
  readonly adminAccessLogs: logs.LogGroup;
  readonly authorizer: apigw.HttpAuthorizer;
  /** The nested stacks holding the rows, by name (`PublicRoutes0`, `AdminRoutes2`, ...). */
  readonly shards: ReadonlyMap<string, NestedStack>;
  /** The function of every row, by route key. */
  readonly functions: ReadonlyMap<RouteKey, ShopFunction>;
  /** The API Gateway route of every row, by route key. */
  readonly routes: ReadonlyMap<RouteKey, apigw.HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const handlersDir = props.handlersDir ?? path.join(REPO_ROOT, 'lambdas', 'handlers');
    const rows = props.routes ?? routeTable;
    const throttle = props.throttle ?? DEFAULT_THROTTLE;
    const adminThrottle = props.adminThrottle ?? ADMIN_THROTTLE;

    const publicFront = this.front(
      'HttpApi',
      'DefaultStage',
      'AccessLogs',
      'Joias Inox shop API (reached through CloudFront at /api/*)',
      throttle,
    );
    const adminFront = this.front(
      'AdminHttpApi',
      'AdminStage',
      'AdminAccessLogs',
      'Joias Inox back-office API (reached through CloudFront at /api/admin/*)',
      adminThrottle,
    );
    ({ httpApi: this.httpApi, stage: this.stage, accessLogs: this.accessLogs } = publicFront);
    ({ httpApi: this.adminHttpApi, stage: this.adminStage, accessLogs: this.adminAccessLogs } = adminFront);

    this.authorizer = new apigw.HttpAuthorizer(this, 'AdminJwt', {
      httpApi: this.adminHttpApi,
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: props.jwtIssuer,
      jwtAudience: [...props.jwtAudience],
    });

    const functions = new Map<RouteKey, ShopFunction>();
    const httpRoutes = new Map<RouteKey, apigw.HttpRoute>();
    const shards = new Map<string, NestedStack>();
    const shardScope = (route: Route): Construct => {
      const name = `${route.access === 'admin' ? 'Admin' : 'Public'}Routes${routeShard(route)}`;
      let shard = shards.get(name);
      if (!shard) {
        shard = new NestedStack(this, name, { description: `Joias Inox: ${route.access} API rows (shard ${routeShard(route)})` });
        shards.set(name, shard);
      }
      // Inside a shard the rows sit under `Api`, so their logical ids read as in one stack (`Api<RowId>...`).
      return (shard.node.tryFindChild('Api') as Construct | undefined) ?? new Construct(shard, 'Api');
    };

    for (const route of rows) {
      const key = routeKeyOf(route);
      if (functions.has(key)) throw new Error(`Route ${key} appears twice in the route table`);
      const rowScope = shardScope(route);
      const { fn, httpRoute } = this.row(rowScope, route, props, handlersDir);
      functions.set(key, fn);
      httpRoutes.set(key, httpRoute);
    }
    this.functions = functions;
    this.routes = httpRoutes;
    this.shards = shards;

    this.routeSettings(
      publicFront,
      rows.filter((route) => route.access !== 'admin'),
      props.lambdaConcurrency,
    );
    this.routeSettings(
      adminFront,
      rows.filter((route) => route.access === 'admin'),
      props.lambdaConcurrency,
    );
    // A stage names its routes by key: it is updated after every shard that holds them.
    for (const shard of shards.values()) {
      const front = shard.node.id.startsWith('Admin') ? adminFront : publicFront;
      front.stage.node.addDependency(shard);
    }
  }

  /** An HTTP API with its `$default` stage (auto-deployed, throttled) and its access logs, kept 30 days. */
  private front(apiId: string, stageId: string, logsId: string, description: string, throttle: apigw.ThrottleSettings): ApiFront {
    const httpApi = new apigw.HttpApi(this, apiId, { description, createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, logsId, { retention: logs.RetentionDays.ONE_MONTH });
    const stage = new apigw.HttpStage(this, stageId, {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });
    return { httpApi, stage, accessLogs };
  }

  /** One row in its shard: the function with its grants, the Lambda integration and the route. */
  private row(scope: Construct, route: Route, props: ApiProps, handlersDir: string): { fn: ShopFunction; httpRoute: apigw.HttpRoute } {
    const key = routeKeyOf(route);
    const id = routeId(route);
    const admin = route.access === 'admin';
    const fn = new ShopFunction(scope, id, {
      entry: path.join(handlersDir, `${route.handler}.ts`),
      description: `${key} (${route.access})`,
      renderer: 'renderer' in route && route.renderer === true,
      grants: route.grants,
      define: routeRowsDefine([route]),
      ...(route.checksProofs ? PROOF_CHECKING : {}),
    });
    for (const grant of route.grants) bindGrant(fn.function, grant, props.targets);
    bindSecret(fn.function, props.originSecret, ORIGIN_ENV.secretArn);
    const reserved = reservedConcurrency(props.routes ?? routeTable, props.lambdaConcurrency).get(key);
    if (reserved !== undefined) (fn.function.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = reserved;

    // The API as seen from the shard (its id a parameter), so the integration is made in the shard too.
    const httpApi = importedApi(scope, admin ? this.adminHttpApi : this.httpApi, admin ? 'AdminHttpApi' : 'HttpApi');
    const httpRoute = new apigw.HttpRoute(scope, `${id}Route`, {
      httpApi,
      routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
      ...(admin ? { authorizer: importedAuthorizer(scope, this.authorizer) } : {}),
    });
    if (!admin) {
      acknowledgeNag(
        httpRoute,
        'APIG4',
        `${key} is a public route of the shop by design (the public rows of lambdas/routes.ts): shoppers use it without an ` +
          'account. Its handler validates the input with the shared zod schema and the stage throttles every route.',
      );
    }
    return { fn, httpRoute };
  }

  /**
   * Per-route throttling (the row's `throttle`: the catalogue generous, public writes tight; the
   * checkout's on a small quota from the quota, `stageThrottle`) and
   * per-route metrics for the routes whose latency is alarmed on.
   */
  private routeSettings(front: ApiFront, rows: readonly Route[], quota: number | undefined): void {
    const routeSettings: Record<string, Record<string, unknown>> = {};
    for (const route of rows) {
      const key = routeKeyOf(route);
      const detailed = (LATENCY_WATCHED_ROUTES as readonly string[]).includes(key);
      const throttle = stageThrottle(route, quota);
      if (!throttle && !detailed) continue;
      routeSettings[key] = {
        ...(throttle ? { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit } : {}),
        ...(detailed ? { DetailedMetricsEnabled: true } : {}),
      };
    }
    (front.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
  }

  /** Host name of the public API's execute-api endpoint (the CloudFront origin of `/api/*`). */
  get originDomainName(): string {
    return executeApiHost(this.httpApi);
  }

  /** Host name of the admin API's execute-api endpoint (the CloudFront origin of `/api/admin/*`). */
  get adminOriginDomainName(): string {
    return executeApiHost(this.adminHttpApi);
  }
}

function executeApiHost(httpApi: apigw.IHttpApi): string {
  return `${httpApi.apiId}.execute-api.${Stack.of(httpApi).region}.${Aws.URL_SUFFIX}`;
}

/** `api` imported into a shard once (its id crosses as a nested-stack parameter). */
function importedApi(scope: Construct, api: apigw.HttpApi, id: string): apigw.IHttpApi {
  return (
    (scope.node.tryFindChild(id) as apigw.IHttpApi | undefined) ?? apigw.HttpApi.fromHttpApiAttributes(scope, id, { httpApiId: api.apiId })
  );
}

/** The admin API's JWT authorizer, imported into a shard once. */
function importedAuthorizer(scope: Construct, authorizer: apigw.HttpAuthorizer): apigw.IHttpRouteAuthorizer {
  return (
    (scope.node.tryFindChild('AdminJwt') as apigw.IHttpRouteAuthorizer | undefined) ??
    apigw.HttpAuthorizer.fromHttpAuthorizerAttributes(scope, 'AdminJwt', {
      authorizerId: authorizer.authorizerId,
      authorizerType: apigw.HttpAuthorizerType.JWT,
    })
  );
}
