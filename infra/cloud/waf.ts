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
 * anonymous `/api/admin/*` (no token-shaped `Authorization` header), on `/api/admin/*`, on the checkout,
 * on new challenges, on public writes and on the public API; the proof-of-work header's presence and
 * shape on the guarded writes; a body size limit; AWS's IP reputation list and common rule set. Over a
 * rate limit the answer is a 429 in the shop's error shape, in Portuguese, as the API's own; a missing
 * or malformed proof the function's own 400.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as pricingplanmanager from 'aws-cdk-lib/aws-pricingplanmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiTexts } from '#shared/messages/index.ts';
import { STAGE_TAG } from '../common/naming.ts';
import { ChallengeRefused } from '#lambdas/errors.ts';
import { toErrorResponse } from '#lambdas/http/error-response.ts';
import {
  ADMIN_API_PREFIX,
  EDGE_MAX_BODY_BYTES,
  EDGE_PROOF_RULE,
  EDGE_RATE_RULES,
  PROOF_SHAPE,
  TOKEN_SHAPE,
  type EdgeRateRule,
  type EdgeScope,
} from '../common/edge-rules.ts';

/**
 * Pay-as-you-go cost of the web ACL (AWS WAF pricing, https://aws.amazon.com/waf/pricing/): $5 a month
 * for the web ACL, $1 a month per rule or managed rule group (11 here: both AWS groups are free of
 * subscription fees), and $0.60 per million requests inspected.
 */
export const PAYG_MONTHLY_USD = { webAcl: 5, perRule: 1, rules: 11, perMillionRequests: 0.6 } as const;

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

/** The custom body of a rate rule's 429, one per window: it says how long to wait, truly. */
const tooManyKey = (windowSeconds: number) => `tooManyRequests${windowSeconds}`;

const tooMany = (retryAfterSeconds: number): wafv2.CfnWebACL.RuleActionProperty => ({
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: tooManyKey(retryAfterSeconds),
      responseHeaders: [{ name: 'retry-after', value: String(retryAfterSeconds) }],
    },
  },
});

const uriStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const methodIs = (method: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const uriIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const headerMatches = (name: string, regexString: string): wafv2.CfnWebACL.StatementProperty => ({
  regexMatchStatement: {
    fieldToMatch: { singleHeader: { Name: name } },
    regexString,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const headerSize = (name: string, comparisonOperator: 'GT' | 'LT', size: number): wafv2.CfnWebACL.StatementProperty => ({
  sizeConstraintStatement: {
    fieldToMatch: { singleHeader: { Name: name } },
    comparisonOperator,
    size,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const or = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty => ({ orStatement: { statements } });
const not = (statement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({ notStatement: { statement } });
const and = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty => ({ andStatement: { statements } });

/** `/api/` outside the back-office. */
const publicApi = and(uriStartsWith('/api/'), not(uriStartsWith(ADMIN_API_PREFIX)));

/** What each rate rule counts, as a WAF scope-down statement. */
export function scopeStatement(scope: EdgeScope): wafv2.CfnWebACL.StatementProperty {
  switch (scope) {
    case 'anonymousAdmin':
      // No Authorization header of a token's shape: `Bearer x` counts here, not under the owner's rule.
      return and(uriStartsWith(ADMIN_API_PREFIX), not(headerMatches('authorization', TOKEN_SHAPE)));
    case 'admin':
      return uriStartsWith(ADMIN_API_PREFIX);
    case 'checkout':
      return and(uriIs('/api/orders'), methodIs('POST'));
    case 'challenge':
      return and(uriIs('/api/challenge'), methodIs('GET'));
    case 'publicWrites':
      return and(
        uriStartsWith('/api/'),
        not(uriStartsWith(ADMIN_API_PREFIX)),
        not(methodIs('GET')),
        not(methodIs('HEAD')),
        not(methodIs('OPTIONS')),
      );
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
    statement: {
      rateBasedStatement: {
        limit: rule.limit,
        evaluationWindowSec: rule.windowSeconds,
        aggregateKeyType: 'IP',
        scopeDownStatement: scopeStatement(rule.scope),
      },
    },
  };
}

/** A guarded public write (`EDGE_PROOF_RULE.routes`). */
function guardedWrite(): wafv2.CfnWebACL.StatementProperty {
  const each = EDGE_PROOF_RULE.routes.map((route) => and(uriIs(route.path), methodIs(route.method)));
  return each.length === 1 ? each[0]! : or(...each);
}

/** The custom response body key of a proof refusal. */
const PROOF_BODY = { challenge_required: 'challengeRequired', challenge_invalid: 'challengeInvalid' } as const;

/**
 * The proof-of-work rules (`EDGE_PROOF_RULE`): a guarded write without the header, or with one not of
 * a solved payload's shape, is answered 400 as the function would, before the stage spends anything.
 */
function proofRules(first: number): wafv2.CfnWebACL.RuleProperty[] {
  const { header, minBytes, maxBytes } = EDGE_PROOF_RULE;
  const refuse = (code: keyof typeof PROOF_BODY): wafv2.CfnWebACL.RuleActionProperty => ({
    block: { customResponse: { responseCode: 400, customResponseBodyKey: PROOF_BODY[code] } },
  });
  return [
    {
      name: 'ProofMissing',
      priority: first,
      action: refuse('challenge_required'),
      visibilityConfig: visibility('ProofMissing'),
      statement: and(guardedWrite(), not(headerSize(header, 'GT', 0))),
    },
    {
      name: 'ProofMalformed',
      priority: first + 1,
      action: refuse('challenge_invalid'),
      visibilityConfig: visibility('ProofMalformed'),
      statement: and(
        guardedWrite(),
        or(headerSize(header, 'LT', minBytes), headerSize(header, 'GT', maxBytes), not(headerMatches(header, PROOF_SHAPE))),
      ),
    },
  ];
}

/** The web ACL's custom answers: the 429 of the rate rules and the proof refusals, in the shop's error shape. */
export function customResponseBodies(): Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> {
  const proof = (code: keyof typeof PROOF_BODY) => ({
    contentType: 'APPLICATION_JSON',
    content: JSON.stringify(toErrorResponse(new ChallengeRefused(code)).body),
  });
  const windows = [...new Set(EDGE_RATE_RULES.map((rule) => rule.windowSeconds))];
  return {
    ...Object.fromEntries(
      windows.map((seconds) => [
        tooManyKey(seconds),
        {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'too_many_requests', message: apiTexts.tooManyRequests(seconds) } }),
        },
      ]),
    ),
    [PROOF_BODY.challenge_required]: proof('challenge_required'),
    [PROOF_BODY.challenge_invalid]: proof('challenge_invalid'),
  };
}

/** The web ACL's rules, in order. */
export function webAclRules(): wafv2.CfnWebACL.RuleProperty[] {
  const rules = EDGE_RATE_RULES.map((rule, index) => rateRule(rule, index));
  rules.push(...proofRules(rules.length));
  let priority = rules.length;
  rules.push({
    name: 'BodySize',
    priority: priority++,
    // API bodies are small JSON (files go straight to S3 with presigned POSTs): a larger one is refused.
    action: { block: { customResponse: { responseCode: 413 } } },
    visibilityConfig: visibility('BodySize'),
    statement: {
      sizeConstraintStatement: {
        fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
        comparisonOperator: 'GT',
        size: EDGE_MAX_BODY_BYTES,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    },
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
    super(scope, id, {
      description: `Joias Inox shop: AWS WAF web ACL for CloudFront (${props.stage})`,
      ...props,
      tags: { ...props.tags, [STAGE_TAG]: props.stage },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `joias-inox-${props.stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('JoiasInoxWebAcl'),
      customResponseBodies: customResponseBodies(),
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

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { readonly stage: string; readonly distributionArn: string; readonly webAclArn: string },
  ) {
    super(scope, id, {
      description: `Joias Inox shop: CloudFront flat-rate plan of the distribution (${props.stage})`,
      ...props,
      tags: { ...props.tags, [STAGE_TAG]: props.stage },
    });
    this.subscription = new pricingplanmanager.CfnSubscription(this, 'Subscription', {
      ...FREE_PLAN,
      resourceArns: [props.distributionArn, props.webAclArn],
    });
    this.subscription.addMetadata('cfn-lint', {
      config: {
        ignore_checks: ['E3006'],
        ignore_reasons: { E3006: 'AWS::PricingPlanManager::Subscription (November 2025) is newer than cfn-lint 1.51.0' },
      },
    });
  }
}
