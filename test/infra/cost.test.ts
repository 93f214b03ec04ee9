/**
 * `npm run cost`'s counting and pricing (`infra/ops/cost/`) on small hand-made templates: what is a
 * function of the shop or a CDK helper, what an alarm bills, which custom metrics exist, what the free
 * allowances and a flat-rate plan take off; and when a synth is reused. The real app's figures are
 * checked against the docs in `cost-docs.test.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCostArgs } from '#infra/ops/cost.ts';
import { assemblyDir, isFresh, newestSource, readAssembly, synthContext } from '#infra/ops/cost/assembly.ts';
import { billOf, dollars } from '#infra/ops/cost/bill.ts';
import { censusOf, type AssemblyStack, type ResourceProperties, type TemplateJson } from '#infra/ops/cost/census.ts';
import { renderCostText } from '#infra/ops/cost/report.ts';
import { UsageError } from '#infra/ops/create-admin.ts';

const shopFunction = (reserved?: number) => ({
  Type: 'AWS::Lambda::Function',
  Properties: {
    Environment: { Variables: { POWERTOOLS_METRICS_NAMESPACE: 'JoiasInox/x' } },
    ...(reserved ? { ReservedConcurrentExecutions: reserved } : {}),
  },
});
const helper = { Type: 'AWS::Lambda::Function', Properties: { Handler: '__entrypoint__.handler' } };
const alarm = (properties: ResourceProperties) => ({ Type: 'AWS::CloudWatch::Alarm', Properties: properties });
const many = (n: number, type: string, properties: ResourceProperties = {}) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${type.replaceAll(':', '')}${i}`, { Type: type, Properties: properties }]));

function app(extra: TemplateJson['Resources'] = {}, plan = true): AssemblyStack[] {
  const shop: TemplateJson = {
    Resources: {
      Checkout: shopFunction(20),
      Admin: shopFunction(6),
      Catalogue: shopFunction(),
      Helper: helper,
      ...many(3, 'AWS::SecretsManager::Secret'),
      ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`Single${i}`, alarm({ MetricName: 'Errors', Namespace: 'AWS/Lambda' })])),
      Rate: alarm({
        Metrics: [
          { Id: 'e', Expression: 'a / b' },
          { Id: 'a', MetricStat: {} },
          { Id: 'b', MetricStat: {} },
        ],
      }),
      Throttles: alarm({ Metrics: [{ Id: 'q', Expression: 'SELECT SUM(ThrottledRequests) FROM "AWS/DynamoDB"' }] }),
      Filter: {
        Type: 'AWS::Logs::MetricFilter',
        Properties: { MetricTransformations: [{ MetricNamespace: 'JoiasInox', MetricName: 'Api429' }] },
      },
      Stage: {
        Type: 'AWS::ApiGatewayV2::Stage',
        Properties: {
          RouteSettings: { 'POST /api/orders': { DetailedMetricsEnabled: true }, 'GET /api/products': { ThrottlingRateLimit: 500 } },
        },
      },
      Ses: {
        Type: 'AWS::SES::ConfigurationSetEventDestination',
        Properties: {
          EventDestination: {
            CloudWatchDestination: { DimensionConfigurations: [{ DimensionName: 'ses:configuration-set' }] },
            MatchingEventTypes: ['renderingFailure', 'reject'],
          },
        },
      },
      Dashboard: { Type: 'AWS::CloudWatch::Dashboard' },
      Shard: { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': 'shard.nested.template.json' } },
      ...extra,
    },
  };
  const waf: TemplateJson = {
    Resources: {
      WebAcl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: Array.from({ length: 11 }, (_, i) => ({ Name: `r${i}` })) } },
      Helper: helper,
    },
  };
  const shard: TemplateJson = { Resources: { Route: shopFunction(6), ...many(2, 'AWS::ApiGatewayV2::Route') } };
  const stacks: AssemblyStack[] = [
    { name: 'JoiasInox-x-Waf', region: 'us-east-1', template: waf, nested: [] },
    { name: 'JoiasInox-x', region: 'eu-west-1', template: shop, nested: [{ file: 'shard.nested.template.json', template: shard }] },
  ];
  if (plan)
    stacks.push({
      name: 'JoiasInox-x-Plan',
      region: 'us-east-1',
      template: { Resources: { Subscription: { Type: 'AWS::PricingPlanManager::Subscription', Properties: { PlanTier: 'FREE' } } } },
      nested: [],
    });
  return stacks;
}

describe('the census', () => {
  it("counts functions (the shop's by their metrics namespace, the rest CDK helpers), reservations, alarm and custom metrics", () => {
    const census = censusOf(app());
    expect(census.functions).toEqual({ total: 6, shop: 4, helpers: 2 });
    expect(census.reserved).toEqual({ executions: 32, functions: 3 });
    // 11 single-metric alarms, a math alarm reading 2 metrics, a Metrics Insights query.
    expect(census.alarms).toEqual({ count: 13, metrics: 13, insightsQueries: 1 });
    expect(census.customMetrics.map((m) => m.source)).toEqual([
      'log metric filter',
      ...Array(3).fill('business metric (Powertools)'),
      ...Array(6).fill('API Gateway detailed route metric'),
      'SES event publishing',
      'SES event publishing',
    ]);
    expect(census.customMetrics.filter((m) => m.once)).toHaveLength(2);
    expect(census.stacks.map((s) => [s.name, s.resources, s.nested])).toEqual([
      ['JoiasInox-x-Waf', 2, []],
      ['JoiasInox-x', 25, [3]],
      ['JoiasInox-x-Plan', 1, []],
    ]);
    expect(census.resources).toBe(31);
    expect([census.secrets, census.dashboards, census.webAcls, census.plans]).toEqual([3, 1, [{ rules: 11 }], ['FREE']]);
  });

  it('detailed metrics on every route count every route', () => {
    const census = censusOf(
      app({ Stage: { Type: 'AWS::ApiGatewayV2::Stage', Properties: { DefaultRouteSettings: { DetailedMetricsEnabled: true } } } }),
    );
    expect(census.customMetrics.filter((m) => m.source === 'API Gateway detailed route metric')).toHaveLength(2 * 6);
  });
});

describe('the bill', () => {
  it('prices what is billed every month: free allowances off, the web ACL free on the plan, custom metrics at most', () => {
    const bill = billOf(censusOf(app()));
    // 3 secrets $1.20; 13 alarm metrics, 10 free: $0.30; 1 dashboard of 3 free; the web ACL on the plan.
    expect(dollars(bill.fixedCents)).toBe('$1.50');
    // 10 custom metrics always (1 + 3 + 6), all free; the 2 SES ones after their first event: $0.60.
    expect([bill.metricsUpToCents, bill.onceCents, bill.totalUpToCents]).toEqual([0, 60, 150]);
    expect([bill.webAclPaygCents, bill.webAclRequestCentsPerMillion]).toEqual([1600, 0]);
  });

  it('without the plan the web ACL is billed per use; a key, a zone and a fourth dashboard are billed', () => {
    const extra = { Key: { Type: 'AWS::KMS::Key' }, Zone: { Type: 'AWS::Route53::HostedZone' }, ...many(3, 'AWS::CloudWatch::Dashboard') };
    const bill = billOf(censusOf(app(extra, false)));
    expect(dollars(bill.fixedCents)).toBe(dollars(120 + 30 + 1600 + 100 + 50 + 300));
    expect(bill.webAclRequestCentsPerMillion).toBe(60);
    const text = renderCostText({ context: ['edgePlan=payg'], census: censusOf(app(extra, false)), bill }, 'en');
    expect(text).toMatch(/fixed and custom metrics at most \(the monthly total\) +\$22\.00/);
    expect(text).toMatch(/The web ACL is billed per use: \$16\.00 a month and \$0\.60 per million requests\./);
  });
});

describe('the synth it counts', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cost-root-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gets the standard quota unless given one, and is reused only with the same options after the last change to the code', () => {
    expect(synthContext(['region=eu-south-2'])).toEqual(['region=eu-south-2', 'lambdaConcurrency=1000']);
    expect(synthContext(['lambdaConcurrency=300'])).toEqual(['lambdaConcurrency=300']);
    fs.mkdirSync(path.join(root, 'lambdas'), { recursive: true });
    const source = path.join(root, 'lambdas', 'routes.ts');
    fs.writeFileSync(source, 'export {};');
    fs.utimesSync(source, new Date(1_000_000), new Date(1_000_000));
    const dir = assemblyDir([], root);
    expect(isFresh(dir, [], root)).toBe(false);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({
        artifacts: {
          'JoiasInox-x': {
            type: 'aws:cloudformation:stack',
            environment: 'aws://unknown-account/eu-west-1',
            properties: { templateFile: 'x.template.json' },
          },
        },
      }),
    );
    fs.writeFileSync(path.join(dir, 'x.template.json'), JSON.stringify({ Resources: { Secret: { Type: 'AWS::SecretsManager::Secret' } } }));
    fs.writeFileSync(path.join(dir, 'census-context.json'), JSON.stringify(synthContext([])));
    expect(isFresh(dir, [], root)).toBe(true);
    expect(isFresh(dir, ['edgePlan=payg'], root)).toBe(false);
    expect(assemblyDir(['edgePlan=payg'], root)).not.toBe(dir);
    fs.utimesSync(source, new Date(), new Date(Date.now() + 60_000));
    expect(newestSource(root)).toBeGreaterThan(fs.statSync(path.join(dir, 'manifest.json')).mtimeMs);
    expect(isFresh(dir, [], root)).toBe(false);
    expect(readAssembly(dir).map((s) => [s.name, s.region, Object.keys(s.template.Resources)])).toEqual([
      ['JoiasInox-x', 'eu-west-1', ['Secret']],
    ]);
  });

  it('takes -c, --json, --en and --fresh, and refuses the synths only it and the deploy make', () => {
    expect(parseCostArgs(['-c', 'region=eu-south-2', '--json'])).toEqual({
      context: ['region=eu-south-2'],
      json: true,
      lang: 'pt',
      fresh: false,
    });
    expect(parseCostArgs(['--help'])).toBe('help');
    expect(() => parseCostArgs(['-c', 'lintOnly=true'])).toThrow(UsageError);
    expect(() => parseCostArgs(['-c', 'region'])).toThrow(/-c espera chave=valor/);
    expect(() => parseCostArgs(['--bogus'])).toThrow(UsageError);
  });
});
