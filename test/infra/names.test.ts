/**
 * Names safe per stage and region: every resource with a name that is unique per
 * account (CloudFront's policies, functions and origin access controls, the dashboard) carries the stage's stack name
 * and the region; per-region names (SES configuration set and templates, alarms) carry the stage.
 * Two synthesized stacks, another stage and another region, never share one. The budget is the
 * stage's, whatever the region: named after the stage only, it counts the stage's tag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetName } from '#infra/common/naming.ts';
import { removeScratch, synthShop, SYNTH_TIMEOUT_MS, type Synthesized } from './support.ts';

let prod: Synthesized;
let other: Synthesized;
beforeAll(() => {
  prod = synthShop();
  other = synthShop({ stage: 'loja2', env: { region: 'us-east-1' } } as Parameters<typeof synthShop>[0]);
}, SYNTH_TIMEOUT_MS * 2);
afterAll(removeScratch);

/** The account-wide (global) names of a template, by type. */
function globalNames(shop: Synthesized): string[] {
  const names: string[] = [];
  for (const resource of Object.values(shop.json.Resources)) {
    const p = resource.Properties ?? {};
    const config = p.ResponseHeadersPolicyConfig ?? p.OriginAccessControlConfig ?? p.CachePolicyConfig ?? p.OriginRequestPolicyConfig;
    if (config?.Name) names.push(JSON.stringify(config.Name));
    if (resource.Type === 'AWS::CloudFront::Function') names.push(JSON.stringify(p.Name));
    if (resource.Type === 'AWS::CloudWatch::Dashboard') names.push(JSON.stringify(p.DashboardName));
  }
  return names;
}

const budgetNames = (shop: Synthesized) =>
  Object.values(shop.json.Resources)
    .filter((r) => r.Type === 'AWS::Budgets::Budget')
    .map((r) => String(r.Properties.Budget.BudgetName));

describe('names that must be unique per account', () => {
  it('every CloudFront policy, function and origin access control and the dashboard name the stack and the region', () => {
    const names = globalNames(prod);
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      expect(name, name).toContain(prod.stack.stackName.replace(/-/g, '').slice(0, 9));
      expect(name, name).toContain(prod.stack.region);
    }
  });

  it('another stage in another region shares none of them', () => {
    const mine = new Set(globalNames(prod));
    for (const name of globalNames(other)) expect(mine.has(name), name).toBe(false);
  });

  it("the budget is the stage's: named after the stage, not the region, and another stage's has another name", () => {
    expect(budgetNames(prod)).toEqual([budgetName('test')]);
    expect(budgetNames(other)).toEqual([budgetName('loja2')]);
    expect(budgetNames(other)[0]).not.toBe(budgetNames(prod)[0]);
  });

  it('per-region names carry the stage (the SES configuration set and templates) or the stack, named after the stage (the alarms)', () => {
    const sesNames = (shop: Synthesized) =>
      Object.values(shop.json.Resources)
        .filter((r) => r.Type === 'AWS::SES::ConfigurationSet' || r.Type === 'AWS::SES::Template')
        .map((r) => String(r.Properties.Name ?? r.Properties.Template?.TemplateName));
    const a = sesNames(prod);
    const b = new Set(sesNames(other));
    expect(a.length).toBeGreaterThan(5);
    for (const name of a) expect(b.has(name), name).toBe(false);
    const alarms = Object.values(prod.json.Resources)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => String(r.Properties.AlarmName));
    expect(alarms.length).toBeGreaterThan(10);
    for (const name of alarms) expect(name.startsWith(`${prod.stack.stackName} `), name).toBe(true);
  });
});
