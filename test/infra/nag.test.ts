/**
 * cdk-nag's AWS Solutions checks (and CDK's built-in CloudFormation validation) find nothing that is
 * not acknowledged, and every acknowledgement says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDependencyCycle, openViolations, synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop({ cfnValidation: true, operatorEmail: 'dona@joias.test' });
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

describe('cdk-nag AwsSolutions', () => {
  it('ran on the stack', () => {
    const names = shop.report.pluginReports.map((p) => p.pluginName);
    expect(names).toContain('AwsSolutions');
    expect(names).toContain('CloudFormation Validate');
  });

  it('leaves no unacknowledged error or warning', () => {
    expect(openViolations(shop.report)).toEqual([]);
    for (const plugin of shop.report.pluginReports) expect(plugin.conclusion, plugin.pluginName).toBe('success');
  });

  it('every acknowledgement carries a real reason and sits below the stack root', () => {
    const acknowledged = shop.report.pluginReports.flatMap((p) => p.suppressedViolations ?? []);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const violation of acknowledged) {
      expect(violation.reason?.length ?? 0, violation.ruleName).toBeGreaterThan(40);
      // Never acknowledged for the whole stack or app: always on the construct concerned.
      expect(violation.acknowledgedAt?.split('/').length ?? 0, violation.ruleName).toBeGreaterThan(1);
    }
  });

  it('the template has no dependency cycle', () => {
    // The detector itself finds one when there is one.
    expect(
      findDependencyCycle({
        Resources: {
          A: { Type: 'X', Properties: { p: { Ref: 'B' } } },
          B: { Type: 'X', Properties: { p: { 'Fn::Sub': 'x-${C.Arn}' } } },
          C: { Type: 'X', Properties: { p: { 'Fn::GetAtt': ['A', 'Arn'] } } },
        },
      }),
    ).toEqual(['A', 'B', 'C', 'A']);
    expect(findDependencyCycle(shop.json)).toBeUndefined();
  });

  it('our own functions need no acknowledgement but the object wildcard of a granted bucket, and ses:GetAccount\'s "*"', () => {
    const acknowledged = shop.report.pluginReports.flatMap((p) => p.suppressedViolations ?? []);
    const onFunctions = acknowledged.filter((v) =>
      v.violatingConstructs.some((c) => c.constructPath.includes('/Api/') && !c.constructPath.endsWith('Route/Resource')),
    );
    for (const violation of onFunctions) {
      // ses:GetAccount has no resource type in IAM: its statement names "*" (the `sesAccount` grant, docs/design.md §33).
      if (violation.ruleName === 'AwsSolutions-IAM5[Resource::*]') {
        expect(violation.reason).toMatch(/^ses:GetAccount .* has no resource type in IAM/);
        expect(
          violation.violatingConstructs.every((c) => /PutApiAdminSettings|PostApiAdminSettingsSenderCheck/.test(c.constructPath)),
        ).toBe(true);
        continue;
      }
      // In a route shard the bucket's ARN arrives as the nested stack's parameter (`referenceto<JoiasInox-test/Data/...>Arn`).
      expect(violation.ruleName).toMatch(/^AwsSolutions-IAM5\[Resource::<(Data\w+\.Arn|referenceto\w+Data\w+Arn)>\/(pages\/)?\*\]$/);
      expect(JSON.stringify(violation)).toMatch(/random, server-chosen keys|are named at run time/);
    }
  });
});
