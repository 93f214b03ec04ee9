/**
 * Context `lintOnly=true`: a synth for cfn-lint only (CI lints the templates of other regions and edge
 * plans, `.ci/run`). The functions' code is not bundled (CDK's own switch, the context
 * `aws:cdk:bundling-stacks`, as `cdk deploy --exclusively` uses it for the stacks it leaves out), which
 * takes a synth from about 70 s to about 15 s; the templates are the same but for the assets' hashes.
 * Such templates must never reach CloudFormation: each stack carries a rule that fails before any
 * change is made, and `npm run deploy` refuses the context.
 */
import { Aws, CfnRule, Fn, Stack, type App } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';

/** The context key. */
export const LINT_ONLY_CONTEXT = 'lintOnly';

/** Whether the synth is for linting only (`-c lintOnly=true`). */
export function isLintOnly(app: App): boolean {
  return String(app.node.tryGetContext(LINT_ONLY_CONTEXT)) === 'true';
}

/** Before any stack is made: no stack bundles its functions' code. */
export function skipBundling(app: App): void {
  app.node.setContext(BUNDLING_STACKS, []);
}

/** After the stacks are made: each refuses to be created or updated (its rule's assertion is false). */
export function refuseDeploys(app: App): void {
  for (const stack of app.node.children.filter((child): child is Stack => Stack.isStack(child))) {
    new CfnRule(stack, 'LintOnlyTemplate', {
      assertions: [
        {
          // No region is called that: false wherever CloudFormation evaluates it (and not a constant cfn-lint flags).
          assert: Fn.conditionEquals(Aws.REGION, 'lint-only'),
          assertDescription:
            'Este modelo foi sintetizado com -c lintOnly=true (só para o cfn-lint): ' +
            'não leva o código das funções. Implanta com npm run deploy.',
        },
      ],
    });
  }
}
