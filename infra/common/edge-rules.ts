/**
 * The edge's per-address rules (docs/design.md §30), without CDK: the AWS WAF web ACL in front of
 * CloudFront (`infra/cloud/waf.ts`) is built from them, and any local model of the front door can
 * apply the same figures.
 *
 * Each rate rule counts the requests of one client address that match it in a sliding window of
 * `windowSeconds` (AWS WAF allows 60, 120, 300 or 600 s; the lowest limit is 10) and, over `limit`,
 * answers 429 until the address's rate is below it again. AWS WAF acts on an estimate, usually within
 * 30 s of the rate being crossed ("Rate-based rule caveats in AWS WAF",
 * https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-caveats.html).
 */

/** Which requests a rate rule counts. */
export type EdgeScope =
  /** `/api/admin/*` without an `Authorization` header: nobody the back-office knows. */
  | 'anonymousAdmin'
  /** `/api/admin/*`, signed in or not. */
  | 'admin'
  /** Writes (any method but GET, HEAD, OPTIONS) under `/api/` outside `/api/admin/`. */
  | 'publicWrites'
  /** Every request under `/api/` outside `/api/admin/` (the catalogue, payment methods, order views, writes). */
  | 'publicApi';

export interface EdgeRateRule {
  readonly scope: EdgeScope;
  readonly limit: number;
  readonly windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * The rate rules, strictest first (the order the web ACL evaluates them). The figures leave a real
 * customer (several behind one mobile operator's shared address included) and the owner room to spare:
 * a checkout is a handful of writes, a page a handful of uncached API reads; the back-office polls.
 */
export const EDGE_RATE_RULES: readonly EdgeRateRule[] = [
  { scope: 'anonymousAdmin', limit: 10, windowSeconds: 60 },
  { scope: 'admin', limit: 600, windowSeconds: 60 },
  { scope: 'publicWrites', limit: 60, windowSeconds: 60 },
  { scope: 'publicApi', limit: 120, windowSeconds: 60 },
];

/** Bodies above this many bytes are refused at the edge (CloudFront's web ACLs inspect 16 KB by default). */
export const EDGE_MAX_BODY_BYTES = 16 * 1024;

/** The prefix of the back-office API (its own HTTP API and stage behind CloudFront). */
export const ADMIN_API_PREFIX = '/api/admin/';

/** A rule's steady rate, in requests a second, that one address may keep up without being stopped. */
export function sustainedRate(rule: EdgeRateRule): number {
  return rule.limit / rule.windowSeconds;
}
