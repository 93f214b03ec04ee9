/**
 * The docs quote `npm run cost`'s figures: this synthesizes the default deploy
 * (cdk.json's context, the standard Lambda quota, as `npm run cost` does with no option), counts and
 * prices it with the script's own code (`infra/ops/cost/`), and fails when a figure the docs quote
 * differs, or when a quoted sentence is gone (then the claim below names what to quote again). It also
 * keeps the preflight tests' recorded census (`recorded-census.ts`) true to the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssembly } from '#infra/ops/cost/assembly.ts';
import { billOf, dollars, type Bill } from '#infra/ops/cost/bill.ts';
import { censusOf, type Census } from '#infra/ops/cost/census.ts';
import { CDK_JSON, REPO_ROOT } from '#infra/common/repo-paths.ts';
import { RECORDED_CENSUS } from './recorded-census.ts';
import { removeScratch, synthApp, SYNTH_TIMEOUT_MS } from './support.ts';

let census: Census;
let bill: Bill;
beforeAll(() => {
  const cdkJson = JSON.parse(fs.readFileSync(CDK_JSON, 'utf8')) as { context: Record<string, string> };
  const app = synthApp({ ...cdkJson.context, lambdaConcurrency: '1000' }, { analyticsReporting: true });
  census = censusOf(readAssembly(app.assemblyDir));
  bill = billOf(census);
}, SYNTH_TIMEOUT_MS * 2);
afterAll(removeScratch);

/** A sentence of a doc and the figures it must quote, in the order of its capture groups. */
interface Claim {
  readonly doc: string;
  readonly what: string;
  readonly pattern: RegExp;
  readonly figures: (c: Census, b: Bill) => (string | number)[];
}

const shop = (c: Census) => c.stacks.find((s) => s.nested.length > 0)!;
const other = (c: Census, suffix: string) => c.stacks.find((s) => s.name.endsWith(`-${suffix}`))!.resources;
const line = (b: Bill, price: string, part = 'fixed') => b.lines.find((l) => l.price === price && l.part === part)!;
const usd = (cents: number) => dollars(cents).slice(1);
const routeMetrics = (c: Census) => c.customMetrics.filter((m) => m.source === 'API Gateway detailed route metric').length;

const CLAIMS: Claim[] = [
  {
    doc: 'docs/aws-account.md',
    what: 'room to grow: the shop stack and the shards',
    pattern: /the shop's stack (\d+)\s+resources, the route shards (\d+) to (\d+)/,
    figures: (c) => [shop(c).resources, Math.min(...shop(c).nested), Math.max(...shop(c).nested)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the stacks row',
    pattern: new RegExp(
      String.raw`(\d+) stacks, (\d+) resources in all: the shop's stack (\d+) resources and ` +
        String.raw`its (\d+) route shards (\d+) to (\d+); Waf (\d+), Plan (\d+), EdgeLogs (\d+)`,
    ),
    figures: (c) => [
      c.stacks.length,
      c.resources,
      shop(c).resources,
      shop(c).nested.length,
      Math.min(...shop(c).nested),
      Math.max(...shop(c).nested),
      other(c, 'Waf'),
      other(c, 'Plan'),
      other(c, 'EdgeLogs'),
    ],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the Lambda row',
    pattern: new RegExp(
      String.raw`(\d+) functions: (\d+) of the shop, (\d+) CDK helpers \(custom resources\); ` +
        String.raw`(\d+) reserved executions on (\d+) functions on a quota of 1 000`,
    ),
    figures: (c) => [c.functions.total, c.functions.shop, c.functions.helpers, c.reserved.executions, c.reserved.functions],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the secrets row',
    pattern: /(\d+) secrets at \$([\d.]+):[^|]*\| \$([\d.]+) \|/,
    figures: (c, b) => [c.secrets, '0.40', usd(line(b, 'secret').cents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the alarms row',
    pattern: new RegExp(
      String.raw`(\d+) alarms: (\d+) read (\d+) metrics at \$0\.10, (\d+) free; the (\d+)th ` +
        String.raw`watches DynamoDB throttles[^|]*Metrics Insights query[^|]*\| \$([\d.]+) \|`,
    ),
    figures: (c, b) => [
      c.alarms.count,
      c.alarms.count - c.alarms.insightsQueries,
      c.alarms.metrics,
      line(b, 'alarmMetric').free,
      c.alarms.count,
      usd(line(b, 'alarmMetric').cents),
    ],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the custom metrics row',
    pattern: new RegExp(
      String.raw`(\d+) custom metrics at \$0\.30, (\d+) free:[^|]*?(\d+) business metrics[^|]*?(\d+) API Gateway detailed ` +
        String.raw`metrics \((\d+) for each of the (\d+) routes[^|]*?(\d+) more[^|]*?\+\$([\d.]+) \| up to \$([\d.]+) \|`,
    ),
    figures: (c, b) => [
      line(b, 'customMetric', 'metrics').count,
      line(b, 'customMetric', 'metrics').free,
      c.customMetrics.filter((m) => m.source === 'business metric (Powertools)').length,
      routeMetrics(c),
      6,
      routeMetrics(c) / 6,
      line(b, 'customMetric', 'once').count,
      usd(b.onceCents),
      usd(b.metricsUpToCents),
    ],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the dashboard row',
    pattern: /\| CloudWatch dashboard \| (\d+) dashboard[^|]*\| \$([\d.]+) \|/,
    figures: (c, b) => [c.dashboards, usd(line(b, 'dashboard').cents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the WAF and plan row',
    pattern: /(\d+) web ACL with (\d+) rules, on the Free flat-rate plan \| \$([\d.]+) \|/,
    figures: (c, b) => [c.webAcls.length, c.webAcls[0]!.rules, usd(line(b, 'webAcl').cents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the fixed monthly total',
    pattern: /\*\*fixed monthly total\*\* \| fixed \$([\d.]+), and the custom metrics at most \| \*\*\$([\d.]+)\*\*/,
    figures: (_c, b) => [usd(b.fixedCents), usd(b.totalUpToCents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the other plans',
    pattern: new RegExp(
      String.raw`\`edgePlan=payg\` bills the same web ACL per use, \$([\d.]+) a month \(\$5 the web ` +
        String.raw`ACL, \$1 each of\s+its (\d+) rules\) and \$0\.60 per million requests: \$([\d.]+) ` +
        String.raw`a month before its requests; \`edgePlan=none\`\s+has no web ACL: \$([\d.]+)\.`,
    ),
    figures: (c, b) => [usd(b.webAclPaygCents), c.webAcls[0]!.rules, usd(b.totalUpToCents + b.webAclPaygCents), usd(b.totalUpToCents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the total with traffic',
    pattern: /the fixed monthly total above \(\$([\d.]+) fixed, custom metrics \$0–([\d.]+)\)/,
    figures: (_c, b) => [usd(b.fixedCents), usd(b.metricsUpToCents)],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'what most of the bill is',
    pattern: /The secrets \(\$([\d.]+)\), the custom metrics \(up to \$([\d.]+)\) and the alarms \(\$([\d.]+)\)/,
    figures: (_c, b) => [usd(line(b, 'secret').cents), usd(b.metricsUpToCents), usd(line(b, 'alarmMetric').cents)],
  },
  {
    doc: 'docs/running-the-shop.md',
    what: 'the secrets to rotate',
    pattern: /The stage has (\d+) secrets in Secrets Manager/,
    figures: (c) => [c.secrets],
  },
  {
    doc: 'docs/aws-account.md',
    what: 'the edge table: payg',
    pattern: /\| `payg` \| the same web ACL, billed per use \| about \$(\d+) \(\$5 the web ACL, \$1 per rule or group, (\d+) of them\)/,
    figures: (c, b) => [b.webAclPaygCents / 100, c.webAcls[0]!.rules],
  },
  {
    doc: 'README.md',
    what: 'the deploy: payg',
    pattern: /`-c edgePlan=payg` about \$(\d+) a month/,
    figures: (_c, b) => [b.webAclPaygCents / 100],
  },
  {
    doc: 'docs/running-the-shop.md',
    what: 'what the secrets cost',
    pattern: /The (\d+) secrets cost \$([\d.]+) a month plus/,
    figures: (c, b) => [c.secrets, usd(line(b, 'secret').cents)],
  },
  {
    doc: 'README.md',
    what: 'what the secrets cost',
    pattern: /Secrets Manager; the (\d+) secrets cost \$([\d.]+) a month plus cents of reads/,
    figures: (c, b) => [c.secrets, usd(line(b, 'secret').cents)],
  },
  {
    doc: 'docs/operations.md',
    what: "preflight's quota for the reservations",
    pattern: /\(the reservations need (\d+)\)/,
    figures: (c) => [c.reserved.executions + 100],
  },
  {
    doc: 'docs/operations.md',
    what: 'the reservations of a standard quota',
    pattern: /20 \+ 6 per admin route, (\d+) in all today, leave over 700 unreserved, so the\s+reservations need a quota of (\d+)\)/,
    figures: (c) => [c.reserved.executions, c.reserved.executions + 100],
  },
];

describe('the docs quote npm run cost', () => {
  it.each(CLAIMS.map((claim) => [`${claim.doc}: ${claim.what}`, claim] as const))('%s', (_name, claim) => {
    const text = fs.readFileSync(path.join(REPO_ROOT, claim.doc), 'utf8');
    const match = claim.pattern.exec(text);
    expect(match, `${claim.doc} no longer says ${claim.pattern}: quote npm run cost's figure for ${claim.what} again`).not.toBeNull();
    expect(match!.slice(1).map(String), `${claim.doc}, ${claim.what}`).toEqual(claim.figures(census, bill).map(String));
  });

  it("the recorded census the preflight tests use is the app's (functions, reservations, web ACL)", () => {
    expect({ functions: census.functions, reserved: census.reserved, webAcls: census.webAcls, plans: census.plans }).toEqual({
      functions: RECORDED_CENSUS.functions,
      reserved: RECORDED_CENSUS.reserved,
      webAcls: RECORDED_CENSUS.webAcls,
      plans: RECORDED_CENSUS.plans,
    });
  });
});
