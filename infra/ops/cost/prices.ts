/**
 * The list prices `npm run cost` multiplies the synthesized app by (`census.ts`, `bill.ts`): only what a
 * deployed stage pays every month whatever its traffic, in US dollars before tax, for eu-west-1 (Ireland,
 * the default region). Each price names its source and the date it was last read there; change a price
 * only with a new source date. The always-free allowances counted are the ones AWS keeps for every
 * account (not the new-account credits); they are per account, across regions, so another workload in
 * the same account uses them up first.
 *
 * Regions: Secrets Manager, AWS Budgets, the AWS WAF web ACL CloudFront takes (us-east-1) and CloudFront's
 * flat-rate plans have one price everywhere. CloudWatch and KMS price by region: these are Ireland's;
 * for another region (Frankfurt, Madrid), check the pricing page before quoting.
 * What grows with traffic (requests, storage, e-mails, Cognito's users) is in docs/aws-account.md, not here.
 *
 * The prices dated 2026-12-07 are the list prices docs/aws-account.md quoted, confirmed by that day's
 * review without network access: read the source again before quoting them to an owner.
 */

export interface Price {
  /** US dollars a month per unit. */
  readonly usd: number;
  /** What one unit is. */
  readonly unit: string;
  /** Units a month the account gets free (always-free tier), if any. */
  readonly free?: number;
  /** Where the price is published. */
  readonly source: string;
  /** The date the price was read at its source (YYYY-MM-DD). */
  readonly asOf: string;
  /** Regions the price was read for. */
  readonly regions: string;
}

const CLOUDWATCH = 'https://aws.amazon.com/cloudwatch/pricing/';

export const PRICES = {
  secret: {
    usd: 0.4,
    unit: 'secret a month',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    asOf: '2026-12-07',
    regions: 'every commercial region',
  },
  alarmMetric: {
    usd: 0.1,
    unit: 'standard-resolution alarm metric a month',
    free: 10,
    source: CLOUDWATCH,
    asOf: '2026-12-07',
    regions: 'eu-west-1',
  },
  metricsInsightsAlarmMetric: {
    usd: 0.1,
    unit: 'metric a Metrics Insights alarm query analyses, a month (DynamoDB throttle series exist only after a throttle)',
    source: CLOUDWATCH,
    asOf: '2026-12-07',
    regions: 'eu-west-1',
  },
  customMetric: {
    usd: 0.3,
    unit: 'custom metric a month (prorated by the hour: billed only for the hours it is reported)',
    free: 10,
    source: CLOUDWATCH,
    asOf: '2026-12-07',
    regions: 'eu-west-1',
  },
  dashboard: { usd: 3, unit: 'dashboard a month', free: 3, source: CLOUDWATCH, asOf: '2026-12-07', regions: 'eu-west-1' },
  webAcl: {
    usd: 5,
    unit: 'AWS WAF web ACL a month (not on a flat-rate plan)',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: '2026-12-07',
    regions: 'us-east-1 (CloudFront)',
  },
  webAclRule: {
    usd: 1,
    unit: 'rule or rule group of a web ACL a month (not on a flat-rate plan)',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: '2026-12-07',
    regions: 'us-east-1 (CloudFront)',
  },
  webAclRequests: {
    usd: 0.6,
    unit: 'million requests a web ACL inspects (not on a flat-rate plan)',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: '2026-12-07',
    regions: 'us-east-1 (CloudFront)',
  },
  freePlan: {
    usd: 0,
    unit: 'CloudFront Free flat-rate plan a month (1 M requests, 100 GB, the web ACL included, no overage charges)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    asOf: '2026-12-07',
    regions: 'global',
  },
  budget: {
    usd: 0,
    unit: 'cost budget without actions a month',
    source: 'https://aws.amazon.com/aws-cost-management/aws-budgets/pricing/',
    asOf: '2026-12-07',
    regions: 'global',
  },
  kmsKey: {
    usd: 1,
    unit: 'customer-managed KMS key a month',
    source: 'https://aws.amazon.com/kms/pricing/',
    asOf: '2026-12-07',
    regions: 'eu-west-1',
  },
  hostedZone: {
    usd: 0.5,
    unit: 'Route 53 hosted zone a month',
    source: 'https://aws.amazon.com/route53/pricing/',
    asOf: '2026-12-07',
    regions: 'global',
  },
} as const satisfies Record<string, Price>;

export type PriceName = keyof typeof PRICES;
