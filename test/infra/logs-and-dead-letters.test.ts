/**
 * Every log group the app creates has a retention, helpers included: in every template of the app (the
 * shop's and its route shards, Waf, Mail, Plan, EdgeLogs), every Lambda function logs into a log group
 * of its own template with a retention, the functions aws-cdk-lib adds for the cross-region references
 * too (they come after the aspects, `infra/cloud/constructs/helper-logs.ts`), so none logs into the group
 * Lambda would make, which never expires. Every SQS queue used as a dead-letter queue has an alarm, and
 * API Gateway's detailed (billed) metrics are on only where an alarm reads them. In every variant CI lints
 * but Frankfurt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeScratch, synthApp, SYNTH_TIMEOUT_MS } from './support.ts';

type Templates = ReturnType<typeof synthApp>['templates'];
const apps: Record<string, Templates> = {};

/** Every variant CI lints but Frankfurt (the default's stacks in another region with SES): the edge plans, Madrid, a first deploy. */
const VARIANTS: Record<string, Record<string, string>> = {
  // The default edge (free plan: Waf, Plan and EdgeLogs in us-east-1).
  'eu-west-1, edgePlan=free': {},
  // SES in a mail stack in eu-west-1.
  'eu-south-2': { region: 'eu-south-2' },
  // The web ACL billed per use: no Plan stack.
  'edgePlan=payg': { edgePlan: 'payg' },
  // Nothing in us-east-1: no cross-region helper at all.
  'edgePlan=none': { edgePlan: 'none' },
  // npm run deploy's first deploy: nothing retained, the same functions and queues.
  firstDeploy: { firstDeploy: 'true' },
};

beforeAll(
  () => {
    for (const [name, context] of Object.entries(VARIANTS)) apps[name] = synthApp(context).templates;
  },
  SYNTH_TIMEOUT_MS * Object.keys(VARIANTS).length,
);
afterAll(removeScratch);

const resourcesOf = (templates: Templates, type: string) =>
  Object.entries(templates).flatMap(([file, t]) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ file, id, r, t })),
  );

describe.each(Object.keys(VARIANTS))('the app, %s', (name) => {
  it('has the cross-region helpers, and every function of every template logs into a group of its template kept a month', () => {
    const templates = apps[name]!;
    const functions = resourcesOf(templates, 'AWS::Lambda::Function');
    if (name.includes('free')) {
      const files = new Set(functions.filter(({ id }) => /CrossRegionExport(Writer|Reader)/.test(id)).map(({ file }) => file));
      expect([...files].sort()).toEqual([
        'JoiasInox-test-EdgeLogs.template.json',
        'JoiasInox-test-Plan.template.json',
        'JoiasInox-test-Waf.template.json',
        'JoiasInox-test.template.json',
      ]);
    }
    for (const { file, id, r, t } of functions) {
      const group = r.Properties?.LoggingConfig?.LogGroup;
      expect(group, `${file} ${id}`).toEqual({ Ref: expect.any(String) });
      const resource = t.Resources[group.Ref];
      expect(resource?.Type, `${file} ${id} → ${group.Ref}`).toBe('AWS::Logs::LogGroup');
      expect(resource.Properties.RetentionInDays, `${file} ${group.Ref}`).toBeGreaterThan(0);
      expect(resource.Properties.RetentionInDays, `${file} ${group.Ref}`).toBeLessThanOrEqual(30);
    }
  });

  it('has a retention on every log group', () => {
    for (const { file, id, r } of resourcesOf(apps[name]!, 'AWS::Logs::LogGroup'))
      expect(r.Properties?.RetentionInDays, `${file} ${id}`).toBeGreaterThan(0);
  });

  it('has detailed (per-route, billed) metrics only on the routes an alarm reads per route', () => {
    const templates = apps[name]!;
    const detailed = resourcesOf(templates, 'AWS::ApiGatewayV2::Stage').flatMap(({ r }) => {
      expect(r.Properties?.DefaultRouteSettings?.DetailedMetricsEnabled, 'detailed metrics on every route').toBeUndefined();
      return Object.entries((r.Properties?.RouteSettings ?? {}) as Record<string, { DetailedMetricsEnabled?: boolean }>)
        .filter(([, s]) => s.DetailedMetricsEnabled)
        .map(([key]) => key);
    });
    const read = resourcesOf(templates, 'AWS::CloudWatch::Alarm').flatMap(({ r }) =>
      ((r.Properties?.Dimensions ?? []) as { Name: string; Value: unknown }[]).filter((d) => d.Name === 'Route').map((d) => d.Value),
    );
    expect(detailed.length).toBeGreaterThan(0);
    expect(detailed.sort()).toEqual([...new Set(read)].sort());
  });

  it('has an alarm on every dead-letter queue', () => {
    const templates = apps[name]!;
    // Logical ids a value refers to (Ref, Fn::GetAtt), deep.
    const refs = (value: unknown, into: string[] = []): string[] => {
      if (Array.isArray(value)) value.forEach((item) => refs(item, into));
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'Ref' && typeof inner === 'string') into.push(inner);
          else if (key === 'Fn::GetAtt' && Array.isArray(inner)) into.push(String(inner[0]));
          else refs(inner, into);
        }
      }
      return into;
    };
    // Where a queue is a dead-letter queue: a stream's on-failure destination, an asynchronous invocation's, a rule target's.
    const deadLetters = new Set([
      ...resourcesOf(templates, 'AWS::Lambda::EventSourceMapping').flatMap(({ r }) => refs(r.Properties?.DestinationConfig)),
      ...resourcesOf(templates, 'AWS::Lambda::EventInvokeConfig').flatMap(({ r }) => refs(r.Properties?.DestinationConfig)),
      ...resourcesOf(templates, 'AWS::Events::Rule').flatMap(({ r }) =>
        refs((r.Properties?.Targets ?? []).map((target: { DeadLetterConfig?: unknown }) => target.DeadLetterConfig ?? null)),
      ),
    ]);
    const queues = new Set(resourcesOf(templates, 'AWS::SQS::Queue').map(({ id }) => id));
    const dead = [...deadLetters].filter((id) => queues.has(id));
    expect(dead.length).toBeGreaterThanOrEqual(2);
    const alarmed = new Set(resourcesOf(templates, 'AWS::CloudWatch::Alarm').flatMap(({ r }) => refs(r.Properties.Dimensions)));
    for (const id of dead) expect(alarmed.has(id), `dead-letter queue ${id}`).toBe(true);
  });
});
