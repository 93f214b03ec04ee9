/**
 * `-c lintOnly=true` (CI's synths of other regions and edge plans for cfn-lint, `infra/cloud/lint-only.ts`):
 * no stack bundles its functions' code, and every stack carries a rule CloudFormation checks before any
 * change, which always fails, so such a template can never be deployed.
 */
import { App, Stack } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { isLintOnly, refuseDeploys, skipBundling } from '#infra/cloud/lint-only.ts';

describe('a synth for linting only', () => {
  it('is asked for by the context, as the CLI gives it (a string) or as JSON', () => {
    expect(isLintOnly(new App({ context: { lintOnly: 'true' } }))).toBe(true);
    expect(isLintOnly(new App({ context: { lintOnly: true } }))).toBe(true);
    expect(isLintOnly(new App({ context: { lintOnly: 'false' } }))).toBe(false);
    expect(isLintOnly(new App())).toBe(false);
  });

  it('bundles no stack, over what the CLI asks for', () => {
    const app = new App({ context: { [BUNDLING_STACKS]: ['**'] } });
    skipBundling(app);
    const stack = new Stack(app, 'Shop');
    expect(stack.bundlingRequired).toBe(false);
  });

  it('gives every stack a rule whose assertion is false: CloudFormation refuses the template before any change', () => {
    const app = new App();
    const stacks = [new Stack(app, 'Shop'), new Stack(app, 'Edge')];
    refuseDeploys(app);
    for (const stack of stacks) {
      const rules = Template.fromStack(stack).toJSON().Rules as Record<
        string,
        { Assertions: { Assert: unknown; AssertDescription: string }[] }
      >;
      expect(rules.LintOnlyTemplate!.Assertions).toEqual([
        { Assert: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'lint-only'] }, AssertDescription: expect.stringContaining('lintOnly') },
      ]);
    }
  });
});
