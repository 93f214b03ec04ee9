/**
 * The stage's monthly cost that does not depend on its traffic, from the census of the synthesized app
 * (`census.ts`) and the price table (`prices.ts`), in US cents (whole numbers, summed without rounding
 * drift). Three parts:
 *
 * - fixed: secrets, the metrics the alarms read, dashboards, the web ACL (unless a flat-rate plan
 *   covers it), the plan, budgets, KMS keys, hosted zones: billed every month whatever happens;
 * - custom metrics, at most: CloudWatch bills a custom metric only for the hours it is reported, so a
 *   quiet shop pays less; the most is each reported every hour of the month;
 * - custom metrics that exist only once an event happened (the SES configuration set's rendering
 *   failures and rejects), on top.
 *
 * The always-free allowances (10 alarm metrics, 10 custom metrics, 3 dashboards) are the account's:
 * counted here as if the shop were alone in it.
 */
import type { Census } from './census.ts';
import { PRICES, type PriceName } from './prices.ts';

export interface BillLine {
  readonly item: string;
  /** Units (secrets, alarm metrics, ...). */
  readonly count: number;
  /** Of which free. */
  readonly free: number;
  readonly price: PriceName;
  /** A month, in US cents. */
  readonly cents: number;
  readonly part: 'fixed' | 'metrics' | 'once';
  readonly note?: string;
}

export interface Bill {
  readonly lines: readonly BillLine[];
  readonly fixedCents: number;
  /** Custom metrics, each reported every hour of the month (the most they cost). */
  readonly metricsUpToCents: number;
  /** The fixed part and the custom metrics at most: the "fixed monthly total" the docs quote. */
  readonly totalUpToCents: number;
  /** On top, once the events behind the {@link Census.customMetrics} marked `once` happened. */
  readonly onceCents: number;
  /** The web ACLs billed per use as they would be without a flat-rate plan (what `edgePlan=payg`, or a refused plan, costs a month). */
  readonly webAclPaygCents: number;
  /** Per million requests the web ACLs inspect, billed per use (0 on a flat-rate plan). */
  readonly webAclRequestCentsPerMillion: number;
}

const cents = (usd: number) => Math.round(usd * 100);
const billed = (count: number, free: number, price: PriceName) => Math.max(0, count - free) * cents(PRICES[price].usd);

/** The alarms' line: billed by the metrics they watch, beyond the free ones. */
function alarmLine(census: Census): BillLine {
  return {
    item: `CloudWatch alarm metrics (${census.alarms.count} alarms)`,
    count: census.alarms.metrics,
    free: Math.min(census.alarms.metrics, PRICES.alarmMetric.free),
    price: 'alarmMetric',
    cents: billed(census.alarms.metrics, PRICES.alarmMetric.free, 'alarmMetric'),
    part: 'fixed',
    ...(census.alarms.insightsQueries
      ? {
          note:
            `and ${census.alarms.insightsQueries} Metrics Insights alarm(s): ` +
            `$${PRICES.metricsInsightsAlarmMetric.usd.toFixed(2)} per metric analysed, none while nothing is throttled`,
        }
      : {}),
  };
}

/** The web ACLs' line: nothing on a flat-rate plan, else each ACL and rule (`aclPayg`). */
function webAclLine(census: Census, onPlan: boolean, aclPayg: number): BillLine {
  const rules = census.webAcls.reduce((sum, acl) => sum + acl.rules, 0);
  return {
    item: `AWS WAF web ACLs (${rules} rules)`,
    count: census.webAcls.length,
    free: 0,
    price: 'webAcl',
    cents: onPlan ? 0 : aclPayg,
    part: 'fixed',
    ...(census.webAcls.length
      ? {
          note: onPlan
            ? 'on the Free flat-rate plan'
            : `$${PRICES.webAcl.usd} each and $${PRICES.webAclRule.usd} a rule, ` +
              `and $${PRICES.webAclRequests.usd.toFixed(2)} per million requests`,
        }
      : {}),
  };
}

/** The custom metrics: those reported always (an upper bound), and those reported once their event happened. */
function customMetricLines(census: Census): BillLine[] {
  const always = census.customMetrics.filter((m) => !m.once).length;
  const all = census.customMetrics.length;
  const freeMetrics = PRICES.customMetric.free;
  return [
    {
      item: 'CloudWatch custom metrics, at most',
      count: always,
      free: Math.min(always, freeMetrics),
      price: 'customMetric',
      cents: billed(always, freeMetrics, 'customMetric'),
      part: 'metrics',
      note: 'each billed only for the hours it is reported',
    },
    {
      item: 'CloudWatch custom metrics, once their event happened',
      count: all - always,
      free: Math.min(all, freeMetrics) - Math.min(always, freeMetrics),
      price: 'customMetric',
      cents: billed(all, freeMetrics, 'customMetric') - billed(always, freeMetrics, 'customMetric'),
      part: 'once',
    },
  ];
}

/** Prices the census. */
export function billOf(census: Census): Bill {
  const onPlan = census.plans.length > 0;
  const aclPayg = census.webAcls.reduce((sum, acl) => sum + cents(PRICES.webAcl.usd) + acl.rules * cents(PRICES.webAclRule.usd), 0);
  const lines: BillLine[] = [
    {
      item: 'Secrets Manager secrets',
      count: census.secrets,
      free: 0,
      price: 'secret',
      cents: billed(census.secrets, 0, 'secret'),
      part: 'fixed',
    },
    alarmLine(census),
    {
      item: 'CloudWatch dashboards',
      count: census.dashboards,
      free: Math.min(census.dashboards, PRICES.dashboard.free),
      price: 'dashboard',
      cents: billed(census.dashboards, PRICES.dashboard.free, 'dashboard'),
      part: 'fixed',
    },
    webAclLine(census, onPlan, aclPayg),
    {
      item: 'CloudFront flat-rate plans',
      count: census.plans.length,
      free: 0,
      price: 'freePlan',
      cents: 0,
      part: 'fixed',
      ...(census.plans.length ? { note: census.plans.join(', ') } : {}),
    },
    { item: 'AWS Budgets cost budgets', count: census.budgets, free: 0, price: 'budget', cents: 0, part: 'fixed' },
    {
      item: 'KMS customer-managed keys',
      count: census.kmsKeys,
      free: 0,
      price: 'kmsKey',
      cents: billed(census.kmsKeys, 0, 'kmsKey'),
      part: 'fixed',
    },
    {
      item: 'Route 53 hosted zones',
      count: census.hostedZones,
      free: 0,
      price: 'hostedZone',
      cents: billed(census.hostedZones, 0, 'hostedZone'),
      part: 'fixed',
    },
    ...customMetricLines(census),
  ];
  const sum = (part: BillLine['part']) => lines.filter((l) => l.part === part).reduce((total, l) => total + l.cents, 0);
  const fixedCents = sum('fixed');
  const metricsUpToCents = sum('metrics');
  return {
    lines,
    fixedCents,
    metricsUpToCents,
    totalUpToCents: fixedCents + metricsUpToCents,
    onceCents: sum('once'),
    webAclPaygCents: aclPayg,
    webAclRequestCentsPerMillion: onPlan || census.webAcls.length === 0 ? 0 : cents(PRICES.webAclRequests.usd) * census.webAcls.length,
  };
}

/** `$3.50`: cents as the docs write dollars. */
export function dollars(value: number): string {
  return `$${(value / 100).toFixed(2)}`;
}
