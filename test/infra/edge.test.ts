/**
 * A public edge that bots cannot abuse (docs/design.md §20), in the synthesized stack: the origin lock
 * (CloudFront's secret header; every API function reads the secret at run time, its ARN alone in the environment), the viewer's IP for the
 * per-client limits and the proof of work's signature (its KeyValueStore, no key in the template), the catalogue's cache key, per-route
 * stage throttling and the alarms on refusals, 429s and checkout latency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_THROTTLE, CHECKOUT_THROTTLE, DEFAULT_THROTTLE, routes, WRITE_THROTTLE, type Route } from '#lambdas/routes.ts';
import {
  INVOICING_ENV,
  ORDER_LINK_ENV,
  ORIGIN_ENV,
  ORIGIN_HEADER,
  PAGES_FALLBACK_HEADER,
  PAYMENT_KEYS_ENV,
} from '#lambdas/contracts/env.ts';
import { LATENCY_WATCHED_ROUTES, routeKeyOf } from '#infra/cloud/api.ts';
import { ALARM_THRESHOLDS } from '#infra/cloud/alarms.ts';
import { apiViewerRequestCode, MAX_FUNCTION_BYTES } from '#infra/common/edge-proof.ts';
import { EDGE_PROOF_RULE } from '#infra/common/edge-rules.ts';
import { PAGES_FALLBACK_PATH } from '#shared/pages.ts';
import {
  actionsOf,
  functionEnv,
  functionRole,
  removeScratch,
  statementsOfRole,
  synthShop,
  SYNTH_TIMEOUT_MS,
  type Synthesized,
} from './support.ts';

let shop: Synthesized;
beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const distribution = () => shop.json.Resources[shop.logicalId(shop.stack.web.distribution)]!.Properties.DistributionConfig;
const secretId = () => shop.logicalId(shop.stack.originSecret);
const linkSecretId = () => shop.logicalId(shop.stack.orderLinkSecret);
/** The dynamic reference CloudFormation resolves, when it updates the distribution, to the secret's current value. */
const secretReference = () => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId() }, ':SecretString:current::}}']] });
const lambdaFunctions = () => Object.entries(shop.json.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
const envOf = (fn: { function: object }) => functionEnv(shop, fn);
const roleOf = (fn: { function: object }) => functionRole(shop, fn);
/** The secrets a function's role may read: the resources of its `secretsmanager:*` statements, each with its actions. */
const secretGrants = (roleLogicalId: string) =>
  statementsOfRole(shop.json, roleLogicalId)
    .filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')))
    .map((s) => ({ actions: actionsOf([s]), resource: s.Resource }));

describe('the origin lock', () => {
  it("CloudFront sends the secret's current value in x-origin-verify to the API origins (API, admin API, pages fallback) only", () => {
    const secret = shop.json.Resources[secretId()]!;
    // Exact: CloudFormation generates a new value whenever GenerateSecretString changes (docs/running-the-shop.md#rotating-the-secrets).
    expect(secret.Properties.GenerateSecretString, 'changing it regenerates the live secret').toEqual({
      SecretStringTemplate: '{}',
      GenerateStringKey: 'current',
      ExcludePunctuation: true,
      PasswordLength: 48,
    });
    const origins = distribution().Origins as {
      Id: string;
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    const api = origins.filter((o) => o.CustomOriginConfig);
    expect(api).toHaveLength(3);
    for (const origin of api)
      expect(origin.OriginCustomHeaders).toContainEqual({ HeaderName: ORIGIN_HEADER, HeaderValue: secretReference() });
    // The pages fallback alone also says so with its own header (the pages function renders and keeps only then).
    const withFallbackHeader = api.filter((o) => o.OriginCustomHeaders!.some((h) => h.HeaderName === PAGES_FALLBACK_HEADER));
    expect(withFallbackHeader.map((o) => (o as { OriginPath?: string }).OriginPath)).toEqual([PAGES_FALLBACK_PATH]);
    expect(withFallbackHeader[0]!.OriginCustomHeaders).toContainEqual({
      HeaderName: PAGES_FALLBACK_HEADER,
      HeaderValue: secretReference(),
    });
    for (const other of origins.filter((o) => !o.CustomOriginConfig)) expect(other.OriginCustomHeaders).toBeUndefined();
    // The secret's value is never in the template: the only SecretStrings are the empty first values of
    // the payment provider's keys and the invoicing provider's key.
    expect(JSON.stringify(shop.json).match(/"SecretString":("[^"]*"|\{)/g)).toEqual(['"SecretString":"{}"', '"SecretString":"{}"']);
  });

  it.each(routes.map((r) => [routeKeyOf(r)] as const))("%s: its function gets the secret's ARN, and may read that secret alone", (key) => {
    const fn = shop.stack.api.functions.get(key as never)!;
    expect(envOf(fn)[ORIGIN_ENV.secretArn]).toEqual({ Ref: secretId() });
    expect(secretGrants(roleOf(fn))).toContainEqual({ actions: ['secretsmanager:GetSecretValue'], resource: { Ref: secretId() } });
  });
});

describe('secrets are read at run time', () => {
  it("no function's environment holds a secret's value or a dynamic reference to one", () => {
    const functions = lambdaFunctions();
    expect(functions.length).toBeGreaterThan(50);
    for (const [id, resource] of functions) {
      const env = JSON.stringify(resource.Properties.Environment?.Variables ?? {});
      expect({ id, resolves: env.includes('{{resolve:') }).toEqual({ id, resolves: false });
    }
    // The two secrets reach functions by ARN only: every reference to them in a function's environment is a bare Ref.
    const refs = functions
      .flatMap(([, r]) => Object.values((r.Properties.Environment?.Variables ?? {}) as Record<string, unknown>))
      .filter((v) => JSON.stringify(v).includes(secretId()) || JSON.stringify(v).includes(linkSecretId()));
    expect(refs.length).toBeGreaterThan(routes.length);
    for (const ref of refs) expect([{ Ref: secretId() }, { Ref: linkSecretId() }]).toContainEqual(ref);
  });

  it("every role that may read a secret has GetSecretValue on exactly its function's secrets, and nothing else of Secrets Manager", () => {
    const roles = Object.entries(shop.json.Resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Role')
      .map(([id]) => id);
    let readers = 0;
    for (const role of roles) {
      const grants = secretGrants(role);
      if (!grants.length) continue;
      readers += 1;
      const fns = lambdaFunctions().filter(
        ([, r]) => JSON.stringify(r.Properties.Role) === JSON.stringify({ 'Fn::GetAtt': [role, 'Arn'] }),
      );
      expect(fns).toHaveLength(1);
      const env = (fns[0]![1].Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      const named = [ORIGIN_ENV.secretArn, ORDER_LINK_ENV.secretArn, PAYMENT_KEYS_ENV.secretArn, INVOICING_ENV.secretArn]
        .filter((name) => name in env)
        .map((name) => env[name]);
      // The only writes: the providers' keys, each by the route that saves them (the next test).
      const reads = grants.filter((g) => !g.actions.includes('secretsmanager:PutSecretValue'));
      expect(reads.map((g) => g.actions)).toEqual(reads.map(() => ['secretsmanager:GetSecretValue']));
      expect(reads.map((g) => g.resource).sort(byJson)).toEqual(named.sort(byJson));
    }
    expect(readers).toBeGreaterThan(routes.length);
  });

  it("only the routes that save a provider's keys may write a secret: PutSecretValue on that secret alone", () => {
    const keysSecret = { Ref: shop.logicalId(shop.stack.paymentKeysSecret) };
    const invoicingSecret = { Ref: shop.logicalId(shop.stack.invoicingKeySecret) };
    const writers = [...shop.stack.api.functions.entries()].flatMap(([key, fn]) =>
      secretGrants(roleOf(fn))
        .filter((g) => g.actions.some((a) => a !== 'secretsmanager:GetSecretValue'))
        .map((g) => ({ key, ...g })),
    );
    expect(writers.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'PUT /api/admin/settings/invoicing-key', actions: ['secretsmanager:PutSecretValue'], resource: invoicingSecret },
      { key: 'PUT /api/admin/settings/payment-keys', actions: ['secretsmanager:PutSecretValue'], resource: keysSecret },
    ]);
    expect(envOf(shop.stack.api.functions.get('PUT /api/admin/settings/payment-keys' as never)!)[PAYMENT_KEYS_ENV.secretArn]).toEqual(
      keysSecret,
    );
    expect(envOf(shop.stack.api.functions.get('PUT /api/admin/settings/invoicing-key' as never)!)[INVOICING_ENV.secretArn]).toEqual(
      invoicingSecret,
    );
  });
});

const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

describe("the key of the customers' order links", () => {
  it('is a generated secret, read at run time only by the functions that make or mail order links or sign and check proofs of work', () => {
    // Exact: a change would regenerate the key and every link already e-mailed would stop opening.
    expect(shop.json.Resources[linkSecretId()]!.Properties.GenerateSecretString, 'changing it regenerates the live key').toEqual({
      SecretStringTemplate: '{}',
      GenerateStringKey: 'current',
      ExcludePunctuation: true,
      PasswordLength: 64,
    });
    const holders = [...shop.stack.api.functions.entries()].filter(([, fn]) => ORDER_LINK_ENV.secretArn in envOf(fn)).map(([key]) => key);
    // The challenge's HMAC keys are derived from it (docs/design.md §28): the challenge route and the five guarded writes;
    // and the four routes that open an order by its link check the link against the keys accepted now.
    expect(holders.sort()).toEqual([
      'GET /api/challenge',
      'GET /api/orders/{id}',
      'POST /api/contact-messages',
      'POST /api/discount-codes/check',
      'POST /api/orders',
      'POST /api/orders/lookup',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payment-method',
      'POST /api/orders/{id}/proof',
      'POST /api/stock-alerts',
      'POST /api/uploads/proof',
    ]);
    for (const [key, fn] of shop.stack.api.functions.entries()) {
      const reads = secretGrants(roleOf(fn)).some((g) => JSON.stringify(g.resource) === JSON.stringify({ Ref: linkSecretId() }));
      expect({ key, reads }).toEqual({ key, reads: holders.includes(key) });
    }
    const outbox = shop.stack.outbox.functions.get('OutboxMail')!;
    expect(envOf(outbox)[ORDER_LINK_ENV.secretArn]).toEqual({ Ref: linkSecretId() });
    expect(secretGrants(roleOf(outbox))).toEqual([{ actions: ['secretsmanager:GetSecretValue'], resource: { Ref: linkSecretId() } }]);
  });
});

describe("the viewer's IP and the catalogue cache", () => {
  it('the uncached /api/* behaviour runs the viewer-IP function on viewer requests; the catalogue behaviours need none', () => {
    const behaviours = distribution().CacheBehaviors as {
      PathPattern: string;
      FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
    }[];
    const api = behaviours.find((b) => b.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(api.FunctionAssociations![0]!.EventType).toBe('viewer-request');
    const fnId = (api.FunctionAssociations![0]!.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(shop.json.Resources[fnId]!.Properties.FunctionCode).toBe(apiViewerRequestCode());
    expect(apiViewerRequestCode()).toContain("request.headers['x-viewer-ip'] = { value: event.viewer.ip }");
    for (const b of behaviours.filter((b) => b.PathPattern !== '/api/*' && b.PathPattern.startsWith('/api/')))
      expect(b.FunctionAssociations).toBeUndefined();
  });

  it("the catalogue's cache key has no query string: ?cb=<random> (or ?q=<random>) is served from the edge; the search's has q", () => {
    const policy = shop.json.Resources[shop.logicalId(shop.stack.web.apiCachePolicy)]!.Properties.CachePolicyConfig;
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    const behaviours = distribution().CacheBehaviors as { PathPattern: string; CachePolicyId: unknown }[];
    const queriesOf = (pattern: string) => {
      const id = (behaviours.find((b) => b.PathPattern === pattern)!.CachePolicyId as { Ref: string }).Ref;
      return shop.json.Resources[id]!.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig;
    };
    for (const pattern of ['/api/products', '/api/products/*', '/api/collections'])
      expect(queriesOf(pattern), pattern).toEqual({ QueryStringBehavior: 'none' });
    expect(queriesOf('/api/search')).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['q'] });
  });
});

describe('stage throttling per route', () => {
  it('the default for every route, and each row with its own throttle gets it (the catalogue generous, public writes tight)', () => {
    const stage = Object.values(shop.json.Resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: DEFAULT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: DEFAULT_THROTTLE.burstLimit,
    });
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number; DetailedMetricsEnabled?: boolean }
    >;
    for (const route of routes as readonly Route[]) {
      const key = routeKeyOf(route);
      if (route.throttle)
        expect(settings[key], key).toMatchObject({
          ThrottlingRateLimit: route.throttle.rateLimit,
          ThrottlingBurstLimit: route.throttle.burstLimit,
        });
    }
    expect(settings['GET /api/products']).toMatchObject({ ThrottlingRateLimit: CATALOGUE_THROTTLE.rateLimit });
    expect(settings['POST /api/orders']).toMatchObject({
      ThrottlingRateLimit: CHECKOUT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: CHECKOUT_THROTTLE.burstLimit,
      DetailedMetricsEnabled: true,
    });
    expect(settings['POST /api/contact-messages']).toMatchObject({ ThrottlingBurstLimit: WRITE_THROTTLE.burstLimit });
    // Every public write route is throttled on its own.
    for (const route of routes.filter((r) => r.access === 'public' && r.method !== 'GET'))
      expect(settings[routeKeyOf(route)], routeKeyOf(route)).toBeDefined();
  });
});

describe('alarms on abuse', () => {
  const alarms = () => Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');

  it('the share of 4xx answers (once there is traffic), and the 429s counted from the access logs', () => {
    const rate = alarms().find((a) => /refusals \(4xx\) rate/.test(a.Properties.AlarmName))!;
    expect(rate.Properties.Threshold).toBe(ALARM_THRESHOLDS.api4xxRate);
    expect(JSON.stringify(rate.Properties.Metrics)).toMatch(/IF\(requests >= 50, refusals \/ requests, 0\)/);
    const filter = Object.values(shop.json.Resources).find(
      (r) => r.Type === 'AWS::Logs::MetricFilter' && /status/.test(r.Properties.FilterPattern),
    )!;
    expect(filter.Properties.FilterPattern).toBe('{ $.status = "429" }');
    const tooMany = alarms().find((a) => /429/.test(a.Properties.AlarmName))!;
    expect(tooMany.Properties).toMatchObject({
      MetricName: filter.Properties.MetricTransformations[0].MetricName,
      Threshold: ALARM_THRESHOLDS.api429,
    });
  });

  it.each(LATENCY_WATCHED_ROUTES.map((k) => [k] as const))('p99 latency of %s', (key) => {
    const alarm = alarms().find((a) => a.Properties.MetricName === 'Latency' && JSON.stringify(a.Properties.Dimensions).includes(key))!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
      Threshold: ALARM_THRESHOLDS.orderLatencyP99Ms,
    });
  });
});

describe("the proof of work's signature at the edge", () => {
  const resourcesOfType = (type: string) => Object.entries(shop.json.Resources).filter(([, r]) => r.Type === type);
  const behaviours = () =>
    distribution().CacheBehaviors as {
      PathPattern: string;
      FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
    }[];
  const apiFunctionId = () => behaviours().find((b) => b.PathPattern === '/api/*')!.FunctionAssociations![0]!.FunctionARN['Fn::GetAtt'][0];

  it('every guarded write is served by the /api/* behaviour, whose function reads the one KeyValueStore; the code is within 10 KB', () => {
    // CloudFront takes the first pattern that matches (`*` any characters, `?` one).
    const glob = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      );
    for (const route of EDGE_PROOF_RULE.routes)
      expect({ route, behaviour: behaviours().find((b) => glob(b.PathPattern).test(route.path))?.PathPattern }).toEqual({
        route,
        behaviour: '/api/*',
      });
    const stores = resourcesOfType('AWS::CloudFront::KeyValueStore');
    expect(stores).toHaveLength(1);
    const fn = shop.json.Resources[apiFunctionId()]!.Properties;
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.FunctionConfig.KeyValueStoreAssociations).toEqual([{ KeyValueStoreARN: { 'Fn::GetAtt': [stores[0]![0], 'Arn'] } }]);
    expect(Buffer.byteLength(fn.FunctionCode)).toBeLessThanOrEqual(MAX_FUNCTION_BYTES);
    expect(shop.json.Outputs?.ChallengeKeysStoreArn?.Value).toEqual({ 'Fn::GetAtt': [stores[0]![0], 'Arn'] });
  });

  it('no key is in the template: the store is created empty, the function holds no key, and nothing else writes to the store', () => {
    const [storeId, store] = resourcesOfType('AWS::CloudFront::KeyValueStore')[0]!;
    expect(store.Properties?.ImportSource).toBeUndefined();
    expect(shop.json.Resources[apiFunctionId()]!.Properties.FunctionCode).not.toMatch(/[0-9a-f]{64}/);
    const mentions = Object.entries(shop.json.Resources).filter(([id, r]) => id !== storeId && JSON.stringify(r).includes(`"${storeId}"`));
    expect(mentions.map(([id]) => id)).toEqual([apiFunctionId()]);
  });
});
