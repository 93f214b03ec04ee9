/**
 * Every Lambda function of a stack logs into a log group the stack made, with a retention. Our own
 * functions have one (`ShopFunction`); the helpers aws-cdk-lib adds (the S3 notifications handler, the
 * custom resource providers) would log into the group Lambda creates by itself at the first run,
 * `/aws/lambda/<name>`, which never expires and which no stack deletes. This aspect gives each such
 * function a group of its own, kept {@link HELPER_LOG_RETENTION}, through its `LoggingConfig`, and
 * deleted with its function (a helper only a first deploy has, the buckets' auto-delete of
 * `keeping.ts`, leaves no group behind when the next deploy removes it).
 *
 * Aspects run before the references between stacks are resolved: the providers aws-cdk-lib adds for a
 * cross-region reference (`-c waf=true`) come later and keep Lambda's own group.
 */
import { CfnResource, RemovalPolicy, type IAspect } from 'aws-cdk-lib';
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
