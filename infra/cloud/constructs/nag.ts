/**
 * cdk-nag acknowledgements, always on the narrowest construct and always with a reason.
 *
 * cdk-nag 3 runs as a CDK validation plugin (`Validations.of(app).addPlugins(new AwsSolutionsChecks(app))`,
 * see `infra/cloud/app.ts`); the CDK validation report drops every violation whose resource sits at or under
 * a construct that acknowledged the rule id.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Namespace under which the CDK validation report files the AwsSolutions pack's findings. */
export const NAG_NAMESPACE = 'AwsSolutions';

/**
 * Acknowledges one AwsSolutions rule (`'IAM5'`) or one finding of it
 * (`'IAM5[Resource::<BucketABC.Arn>/*]'`) on `scope` and everything below it.
 */
export function acknowledgeNag(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `${NAG_NAMESPACE}::${NAG_NAMESPACE}-${rule}`, reason });
}
