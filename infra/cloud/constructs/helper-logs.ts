/**
 * Every Lambda function of a stack logs into a log group the stack made, with a retention. Our own
 * functions have one (`ShopFunction`); the helpers aws-cdk-lib adds (the S3 notifications handler, the
 * custom resource providers) would log into the group Lambda creates by itself at the first run,
 * `/aws/lambda/<name>`, which never expires and which no stack deletes. This aspect gives each such
 * function a group of its own, kept {@link HELPER_LOG_RETENTION}, through its `LoggingConfig`, and
 * deleted with its function (a helper only a first deploy has, the buckets' auto-delete of
 * `keeping.ts`, leaves no group behind when the next deploy removes it).
 *
 * Aspects run before the references between stacks are resolved: the providers aws-cdk-lib adds then
 * for a cross-region reference (the edge's stacks in us-east-1: the export writer and reader functions of
 * the shop's, Waf, Plan and EdgeLogs stacks) come later. {@link crossRegionHelperLogs} gives them a group:
 * made with the stack, and named in their `LoggingConfig` once the references are resolved (the tree's
 * validation runs after that, before the templates are written).
 */
import { CfnResource, RemovalPolicy, Stack, type IAspect } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/** A month, the longest any log of the shop is kept (a helper's run may name what it wrote). */
export const HELPER_LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/** Id of the log group the aspect adds next to a helper function's resource. */
export const HELPER_LOGS_ID = 'Logs';

export class HelperFunctionLogs implements IAspect {
  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    // An L1 function states its logging config (ours, and AwsCustomResource's with its `logGroup`);
    // the helpers that aws-cdk-lib writes as plain CfnResources never set one.
    if (node instanceof lambda.CfnFunction && node.loggingConfig !== undefined) return;
    const parent = node.node.scope;
    if (!parent || parent.node.tryFindChild(HELPER_LOGS_ID)) return;
    const group = new logs.LogGroup(parent, HELPER_LOGS_ID, { retention: HELPER_LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    node.addPropertyOverride('LoggingConfig', { LogGroup: group.logGroupName });
  }
}

/** Id of the log group of the functions that come with the stack's cross-region references. */
export const CROSS_REGION_LOGS_ID = 'CrossRegionHelperLogs';

/** The functions of `stack` that log into no group of the stack (neither ours nor the aspect's). */
function functionsWithoutGroup(stack: Stack): CfnResource[] {
  return stack.node.findAll().filter((node): node is CfnResource => {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== 'AWS::Lambda::Function' || Stack.of(node) !== stack) return false;
    if (node instanceof lambda.CfnFunction && node.loggingConfig !== undefined) return false;
    return !node.node.scope?.node.tryFindChild(HELPER_LOGS_ID) && !LATE.has(node);
  });
}
const LATE = new WeakSet<CfnResource>();

/**
 * For a stack with cross-region references: one log group kept {@link HELPER_LOG_RETENTION}, and after
 * the references are resolved, every function aws-cdk-lib added for them logs there.
 */
export function crossRegionHelperLogs(stack: Stack): logs.LogGroup {
  const group = new logs.LogGroup(stack, CROSS_REGION_LOGS_ID, { retention: HELPER_LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  stack.node.addValidation({
    validate: () => {
      for (const fn of functionsWithoutGroup(stack)) {
        fn.addPropertyOverride('LoggingConfig', { LogGroup: group.logGroupName });
        LATE.add(fn);
      }
      return [];
    },
  });
  return group;
}
