/** What one run of `npm run preflight` checks: the deploy it precedes, as its command line and `cdk.json` say. */
import type { EdgePlan } from '../../common/deploy-settings.ts';
import type { Lang } from './findings.ts';

/** The CDK's default bootstrap qualifier (`DefaultStackSynthesizer.DEFAULT_QUALIFIER`). */
export const DEFAULT_QUALIFIER = 'hnb659fds';

/** The context key of another qualifier (`cdk bootstrap --qualifier`), as the CDK app reads it. */
export const QUALIFIER_CONTEXT = '@aws-cdk/core:bootstrapQualifier';

export interface PreflightOptions {
  readonly stage: string;
  /** `JoiasInox-<stage>`. */
  readonly stackName: string;
  readonly region: string;
  /**
   * Where the shop's SES lives (context `sesRegion`; by default the region when it has SES, else
   * eu-west-1: then the stage's mail stack `JoiasInox-<stage>-Mail` is there, `infra/cloud/mail-stack.ts`).
   */
  readonly sesRegion: string;
  /** Context `budget`: the stack makes the monthly cost budget (off by default where CloudFormation has no AWS Budgets). */
  readonly budget: boolean;
  /** Context `monthlyBudgetUsd`: the budget's amount, for the one to make by hand where the stack makes none. */
  readonly monthlyBudgetUsd: number;
  readonly lang: Lang;
  /** Print the findings as JSON instead of text. */
  readonly json: boolean;
  /** A web ACL in front (context `edgePlan` other than `none`): stacks in us-east-1 too, so the CDK must be bootstrapped there as well. */
  readonly waf: boolean;
  /** Context `edgePlan` (`free`, `payg`, `none`): which stacks in us-east-1, and whether the flat-rate plan is asked for. */
  readonly edgePlan?: EdgePlan;
  readonly senderEmail?: string;
  readonly senderDomain?: string;
  /** Context `mailSendRate`: what the outbox will send per second, to compare with SES's rate. */
  readonly mailSendRate?: number;
  /** The bootstrap qualifier (context `@aws-cdk/core:bootstrapQualifier`, else the CDK's default). */
  readonly qualifier: string;
  /**
   * The deploy's context as `key=value` pairs on top of `cdk.json` (`-c`, and `--stage`/`--region`): what the app is synthesized with to
   * count its functions.
   */
  readonly context: readonly string[];
}
