/**
 * What a synthesized app holds, counted from its templates (a cloud assembly: `manifest.json`, each
 * stack's template and its nested ones): the resources of each stack, the functions (the shop's own, and
 * the helpers aws-cdk-lib adds for custom resources), the reserved concurrency, the alarms and the
 * metrics they bill, the custom metrics, dashboards, secrets, web ACLs and flat-rate plans. Pure: the
 * assembly is read by `assembly.ts`; `bill.ts` prices the census; `npm run cost` and `npm run preflight`
 * read it.
 */
import { BUSINESS_METRICS } from '#lambdas/contracts/metrics.ts';

/** The properties the census reads, of the resource types it counts (any other is left alone). */
export interface ResourceProperties {
  readonly [key: string]: unknown;
  readonly Environment?: { readonly Variables?: Record<string, unknown> };
  readonly ReservedConcurrentExecutions?: number;
  readonly MetricName?: string;
  readonly Metrics?: readonly { readonly [key: string]: unknown; readonly MetricStat?: unknown; readonly Expression?: string }[];
  readonly MetricTransformations?: readonly {
    readonly [key: string]: unknown;
    readonly MetricNamespace?: string;
    readonly MetricName?: string;
  }[];
  readonly RouteSettings?: Record<string, { readonly [key: string]: unknown; readonly DetailedMetricsEnabled?: boolean }>;
  readonly DefaultRouteSettings?: { readonly [key: string]: unknown; readonly DetailedMetricsEnabled?: boolean };
  readonly EventDestination?: {
    readonly [key: string]: unknown;
    readonly CloudWatchDestination?: { readonly DimensionConfigurations?: readonly unknown[] };
    readonly MatchingEventTypes?: readonly string[];
  };
  readonly Rules?: readonly unknown[];
  readonly PlanTier?: string;
}

export interface TemplateJson {
  readonly Resources: Record<
    string,
    { readonly Type: string; readonly Properties?: ResourceProperties; readonly Metadata?: Record<string, unknown> }
  >;
}

/** One stack of the assembly, with the templates of its nested stacks. */
export interface AssemblyStack {
  readonly name: string;
  readonly region: string;
  readonly template: TemplateJson;
  readonly nested: readonly { readonly file: string; readonly template: TemplateJson }[];
}

export interface StackCount {
  readonly name: string;
  readonly region: string;
  readonly resources: number;
  /** Each nested stack's resources (the route shards), in file order. */
  readonly nested: readonly number[];
}

/** One custom metric the stage makes CloudWatch keep (billed as a custom metric). */
export interface CustomMetric {
  readonly name: string;
  readonly source: 'log metric filter' | 'business metric (Powertools)' | 'API Gateway detailed route metric' | 'SES event publishing';
  /** Only once such an event happened (the SES configuration set's event metrics). */
  readonly once?: true;
}

export interface Census {
  readonly stacks: readonly StackCount[];
  readonly resources: number;
  readonly functions: {
    readonly total: number;
    /** The shop's own (route rows, jobs, consumers, photos): every one carries `POWERTOOLS_METRICS_NAMESPACE`. */
    readonly shop: number;
    /** aws-cdk-lib's custom-resource helpers (cross-region references, bucket deployment and notifications, SDK calls). */
    readonly helpers: number;
  };
  /** Reserved concurrent executions, as synthesized (with the quota the synth was given). */
  readonly reserved: { readonly executions: number; readonly functions: number };
  readonly alarms: {
    readonly count: number;
    /** Metrics the standard-resolution alarms read (what CloudWatch bills alarms by). */
    readonly metrics: number;
    /** Alarms on a Metrics Insights query (billed per metric the query analyses). */
    readonly insightsQueries: number;
  };
  readonly customMetrics: readonly CustomMetric[];
  readonly dashboards: number;
  readonly secrets: number;
  readonly kmsKeys: number;
  readonly hostedZones: number;
  readonly budgets: number;
  readonly logGroups: number;
  readonly queues: number;
  readonly tables: number;
  /** Each web ACL's rules (and rule groups). */
  readonly webAcls: readonly { readonly rules: number }[];
  /** CloudFront flat-rate plan subscriptions, by tier (`FREE`, `PRO`, ...). */
  readonly plans: readonly string[];
}

/** API Gateway HTTP API's per-route ("detailed") metrics: each route with them enabled reports these. */
export const DETAILED_ROUTE_METRICS = ['Count', '4xx', '5xx', 'Latency', 'IntegrationLatency', 'DataProcessed'] as const;

type Resource = TemplateJson['Resources'][string];

const templatesOf = (stack: AssemblyStack): TemplateJson[] => [stack.template, ...stack.nested.map((n) => n.template)];

function resourcesOf(stacks: readonly AssemblyStack[], type: string): Resource[] {
  return stacks.flatMap(templatesOf).flatMap((t) => Object.values(t.Resources).filter((r) => r.Type === type));
}

/** The metrics an alarm bills: one for a single metric, one per metric of a math expression; a Metrics Insights query apart. */
function alarmMetrics(alarm: Resource): { metrics: number; insights: number } {
  const p = alarm.Properties ?? {};
  if (p.MetricName) return { metrics: 1, insights: 0 };
  const queries = p.Metrics ?? [];
  const insights = queries.filter((q) => typeof q.Expression === 'string' && /^\s*SELECT\b/i.test(q.Expression)).length;
  return { metrics: queries.filter((q) => q.MetricStat).length, insights };
}

function customMetricsOf(stacks: readonly AssemblyStack[], shopFunctions: number): CustomMetric[] {
  const found: CustomMetric[] = [];
  for (const filter of resourcesOf(stacks, 'AWS::Logs::MetricFilter')) {
    for (const t of filter.Properties?.MetricTransformations ?? [])
      found.push({ name: `${t.MetricNamespace}/${t.MetricName}`, source: 'log metric filter' });
  }
  // The functions write these through Powertools (lambdas/metrics.ts), one dimension each: not in any template.
  if (shopFunctions > 0) for (const name of Object.values(BUSINESS_METRICS)) found.push({ name, source: 'business metric (Powertools)' });
  const routes = resourcesOf(stacks, 'AWS::ApiGatewayV2::Route').length;
  for (const stage of resourcesOf(stacks, 'AWS::ApiGatewayV2::Stage')) {
    const settings = stage.Properties?.RouteSettings ?? {};
    // Enabled for every route: counted as every route of the app (the shards' routes name their API by parameter).
    const keys = stage.Properties?.DefaultRouteSettings?.DetailedMetricsEnabled
      ? Array.from({ length: routes }, (_, i) => `route ${i + 1}`)
      : Object.entries(settings)
          .filter(([, s]) => s.DetailedMetricsEnabled)
          .map(([key]) => key);
    for (const key of keys)
      for (const metric of DETAILED_ROUTE_METRICS) found.push({ name: `${metric} (${key})`, source: 'API Gateway detailed route metric' });
  }
  for (const destination of resourcesOf(stacks, 'AWS::SES::ConfigurationSetEventDestination')) {
    const d = destination.Properties?.EventDestination;
    if (!d?.CloudWatchDestination) continue;
    const dimensions = Math.max(1, (d.CloudWatchDestination.DimensionConfigurations ?? []).length);
    for (const event of d.MatchingEventTypes ?? []) {
      for (let i = 0; i < dimensions; i++)
        found.push({ name: `SES ${event}${dimensions > 1 ? ` #${i + 1}` : ''}`, source: 'SES event publishing', once: true });
    }
  }
  return found;
}

/** Counts the app's stacks. */
export function censusOf(stacks: readonly AssemblyStack[]): Census {
  const functions = resourcesOf(stacks, 'AWS::Lambda::Function');
  const shop = functions.filter((f) => f.Properties?.Environment?.Variables?.POWERTOOLS_METRICS_NAMESPACE !== undefined).length;
  const reserved = functions.map((f) => Number(f.Properties?.ReservedConcurrentExecutions ?? 0)).filter((n) => n > 0);
  const alarms = resourcesOf(stacks, 'AWS::CloudWatch::Alarm').map(alarmMetrics);
  const stackCounts = stacks.map((s) => ({
    name: s.name,
    region: s.region,
    resources: Object.keys(s.template.Resources).length,
    nested: s.nested.map((n) => Object.keys(n.template.Resources).length),
  }));
  const count = (type: string) => resourcesOf(stacks, type).length;
  return {
    stacks: stackCounts,
    resources: stackCounts.reduce((sum, s) => sum + s.resources + s.nested.reduce((a, b) => a + b, 0), 0),
    functions: { total: functions.length, shop, helpers: functions.length - shop },
    reserved: { executions: reserved.reduce((a, b) => a + b, 0), functions: reserved.length },
    alarms: {
      count: alarms.length,
      metrics: alarms.reduce((a, b) => a + b.metrics, 0),
      insightsQueries: alarms.reduce((a, b) => a + b.insights, 0),
    },
    customMetrics: customMetricsOf(stacks, shop),
    dashboards: count('AWS::CloudWatch::Dashboard'),
    secrets: count('AWS::SecretsManager::Secret'),
    kmsKeys: count('AWS::KMS::Key'),
    hostedZones: count('AWS::Route53::HostedZone'),
    budgets: count('AWS::Budgets::Budget'),
    logGroups: count('AWS::Logs::LogGroup'),
    queues: count('AWS::SQS::Queue'),
    tables: count('AWS::DynamoDB::GlobalTable') + count('AWS::DynamoDB::Table'),
    webAcls: resourcesOf(stacks, 'AWS::WAFv2::WebACL').map((acl) => ({ rules: (acl.Properties?.Rules ?? []).length })),
    plans: resourcesOf(stacks, 'AWS::PricingPlanManager::Subscription').map((s) => String(s.Properties?.PlanTier ?? '?')),
  };
}
