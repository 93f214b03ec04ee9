/**
 * The edge in front of CloudFront (context `edgePlan`, docs/design.md §30): an AWS WAF web ACL, on by
 * default. CloudFront only takes a web ACL of scope CLOUDFRONT, and those live in us-east-1, so it is a
 * stack of its own there (`JoiasInox-<stage>-Waf`); the shop's stack reads its ARN across regions
 * (CDK's `crossRegionReferences`).
 *
 * - `free` (default): the web ACL, and the distribution on CloudFront's Free flat-rate plan
 *   (`JoiasInox-<stage>-Plan`, us-east-1: an `AWS::PricingPlanManager::Subscription`, which needs the
 *   distribution's ARN, so it comes after the shop's stack). The plan bundles CloudFront, AWS WAF and
 *   DDoS protection for $0 a month with no overage charges; free subscriptions are active at once
 *   (CloudFormation reference, AWS::PricingPlanManager::Subscription).
 * - `payg`: the same web ACL, billed per use (see {@link PAYG_MONTHLY_USD}).
 * - `none`: no web ACL; only by explicit choice.
 *
 * The rules (`infra/common/edge-rules.ts` has the figures), in order: per-address rate limits on
 * anonymous `/api/admin/*` (no `Authorization` header), on `/api/admin/*`, on public writes and on the
 * public API; a body size limit; AWS's IP reputation list and common rule set. Over a rate limit the
 * answer is a 429 in the shop's error shape, in Portuguese, as the API's own.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as pricingplanmanager from 'aws-cdk-lib/aws-pricingplanmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiTexts } from '#shared/messages/index.ts';
import { STAGE_TAG } from '../common/config.ts';
import { ADMIN_API_PREFIX, EDGE_MAX_BODY_BYTES, EDGE_RATE_RULES, type EdgeRateRule, type EdgeScope } from '../common/edge-rules.ts';

/**
 * Pay-as-you-go cost of the web ACL (AWS WAF pricing, https://aws.amazon.com/waf/pricing/): $5 a month
 * for the web ACL, $1 a month per rule or managed rule group (6 here: both AWS groups are free of
 * subscription fees), and $0.60 per million requests inspected.
 */
export const PAYG_MONTHLY_USD = { webAcl: 5, perRule: 1, rules: 6, perMillionRequests: 0.6 } as const;

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const tooMany = (retryAfterSeconds: number): wafv2.CfnWebACL.RuleActionProperty => ({
  block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests', responseHeaders: [{ name: 'retry-after', value: String(retryAfterSeconds) }] } },
});

const uriStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: prefix, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

const methodIs = (method: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: method, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

const not = (statement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({ notStatement: { statement } });
const and = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty => ({ andStatement: { statements } });

/** `/api/` outside the back-office. */
const publicApi = and(uriStartsWith('/api/'), not(uriStartsWith(ADMIN_API_PREFIX)));

/** What each rate rule counts, as a WAF scope-down statement. */
export function scopeStatement(scope: EdgeScope): wafv2.CfnWebACL.StatementProperty {
  switch (scope) {
    case 'anonymousAdmin':
      return and(uriStartsWith(ADMIN_API_PREFIX), not({ sizeConstraintStatement: { fieldToMatch: { singleHeader: { Name: 'authorization' } }, comparisonOperator: 'GT', size: 0, textTransformations: [{ priority: 0, type: 'NONE' }] } }));
    case 'admin':
      return uriStartsWith(ADMIN_API_PREFIX);
    case 'publicWrites':
      return and(uriStartsWith('/api/'), not(uriStartsWith(ADMIN_API_PREFIX)), not(methodIs('GET')), not(methodIs('HEAD')), not(methodIs('OPTIONS')));
    case 'publicApi':
      return publicApi;
  }
}

/** The WAF rule name of a rate rule: `AnonymousAdminPerIp`, ... */
export function rateRuleName(rule: EdgeRateRule): string {
  return `${rule.scope[0]!.toUpperCase()}${rule.scope.slice(1)}PerIp`;
}

function rateRule(rule: EdgeRateRule, priority: number): wafv2.CfnWebACL.RuleProperty {
  const name = rateRuleName(rule);
  return {
    name,
    priority,
    action: tooMany(rule.windowSeconds),
    visibilityConfig: visibility(name),
    statement: { rateBasedStatement: { limit: rule.limit, evaluationWindowSec: rule.windowSeconds, aggregateKeyType: 'IP', scopeDownStatement: scopeStatement(rule.scope) } },
  };
}

/** The web ACL's rules, in order. */
export function webAclRules(): wafv2.CfnWebACL.RuleProperty[] {
  const rules = EDGE_RATE_RULES.map((rule, index) => rateRule(rule, index));
  let priority = rules.length;
  rules.push({
    name: 'BodySize',
    priority: priority++,
    // API bodies are small JSON (files go straight to S3 with presigned POSTs): a larger one is refused.
    action: { block: { customResponse: { responseCode: 413 } } },
    visibilityConfig: visibility('BodySize'),
    statement: { sizeConstraintStatement: { fieldToMatch: { body: { oversizeHandling: 'MATCH' } }, comparisonOperator: 'GT', size: EDGE_MAX_BODY_BYTES, textTransformations: [{ priority: 0, type: 'NONE' }] } },
  });
  rules.push({
    name: 'AwsIpReputation',
    priority: priority++,
    overrideAction: { none: {} },
    visibilityConfig: visibility('AwsIpReputation'),
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
  });
  rules.push({
    name: 'AwsCommonRuleSet',
    priority,
    overrideAction: { none: {} },
    visibilityConfig: visibility('AwsCommonRuleSet'),
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: 'AWSManagedRulesCommonRuleSet',
        // Its 8 KB body rule only counted: `BodySize` above is the shop's limit.
        ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
      },
    },
  });
  return rules;
}

export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps & { readonly stage: string }) {
    super(scope, id, { description: `Joias Inox shop: AWS WAF web ACL for CloudFront (${props.stage})`, ...props, tags: { ...props.tags, [STAGE_TAG]: props.stage } });
    const longestWindow = Math.max(...EDGE_RATE_RULES.map((rule) => rule.windowSeconds));
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `joias-inox-${props.stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('JoiasInoxWebAcl'),
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'too_many_requests', message: apiTexts.tooManyRequests(longestWindow) } }),
        },
      },
      rules: webAclRules(),
    });
  }
}

/** The plan tier of `edgePlan=free` (AWS::PricingPlanManager::Subscription `PlanTier`). */
export const FREE_PLAN = { planFamily: 'CloudFront', planTier: 'FREE' } as const;

/**
 * The distribution on CloudFront's Free flat-rate plan (us-east-1, where the PricingPlanManager API
 * is). A CloudFront subscription names exactly one distribution and exactly one AWS WAF web ACL
 * (PricingPlanManager API reference, CreateSubscription `resourceArns`). While it covers the
 * distribution, CloudFront refuses to remove or replace its web ACL and to delete the distribution.
 * cfn-lint 1.51 does not know `AWS::PricingPlanManager::Subscription` yet (its region tables
 * predate it): the resource carries a cfn-lint exception for E3006 (unknown type) and nothing else.
 */
export class PlanStack extends Stack {
  readonly subscription: pricingplanmanager.CfnSubscription;

  constructor(scope: Construct, id: string, props: StackProps & { readonly stage: string; readonly distributionArn: string; readonly webAclArn: string }) {
    super(scope, id, { description: `Joias Inox shop: CloudFront flat-rate plan of the distribution (${props.stage})`, ...props, tags: { ...props.tags, [STAGE_TAG]: props.stage } });
    this.subscription = new pricingplanmanager.CfnSubscription(this, 'Subscription', {
      ...FREE_PLAN,
      resourceArns: [props.distributionArn, props.webAclArn],
    });
    this.subscription.addMetadata('cfn-lint', {
      config: { ignore_checks: ['E3006'], ignore_reasons: { E3006: 'AWS::PricingPlanManager::Subscription (November 2025) is newer than cfn-lint 1.51.0' } },
    });
  }
}
