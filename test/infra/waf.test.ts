/**
 * The edge by default (docs/design.md §30, `edgePlan`): the app synthesized from context as
 * `npm run synth` does. By default a CLOUDFRONT web ACL in us-east-1 with the per-address rules,
 * attached to the distribution, and the distribution on CloudFront's Free plan; `payg` the same web ACL
 * without the plan; `none` no web ACL at all. The back-office's API sits behind its own behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_THROTTLE, CHECKOUT_THROTTLE, DEFAULT_THROTTLE, routes, WRITE_THROTTLE } from '#lambdas/routes.ts';
import { ADMIN_THROTTLE } from '#infra/common/concurrency.ts';
import { readDeploySettings } from '#infra/common/deploy-settings.ts';
import { apiTexts } from '#shared/messages/index.ts';
import {
  EDGE_MAX_BODY_BYTES,
  EDGE_PROOF_RULE,
  EDGE_RATE_RULES,
  PROOF_SHAPE,
  sustainedRate,
  TOKEN_SHAPE,
  type EdgeScope,
} from '#infra/common/edge-rules.ts';
import { ADMIN_API_PATTERN } from '#infra/cloud/web.ts';
import { ACCESS_LOG_DAYS } from '#infra/cloud/data.ts';
import { EDGE_LOG_FIELDS, EDGE_LOG_FIELDS_LEFT_OUT } from '#infra/cloud/edge-logs.ts';
import { flattenNested, openViolations, removeScratch, synthApp, SYNTH_TIMEOUT_MS } from './support.ts';

type App = ReturnType<typeof synthApp>;
let free: App;
let none: App;
let payg: App;

beforeAll(() => {
  free = synthApp();
  none = synthApp({ edgePlan: 'none' });
  payg = synthApp({ edgePlan: 'payg' });
}, SYNTH_TIMEOUT_MS * 3);
afterAll(removeScratch);

const resourcesOf = (app: App, type: string) =>
  Object.values(app.templates).flatMap((template) =>
    Object.values(template.Resources).filter((resource: any) => resource.Type === type),
  ) as { Properties: any; Metadata?: any }[];
const stackNames = (app: App) =>
  [app.waf, app.shop, app.plan, app.mail, app.edgeLogs]
    .filter((stack) => stack !== undefined)
    .map((stack) => `${stack.stackName} (${stack.region})`);
const distributionConfig = (app: App) => resourcesOf(app, 'AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;
const rules = () => resourcesOf(free, 'AWS::WAFv2::WebACL')[0]!.Properties.Rules as any[];
const rateRule = (scope: EdgeScope) => rules().find((rule) => rule.Name === `${scope[0]!.toUpperCase()}${scope.slice(1)}PerIp`)!;

describe('edgePlan=free (the default)', () => {
  it('deploys the web ACL in us-east-1 first, then the shop, then the plan', () => {
    expect(stackNames(free)).toEqual([
      'JoiasInox-test-Waf (us-east-1)',
      'JoiasInox-test (eu-west-1)',
      'JoiasInox-test-Plan (us-east-1)',
      'JoiasInox-test-EdgeLogs (us-east-1)',
    ]);
    expect(free.shop.dependencies.map((stack) => stack.stackName)).toContain('JoiasInox-test-Waf');
    expect(free.plan!.dependencies.map((stack) => stack.stackName)).toContain('JoiasInox-test');
  });

  it('a CLOUDFRONT web ACL, attached to the distribution', () => {
    const [acl] = resourcesOf(free, 'AWS::WAFv2::WebACL');
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl!.Properties.DefaultAction).toEqual({ Allow: {} });
    // Read across regions: CDK's exports reader in the shop's stack reads the web ACL stack's ARN.
    expect(JSON.stringify(distributionConfig(free).WebACLId)).toMatch(/ExportsReader.*JoiasInoxtestWafuseast1FnGetAttWebAclArn/);
  });

  it('per-address rate rules: anonymous /api/admin/* strictest, then /api/admin/*, checkout, challenges, public writes, API; 429s', () => {
    expect(rules().map((rule) => rule.Name)).toEqual([
      'AnonymousAdminPerIp',
      'AdminPerIp',
      'CheckoutPerIp',
      'ChallengePerIp',
      'PublicWritesPerIp',
      'PublicApiPerIp',
      'ProofMissing',
      'ProofMalformed',
      'BodySize',
      'AwsIpReputation',
      'AwsCommonRuleSet',
    ]);
    for (const edgeRule of EDGE_RATE_RULES) {
      const rule = rateRule(edgeRule.scope);
      expect(rule.Statement.RateBasedStatement).toMatchObject({
        Limit: edgeRule.limit,
        EvaluationWindowSec: edgeRule.windowSeconds,
        AggregateKeyType: 'IP',
      });
      expect(rule.Action.Block.CustomResponse.ResponseCode).toBe(429);
    }
    const [anonymous, admin] = [
      EDGE_RATE_RULES.find((r) => r.scope === 'anonymousAdmin')!,
      EDGE_RATE_RULES.find((r) => r.scope === 'admin')!,
    ];
    expect(anonymous.limit).toBeLessThan(admin.limit / 10);
    const acl = resourcesOf(free, 'AWS::WAFv2::WebACL')[0]!;
    // Each rule's 429 says the wait of its own window.
    for (const edgeRule of EDGE_RATE_RULES) {
      const key = rateRule(edgeRule.scope).Action.Block.CustomResponse.CustomResponseBodyKey;
      expect(JSON.parse(acl.Properties.CustomResponseBodies[key].Content).error.message).toBe(
        apiTexts.tooManyRequests(edgeRule.windowSeconds),
      );
    }
  });

  it('the anonymous admin rule counts /api/admin/* requests without a token-shaped Authorization header: `Bearer x` is no pass', () => {
    const scope = rateRule('anonymousAdmin').Statement.RateBasedStatement.ScopeDownStatement;
    expect(JSON.stringify(scope)).toContain('"SearchString":"/api/admin/"');
    expect(scope.AndStatement.Statements[1]).toEqual({
      NotStatement: {
        Statement: {
          RegexMatchStatement: {
            FieldToMatch: { SingleHeader: { Name: 'authorization' } },
            RegexString: TOKEN_SHAPE,
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
    const token = new RegExp(TOKEN_SHAPE);
    expect(token.test('Bearer x')).toBe(false);
    expect(token.test('Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl')).toBe(true);
  });

  it("the checkout and new challenges have per-address rules of their own (the checkout at its function's per-client limit)", () => {
    const checkoutRow = routes.find((route) => route.method === 'POST' && route.path === '/api/orders')!;
    const perClient = checkoutRow.limits!.find((limit) => limit.by === 'client')!;
    expect(rateRule('checkout').Statement.RateBasedStatement).toMatchObject({
      Limit: perClient.max,
      EvaluationWindowSec: perClient.windowSeconds,
    });
    expect(JSON.stringify(rateRule('checkout').Statement.RateBasedStatement.ScopeDownStatement)).toMatch(
      /"PositionalConstraint":"EXACTLY","SearchString":"\/api\/orders".*"SearchString":"POST"/,
    );
    expect(JSON.stringify(rateRule('challenge').Statement.RateBasedStatement.ScopeDownStatement)).toMatch(
      /"PositionalConstraint":"EXACTLY","SearchString":"\/api\/challenge".*"SearchString":"GET"/,
    );
  });

  it('a guarded write without a proof, or with one not of its shape, is refused 400 at the edge as the function would', () => {
    const guarded = routes.filter((route) => 'challenge' in route && route.challenge).map((route) => `${route.method} ${route.path}`);
    expect(EDGE_PROOF_RULE.routes.map((route) => `${route.method} ${route.path}`)).toEqual(guarded);
    const [missing, malformed] = ['ProofMissing', 'ProofMalformed'].map((name) => rules().find((rule) => rule.Name === name)!);
    for (const rule of [missing, malformed]) {
      const text = JSON.stringify(rule.Statement);
      for (const path of EDGE_PROOF_RULE.routes.map((route) => route.path)) expect(text).toContain(`"SearchString":"${path}"`);
    }
    expect(missing.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 400, CustomResponseBodyKey: 'challengeRequired' });
    expect(malformed.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 400, CustomResponseBodyKey: 'challengeInvalid' });
    expect(JSON.stringify(missing.Statement)).toContain(
      '"NotStatement":{"Statement":{"SizeConstraintStatement":{"ComparisonOperator":"GT",' +
        '"FieldToMatch":{"SingleHeader":{"Name":"x-altcha"}},"Size":0',
    );
    expect(JSON.stringify(malformed.Statement)).toContain(`"RegexString":${JSON.stringify(PROOF_SHAPE)}`);
    const bodies = resourcesOf(free, 'AWS::WAFv2::WebACL')[0]!.Properties.CustomResponseBodies;
    expect(JSON.parse(bodies.challengeRequired.Content).error.code).toBe('challenge_required');
    expect(JSON.parse(bodies.challengeInvalid.Content).error).toMatchObject({
      code: 'challenge_invalid',
      message: expect.stringMatching(/robô/),
    });
  });

  it('public writes: every method but GET/HEAD/OPTIONS under /api/, not the back-office', () => {
    const scope = JSON.stringify(rateRule('publicWrites').Statement.RateBasedStatement.ScopeDownStatement);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(scope).toContain(`"SearchString":"${method}"`);
    expect(scope).toMatch(
      new RegExp(
        String.raw`"NotStatement":\{"Statement":\{"ByteMatchStatement":\{"FieldToMatch":\{"UriPath":\{\}\},` +
          String.raw`"PositionalConstraint":"STARTS_WITH","SearchString":"\/api\/admin\/"`,
      ),
    );
  });

  it("a body size limit, AWS's IP reputation list and common rule set", () => {
    const body = rules().find((rule) => rule.Name === 'BodySize')!;
    expect(body.Statement.SizeConstraintStatement).toMatchObject({
      Size: EDGE_MAX_BODY_BYTES,
      ComparisonOperator: 'GT',
      FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
    });
    expect(rules().find((rule) => rule.Name === 'AwsIpReputation')!.Statement.ManagedRuleGroupStatement.Name).toBe(
      'AWSManagedRulesAmazonIpReputationList',
    );
    expect(rules().find((rule) => rule.Name === 'AwsCommonRuleSet')!.Statement.ManagedRuleGroupStatement.Name).toBe(
      'AWSManagedRulesCommonRuleSet',
    );
  });

  it("the distribution on CloudFront's Free plan, with the web ACL, and a cfn-lint exception for the unknown type only", () => {
    const [subscription] = resourcesOf(free, 'AWS::PricingPlanManager::Subscription');
    expect(subscription!.Properties).toMatchObject({ PlanFamily: 'CloudFront', PlanTier: 'FREE' });
    expect(subscription!.Properties.ResourceArns).toHaveLength(2);
    expect(subscription!.Metadata['cfn-lint'].config.ignore_checks).toEqual(['E3006']);
  });

  it('cdk-nag: no open finding, and the distribution needs no "no WAF" acknowledgement', () => {
    expect(openViolations(free.report)).toEqual([]);
    const acknowledged = free.report.pluginReports
      .flatMap((plugin) => plugin.suppressedViolations ?? [])
      .map((violation) => violation.ruleName);
    expect(acknowledged).not.toContain('AwsSolutions-CFR2');
  });
});

describe('edgePlan=payg and edgePlan=none', () => {
  it('payg: the same web ACL, no plan', () => {
    expect(stackNames(payg)).toEqual([
      'JoiasInox-test-Waf (us-east-1)',
      'JoiasInox-test (eu-west-1)',
      'JoiasInox-test-EdgeLogs (us-east-1)',
    ]);
    expect(resourcesOf(payg, 'AWS::WAFv2::WebACL')[0]!.Properties.Rules).toEqual(rules());
    expect(resourcesOf(payg, 'AWS::PricingPlanManager::Subscription')).toEqual([]);
  });

  it('none: no web ACL, no plan, nothing in us-east-1', () => {
    expect(stackNames(none)).toEqual(['JoiasInox-test (eu-west-1)']);
    expect(resourcesOf(none, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(distributionConfig(none).WebACLId).toBeUndefined();
    expect(openViolations(none.report)).toEqual([]);
  });

  it('the retired waf context maps to a plan, and a contradiction is refused', () => {
    const read = (context: Record<string, string>) => readDeploySettings((key) => context[key], {}).edgePlan;
    expect(read({})).toBe('free');
    expect(read({ waf: 'true' })).toBe('payg');
    expect(read({ waf: 'false' })).toBe('none');
    expect(() => read({ edgePlan: 'gratis' })).toThrow(/must be one of free, payg, none/);
    expect(() => read({ waf: 'true', edgePlan: 'none' })).toThrow(/retired/);
  });
});

describe('the back-office behind its own API', () => {
  it('CloudFront sends /api/admin/* to the admin API, before /api/*', () => {
    const config = distributionConfig(free);
    const patterns = config.CacheBehaviors.map((behavior: any) => behavior.PathPattern);
    expect(patterns.indexOf(ADMIN_API_PATTERN)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(ADMIN_API_PATTERN)).toBeLessThan(patterns.indexOf('/api/*'));
    const originOf = (pattern: string) =>
      config.Origins.find((origin: any) => origin.Id === config.CacheBehaviors.find((b: any) => b.PathPattern === pattern).TargetOriginId);
    const adminApi = free.shop.resolve(free.shop.api.adminHttpApi.apiId);
    expect(JSON.stringify(originOf(ADMIN_API_PATTERN).DomainName)).toContain(JSON.stringify(adminApi));
    expect(JSON.stringify(originOf('/api/*').DomainName)).not.toContain(JSON.stringify(adminApi));
  });

  it('every admin row is a route of the admin API, with the JWT authorizer; every public row of the public API', () => {
    const shop = flattenNested(free.templates[`${free.shop.artifactId}.template.json`]!, free.assemblyDir);
    const apiRef = (api: typeof free.shop.api.httpApi) => ({ Ref: free.shop.resolve((api.node.defaultChild as any).logicalId) });
    const byKey = new Map(
      Object.values(shop.Resources)
        .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
        .map((r) => [r.Properties.RouteKey, r.Properties]),
    );
    expect(byKey.size).toBe(routes.length);
    for (const route of routes) {
      const properties = byKey.get(`${route.method} ${route.path}`)!;
      const admin = route.access === 'admin';
      expect(properties.ApiId, `${route.method} ${route.path}`).toEqual(apiRef(admin ? free.shop.api.adminHttpApi : free.shop.api.httpApi));
      expect(properties.AuthorizationType ?? 'NONE').toBe(admin ? 'JWT' : 'NONE');
    }
  });

  it('the WAF, not the shared throttle bucket, stops one address: a route bucket holds many addresses at their WAF limit', () => {
    const perAddress = (scope: EdgeScope) => sustainedRate(EDGE_RATE_RULES.find((rule) => rule.scope === scope)!);
    // Public writes share WRITE_THROTTLE; public reads share CATALOGUE_THROTTLE or the stage default;
    // the back-office has its own stage with the default.
    expect(WRITE_THROTTLE.rateLimit / perAddress('publicWrites')).toBeGreaterThanOrEqual(50);
    expect(CATALOGUE_THROTTLE.rateLimit / perAddress('publicApi')).toBeGreaterThanOrEqual(50);
    expect(DEFAULT_THROTTLE.rateLimit / perAddress('publicApi')).toBeGreaterThanOrEqual(20);
    // The admin stage is spent before the JWT authorizer: sized for 50 addresses at the edge's admin limit.
    expect(ADMIN_THROTTLE.rateLimit / perAddress('admin')).toBeGreaterThanOrEqual(50);
    // The checkout's small bucket: 100 addresses at the edge's checkout limit fill a fifth of it.
    expect(CHECKOUT_THROTTLE.rateLimit / perAddress('checkout')).toBeGreaterThanOrEqual(100);
    // New challenges: 60 addresses at 2 a second (over the edge's rule for them) still fit.
    const challengeRow = routes.find((route) => route.path === '/api/challenge')!;
    expect(challengeRow.throttle!.rateLimit).toBeGreaterThanOrEqual(60 * 2);
    const stages = resourcesOf(free, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(2);
    const limits = stages
      .map((stage) => stage.Properties.DefaultRouteSettings)
      .map((settings) => [settings.ThrottlingRateLimit, settings.ThrottlingBurstLimit]);
    expect(limits.sort()).toEqual(
      [
        [DEFAULT_THROTTLE.rateLimit, DEFAULT_THROTTLE.burstLimit],
        [ADMIN_THROTTLE.rateLimit, ADMIN_THROTTLE.burstLimit],
      ].sort(),
    );
  });
});

describe("CloudFront's access logs: no query string, cookie or referrer, kept 30 days", () => {
  const logBucket = (app: App) => {
    const buckets = Object.entries(app.templates[`${app.shop.artifactId}.template.json`]!.Resources).filter(
      ([, r]: [string, any]) => r.Type === 'AWS::S3::Bucket',
    );
    return buckets.find(([id]) => id.startsWith('DataAccessLogs'))![1].Properties;
  };

  it('by default through standard logging v2 in us-east-1, with the chosen fields only, and no legacy logging', () => {
    expect(distributionConfig(free).Logging).toBeUndefined();
    const [source] = resourcesOf(free, 'AWS::Logs::DeliverySource');
    expect(source!.Properties.LogType).toBe('ACCESS_LOGS');
    expect(JSON.stringify(source!.Properties.ResourceArn)).toContain('distribution');
    const [delivery] = resourcesOf(free, 'AWS::Logs::Delivery');
    expect(delivery!.Properties.RecordFields).toEqual([...EDGE_LOG_FIELDS]);
    for (const field of EDGE_LOG_FIELDS_LEFT_OUT) expect(delivery!.Properties.RecordFields).not.toContain(field);
    expect(free.edgeLogs!.region).toBe('us-east-1');
    expect(free.edgeLogs!.dependencies.map((stack) => stack.stackName)).toContain('JoiasInox-test');
    // The log bucket lets the log delivery service write, from a delivery source of us-east-1 only.
    const policy = resourcesOf(free, 'AWS::S3::BucketPolicy').find((p) =>
      JSON.stringify(p.Properties).includes('delivery.logs.amazonaws.com'),
    )!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain(':logs:us-east-1:');
  });

  it('with edgePlan=none (no stack in us-east-1) the legacy logs, the only kind CloudFront has there', () => {
    expect(resourcesOf(none, 'AWS::Logs::Delivery')).toHaveLength(0);
    expect(distributionConfig(none).Logging.Prefix).toBe('cloudfront/');
  });

  it(`every access log expires after ${ACCESS_LOG_DAYS} days`, () => {
    expect(ACCESS_LOG_DAYS).toBe(30);
    for (const app of [free, none]) {
      const rules = logBucket(app).LifecycleConfiguration.Rules as { ExpirationInDays?: number; Prefix?: string }[];
      expect(rules.find((rule) => rule.ExpirationInDays !== undefined && rule.Prefix === undefined)?.ExpirationInDays).toBe(30);
    }
  });
});
