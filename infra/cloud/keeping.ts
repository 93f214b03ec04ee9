/**
 * What the shop's stack keeps when it, or one of its resources, goes away: nothing from a first deploy
 * that failed, everything once the stack has completed.
 *
 * A deploy that fails rolls back; without this, a first one would leave the retained tables, buckets,
 * user pool and backup vault behind as orphans (and the vault's fixed name would stop the next try).
 * So until the stack has completed once (context `firstDeploy=true`, which `npm run deploy` gives
 * while the stack does not exist or only as a failed creation, `infra/ops/deploy/first-deploy.ts`):
 *
 * - every resource the stack would retain gets `DeletionPolicy: RetainExceptOnCreate` instead
 *   ({@link FirstDeployRemoval}): CloudFormation deletes it when the operation that created it rolls
 *   back, and keeps it otherwise, like `Retain` (`Delete` in the nested route shards: log groups);
 * - the tables and the user pool are created without deletion protection (a protected resource
 *   cannot be deleted by the rollback);
 * - the buckets are `DESTROY` with `autoDeleteObjects` (a bucket with objects cannot be deleted);
 * - the stack has no termination protection (it would stop `cdk deploy` deleting the failed stack
 *   before it tries again, `shop-app.ts`).
 *
 * As soon as that deploy completes, `npm run deploy` deploys again without the context: every one of
 * these is then `Retain`, protected, without auto-deletion, and `prod` gets termination protection.
 * Only the policies and protections change, in place: no logical id, name or key changes, so nothing
 * is replaced (`test/infra/first-deploy.test.ts`). The buckets lose CDK's `aws-cdk:auto-delete-objects`
 * tag in that update before CloudFormation removes the auto-delete resource in its clean-up, so the
 * removal empties nothing.
 */
import { CfnDeletionPolicy, CfnResource, RemovalPolicy, Stack, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** How the data resources are kept (`keeping(firstDeploy)`). */
export interface Keeping {
  readonly firstDeploy: boolean;
  /** DynamoDB's and Cognito's deletion protection. */
  readonly deletionProtection: boolean;
  /** The removal policy of the buckets that hold the shop's data or its logs. */
  readonly bucketRemoval: RemovalPolicy;
  /** Empty a bucket when CloudFormation deletes it (only with {@link bucketRemoval} `DESTROY`). */
  readonly autoDeleteObjects: boolean;
}

/** The stack once it has completed (the default): retained and protected. */
export const KEEP: Keeping = {
  firstDeploy: false,
  deletionProtection: true,
  bucketRemoval: RemovalPolicy.RETAIN,
  autoDeleteObjects: false,
};

/** A first deploy: whatever it created goes with its rollback. */
export const FIRST_DEPLOY: Keeping = {
  firstDeploy: true,
  deletionProtection: false,
  bucketRemoval: RemovalPolicy.DESTROY,
  autoDeleteObjects: true,
};

export function keeping(firstDeploy: boolean): Keeping {
  return firstDeploy ? FIRST_DEPLOY : KEEP;
}

/**
 * On a first deploy, every resource with `DeletionPolicy: Retain` (the tables, the user pool, the
 * vault, the log groups, whatever is added later) gets `RetainExceptOnCreate`: deleted by the rollback
 * of the operation that created it, retained by any later deletion. In a nested stack (the route
 * shards: log groups only) it gets `Delete`: a nested stack's own creation may have completed before
 * the parent's rollback deletes it, and that deletion is not the rollback of its creation.
 */
export class FirstDeployRemoval implements IAspect {
  visit(node: IConstruct): void {
    if (CfnResource.isCfnResource(node) && node.cfnOptions.deletionPolicy === CfnDeletionPolicy.RETAIN) {
      node.applyRemovalPolicy(Stack.of(node).nested ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    }
  }
}
