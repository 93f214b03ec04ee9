/**
 * The optional AWS WAF web ACL in front of CloudFront (context `waf=true`). CloudFront only takes a web
 * ACL of scope CLOUDFRONT, and those live in us-east-1, so this is a stack of its own in that region;
 * the shop's stack references its ARN across regions (CDK's `crossRegionReferences`).
 *
 * Rules, in order:
 * 1. **Per-IP rate limit on the API's writes** (POST/PUT/PATCH under `/api/`): 100 in any 5 minutes.
 *    The API's own per-client limits (DynamoDB counters) are finer; this stops a flood at the edge,
 *    before it costs a function call.
 * 2. **Per-IP rate limit on everything**: 2 000 requests in any 5 minutes (a shopper browsing fast
 *    makes a few hundred, images included).
 * 3. **AWS managed common rule set** (OWASP-style bad requests), with its 8 KB body-size rule only
 *    counted: the API has its own body limit (64 KB).
 * 4. **AWS managed known bad inputs** (Log4j, Java deserialization, localhost Host headers, ...).
 *
 * Over a rate limit the answer is a 429 in the shop's error shape, in Portuguese, as the API's own.
 * Cost (us-east-1 prices): $5 a month for the web ACL, $1 per rule or rule group (4) and $0.60 per
 * million requests: about $9 a month plus requests.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiTexts } from '#shared/messages.ts';
import { STAGE_TAG } from '../common/config.ts';

/** Requests per IP in any {@link WAF_WINDOW_SECONDS}: the API's writes, and everything. */
export const WAF_LIMITS = { apiWrites: 100, all: 2000 } as const;
export const WAF_WINDOW_SECONDS = 300;

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const tooMany: wafv2.CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests', responseHeaders: [{ name: 'retry-after', value: String(WAF_WINDOW_SECONDS) }] } },
};

export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps & { readonly stage: string }) {
    super(scope, id, { description: `Joias Inox shop: AWS WAF web ACL for CloudFront (${props.stage})`, ...props, tags: { ...props.tags, [STAGE_TAG]: props.stage } });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `joias-inox-${props.stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('JoiasInoxWebAcl'),
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'too_many_requests', message: apiTexts.tooManyRequests(WAF_WINDOW_SECONDS) } }),
        },
      },
      rules: [
        {
          name: 'ApiWritesPerIp',
          priority: 0,
          action: tooMany,
          visibilityConfig: visibility('ApiWritesPerIp'),
          statement: {
            rateBasedStatement: {
              limit: WAF_LIMITS.apiWrites,
              evaluationWindowSec: WAF_WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: '/api/', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                    {
                      notStatement: {
                        statement: { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'GET', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
        {
          name: 'AllPerIp',
          priority: 1,
          action: tooMany,
          visibilityConfig: visibility('AllPerIp'),
          statement: { rateBasedStatement: { limit: WAF_LIMITS.all, evaluationWindowSec: WAF_WINDOW_SECONDS, aggregateKeyType: 'IP' } },
        },
        {
          name: 'AwsCommonRuleSet',
          priority: 2,
          overrideAction: { none: {} },
          visibilityConfig: visibility('AwsCommonRuleSet'),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
        },
        {
          name: 'AwsKnownBadInputs',
          priority: 3,
          overrideAction: { none: {} },
          visibilityConfig: visibility('AwsKnownBadInputs'),
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
        },
      ],
    });
  }
}
