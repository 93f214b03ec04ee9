/**
 * Binds a function to what a route row says it may touch (`grants` in `lambdas/routes.ts`): one call
 * adds the IAM statement AND the environment variable that names the resource, so a grant can never
 * lack its variable, nor a variable its grant.
 *
 * The statements are written out rather than taken from `table.grantReadData()` / `bucket.grantRead()`:
 * those also allow streams, every index (`/index/*`) and `s3:List*`/`s3:GetBucket*`; here a table
 * read reaches exactly the indexes declared in `lambdas/contracts/data-model.ts`, and a bucket read is GetObject
 * plus ListBucket (so a missing key answers 404 as it does on the local twin, not 403).
 */
import { CfnResource, Names, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { IConstruct } from 'constructs';
import type { Grant } from '#lambdas/route-grants.ts';
import { buckets, tables, type BucketKey, type TableKey } from '#lambdas/contracts/data-model.ts';
import { INVOICING_ENV, MAIL_ENV, ORDER_LINK_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { acknowledgeNag } from './nag.ts';
import {
  BUCKET_DELETE_ACTIONS,
  BUCKET_LIST_ACTIONS,
  BUCKET_PUT_ACTIONS,
  BUCKET_READ_OBJECT_ACTIONS,
  MAIL_ACTIONS,
  SECRET_READ_ACTIONS,
  SECRET_WRITE_ACTIONS,
  SENDER_IDENTITY_ACTIONS,
  SES_ACCOUNT_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_DELETE_ACTIONS,
  TABLE_WRITE_ACTIONS,
} from '../../common/grants.ts';

/** What the `mail` grant reaches and the values of its environment variables. */
export interface MailTarget {
  readonly senderEmail: string;
  readonly identityArn: string;
  /** The identity's name as SES knows it (the domain, else the address). */
  readonly identityName: string;
  readonly templateArns: readonly string[];
  readonly templatePrefix: string;
  readonly shopUrl: string;
  /** The back-office's path prefix, for the links of the owner's e-mails. */
  readonly adminPrefix: string;
  /** Named by every send; SES authorizes the send on the configuration set too. */
  readonly configurationSetName: string;
  readonly configurationSetArn: string;
  /** Region of the SES resources (context `sesRegion`), where the functions send. */
  readonly region: string;
}

/** The stack's resources a grant can point at. */
export interface BindTargets {
  readonly tables: Readonly<Record<TableKey, dynamodb.ITableV2>>;
  readonly buckets: Readonly<Record<BucketKey, s3.IBucket>>;
  readonly mail: MailTarget;
  /** The secret of the order links' key, read by the functions at run time. */
  readonly orderLinkSecret: secretsmanager.ISecret;
  /** The payment provider's keys (written by the owner's "Definições", read at run time by the functions with the `paymentKeys` grant). */
  readonly paymentKeysSecret: secretsmanager.ISecret;
  /** The invoicing provider's API key (docs/invoices.md), read at run time by the functions with the `invoicingKey` grant. */
  readonly invoicingKeySecret: secretsmanager.ISecret;
}

/** Grants `grant` to `fn` and sets the environment variables that go with it. */
export function bindGrant(fn: lambda.Function, grant: Grant, targets: BindTargets): void {
  if ('table' in grant) bindTable(fn, grant.table, grant.access, grant.delete === true, targets.tables[grant.table]);
  else if ('bucket' in grant) bindBucket(fn, grant.bucket, grant.access, targets.buckets[grant.bucket], grant.prefix);
  else if ('config' in grant) fn.addEnvironment(MAIL_ENV.shopUrl, targets.mail.shopUrl);
  else if ('orderLinks' in grant) bindSecret(fn, targets.orderLinkSecret, ORDER_LINK_ENV.secretArn);
  else if ('paymentKeys' in grant) bindSecret(fn, targets.paymentKeysSecret, PAYMENT_KEYS_ENV.secretArn);
  else if ('invoicingKey' in grant) bindSecret(fn, targets.invoicingKeySecret, INVOICING_ENV.secretArn);
  else if ('senderIdentity' in grant) bindSenderIdentity(fn, targets.mail);
  else if ('sesAccount' in grant) bindSesAccount(fn, targets.mail);
  else bindMail(fn, targets.mail);
  // The route that saves the payment provider's keys writes them too (PutSecretValue on that secret alone).
  if ('paymentKeys' in grant && 'write' in grant)
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SECRET_WRITE_ACTIONS], resources: [targets.paymentKeysSecret.secretArn] }));
  if ('invoicingKey' in grant && 'write' in grant)
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SECRET_WRITE_ACTIONS], resources: [targets.invoicingKeySecret.secretArn] }));
}

/**
 * A stage secret read at run time (`lambdas/repositories/secrets.ts`): its ARN in `envVar`, never its
 * value, and `secretsmanager:GetSecretValue` on that one secret (not `grantRead`, which adds `DescribeSecret`).
 */
export function bindSecret(fn: lambda.Function, secret: secretsmanager.ISecret, envVar: string): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SECRET_READ_ACTIONS], resources: [secret.secretArn] }));
  fn.addEnvironment(envVar, secret.secretArn);
}

function bindTable(
  fn: lambda.Function,
  key: TableKey,
  access: 'read' | 'write' | 'readWrite',
  canDelete: boolean,
  table: dynamodb.ITableV2,
): void {
  const def = tables[key];
  if (access === 'read' || access === 'readWrite') {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...TABLE_READ_ACTIONS],
        resources: [table.tableArn, ...def.indexes.map((index) => `${table.tableArn}/index/${index.name}`)],
      }),
    );
  }
  if (access === 'write' || access === 'readWrite') {
    const actions = canDelete ? [...TABLE_WRITE_ACTIONS, ...TABLE_DELETE_ACTIONS] : [...TABLE_WRITE_ACTIONS];
    fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [table.tableArn] }));
  }
  fn.addEnvironment(def.envVar, table.tableName);
}

function bindBucket(
  fn: lambda.Function,
  key: BucketKey,
  access: Extract<Grant, { bucket: BucketKey }>['access'],
  bucket: s3.IBucket,
  prefix = '',
): void {
  const objects = bucket.arnForObjects(`${prefix}*`);
  if (access !== 'put' && access !== 'delete') {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...BUCKET_READ_OBJECT_ACTIONS], resources: [objects] }));
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...BUCKET_LIST_ACTIONS], resources: [bucket.bucketArn] }));
  }
  if (access === 'put' || access === 'readWrite' || access === 'readWriteDelete') {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...BUCKET_PUT_ACTIONS], resources: [objects] }));
  }
  if (access === 'readDelete' || access === 'readWriteDelete' || access === 'delete') {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...BUCKET_DELETE_ACTIONS], resources: [objects] }));
  }
  fn.addEnvironment(buckets[key].envVar, bucket.bucketName);
  if (fn.role) {
    acknowledgeNag(
      fn.role,
      `IAM5[Resource::<${bucketArnAsNagSees(fn, bucket)}>/${prefix}*]`,
      prefix
        ? `Objects under ${prefix} of the ${key} bucket are named at run time (a page's address, an upload's or a photo's id), ` +
            `so the function must reach any object under that prefix, and none ` +
            `outside it; the actions are limited to the ones the grant names.`
        : `Objects of the ${key} bucket have random, server-chosen keys, so the function must reach any object ` +
            'of this one bucket; the actions are limited to the ones the grant names (GetObject and/or PutObject).',
    );
  }
}

function bindMail(fn: lambda.Function, mail: MailTarget): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...MAIL_ACTIONS],
      // A send that names a configuration set is authorized on the identity, the template AND the
      // configuration set (Service Authorization Reference, Amazon SES v2: SendEmail).
      resources: [mail.identityArn, ...mail.templateArns, mail.configurationSetArn],
    }),
  );
  fn.addEnvironment(MAIL_ENV.from, mail.senderEmail);
  fn.addEnvironment(MAIL_ENV.configurationSet, mail.configurationSetName);
  fn.addEnvironment(MAIL_ENV.sesRegion, mail.region);
  fn.addEnvironment(MAIL_ENV.templatePrefix, mail.templatePrefix);
  fn.addEnvironment(MAIL_ENV.shopUrl, mail.shopUrl);
  fn.addEnvironment(MAIL_ENV.adminPrefix, mail.adminPrefix);
}

/**
 * A bucket's ARN as cdk-nag prints it in a finding on `fn`'s policy: `<Logical.Arn>` in the bucket's
 * own stack, the nested-stack parameter CDK passes it by (`referenceto<unique id>Arn`) in a route shard.
 */
function bucketArnAsNagSees(fn: lambda.Function, bucket: s3.IBucket): string {
  const resource = bucket.node.defaultChild;
  if (Stack.of(fn) === Stack.of(bucket) || !CfnResource.isCfnResource(resource)) return `${logicalIdOf(bucket)}.Arn`;
  return `referenceto${Names.nodeUniqueId(resource.node)}Arn`;
}

/** Least privilege for the go-live checklist: reading whether the sender's one identity is verified. */
function bindSenderIdentity(fn: lambda.Function, mail: MailTarget): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SENDER_IDENTITY_ACTIONS], resources: [mail.identityArn] }));
  fn.addEnvironment(MAIL_ENV.identity, mail.identityName);
  fn.addEnvironment(MAIL_ENV.sesRegion, mail.region);
}

/**
 * Least privilege for the go-live checklist's SES item: `ses:GetAccount` alone, which has no resource
 * type in IAM (an account-wide read), so its statement names `*` (acknowledged for cdk-nag here).
 */
function bindSesAccount(fn: lambda.Function, mail: MailTarget): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...SES_ACCOUNT_ACTIONS], resources: ['*'] }));
  fn.addEnvironment(MAIL_ENV.sesRegion, mail.region);
  if (fn.role) {
    acknowledgeNag(
      fn.role,
      'IAM5[Resource::*]',
      'ses:GetAccount (whether the account has SES production access, for the go-live checklist) has no resource type in IAM: ' +
        'its statement must name "*", and holds that one read-only action alone.',
    );
  }
}

/** The logical id a construct's CloudFormation resource gets, as cdk-nag prints it in findings. */
function logicalIdOf(construct: IConstruct): string {
  const resource = construct.node.defaultChild;
  if (!CfnResource.isCfnResource(resource)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(resource).resolve(resource.logicalId) as string;
}
