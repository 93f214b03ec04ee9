/**
 * What a route row's grant (`grants` in `lambdas/routes.ts`) allows, as plain tables free of
 * aws-cdk-lib: the IAM actions of each kind of access and the environment variables a grant brings.
 * The cloud writes its IAM statements from them (`infra/cloud/constructs/bind.ts`) and the twin
 * refuses, as IAM would, every call outside them (`infra/twin/function-scope.ts`), so both read one
 * table.
 */
import type { Grant } from '#lambdas/route-grants.ts';
import { buckets, tables } from '#lambdas/contracts/data-model.ts';
import { INVOICING_ENV, MAIL_ENV, ORDER_LINK_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';

export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
] as const;
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem'] as const;
/** A table grant's `delete: true`: BatchWriteItem belongs here, since a batch write may delete and IAM checks only it. */
export const TABLE_DELETE_ACTIONS = ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;
export const BUCKET_READ_OBJECT_ACTIONS = ['s3:GetObject'] as const;
export const BUCKET_LIST_ACTIONS = ['s3:ListBucket'] as const;
export const BUCKET_PUT_ACTIONS = ['s3:PutObject'] as const;
export const BUCKET_DELETE_ACTIONS = ['s3:DeleteObject'] as const;
export const MAIL_ACTIONS = ['ses:SendEmail', 'ses:SendTemplatedEmail'] as const;
/** What the `senderIdentity` grant allows, on the sender's identity only. */
export const SENDER_IDENTITY_ACTIONS = ['ses:GetEmailIdentity'] as const;
/**
 * What the `sesAccount` grant allows: reading the account's SES state (production access). IAM knows no
 * resource for it: its statement names `*`, and holds this action alone.
 */
export const SES_ACCOUNT_ACTIONS = ['ses:GetAccount'] as const;
/**
 * What reading a stage secret needs (the `orderLinks` grant's key; the origin secret of every API
 * function), on that one secret only: no `DescribeSecret`, no `kms:Decrypt` (the secrets use the
 * account's `aws/secretsmanager` key, whose policy lets Secrets Manager decrypt for any principal allowed
 * to read the secret).
 */
export const SECRET_READ_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
/** What writing the payment provider's keys needs (the `paymentKeys` grant with `write`), on that one secret only. */
export const SECRET_WRITE_ACTIONS = ['secretsmanager:PutSecretValue'] as const;

/** The environment variables a grant brings, by name (what `bindGrant` sets). */
export function envVarsOf(grant: Grant): string[] {
  if ('table' in grant) return [tables[grant.table].envVar];
  if ('bucket' in grant) return [buckets[grant.bucket].envVar];
  if ('config' in grant) return [MAIL_ENV.shopUrl];
  if ('orderLinks' in grant) return [ORDER_LINK_ENV.secretArn];
  // The local provider's endpoint comes with it in the twin only (`infra/twin/function-scope.ts`); the cloud calls the provider.
  if ('paymentKeys' in grant) return [PAYMENT_KEYS_ENV.secretArn];
  if ('invoicingKey' in grant) return [INVOICING_ENV.secretArn];
  if ('senderIdentity' in grant) return [MAIL_ENV.identity, MAIL_ENV.sesRegion];
  if ('sesAccount' in grant) return [MAIL_ENV.sesRegion];
  // The SES region is set by the cloud only (the twin's SES answers in the twin's own region).
  return [MAIL_ENV.from, MAIL_ENV.templatePrefix, MAIL_ENV.shopUrl, MAIL_ENV.configurationSet, MAIL_ENV.sesRegion, MAIL_ENV.adminPrefix];
}
