/**
 * The twin's names and environment (docs/local-twin.md): the mail sender and templates, the buckets'
 * names, where the built SPA and pre-renderer are, and the variables the handlers run with, the same
 * the CDK stack sets (secrets by ARN only) plus the local services' endpoints.
 */
import { DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import { configurationSetName } from '../common/naming.ts';
import { RENDERER_DIST, WEB_DIST } from '../common/repo-paths.ts';
import { buckets, tables, type BucketKey, type TableKey } from '#lambdas/contracts/data-model.ts';
import { MAIL_ENV, ORDER_LINK_ENV, ORIGIN_ENV, OUTBOX_ENV, PAGES_ENV } from '#lambdas/contracts/env.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableName } from './bootstrap.ts';
import { localSecretArn } from './secrets-local.ts';
import { providersEnv } from './twin-payments.ts';
import { LOCAL_SECRETS } from './twin-secrets.ts';

export const MAIL_TEMPLATE_PREFIX = 'local-';
export const MAIL_FROM = 'loja@joias-inox.local';
/** aws-ses-v2-local accepts `ConfigurationSetName` (an optional string) and ignores it; set so the send path is the cloud's. */
export const MAIL_CONFIGURATION_SET = configurationSetName('local');
/** The twin's outbox sends at most this many e-mails a second (`MAIL_SEND_RATE` overrides; SES gives new production accounts 14). */
export const LOCAL_MAIL_SEND_RATE = 100;

/** The local services' addresses. */
export interface TwinEndpoints {
  readonly dynamodb: string;
  readonly s3: string;
  readonly cognito: string;
  readonly ses: string;
  readonly secretsmanager: string;
  readonly payments: string;
  readonly invoicing: string;
}

/** The built SPA the front door serves: `WEB_DIST` if set (parallel builds), else `web/dist`. */
export const webDistDir = (): string => process.env.WEB_DIST ?? WEB_DIST;
/** The built pre-renderer the twin's page functions load (as the cloud's bundle them). */
export const rendererDir = (): string => process.env.RENDERER_DIST ?? RENDERER_DIST;

export const localBucketName = (key: BucketKey): string => `joias-${key}`;

/** The environment the handlers get in the twin: the same variables the CDK stack sets (secrets by ARN only), plus endpoints. */
export function handlerEnv(endpoints: TwinEndpoints, shopUrl: string, adminPrefix = DEFAULT_ADMIN_PREFIX): Record<string, string> {
  const env: Record<string, string> = {
    [ORIGIN_ENV.secretArn]: localSecretArn(LOCAL_SECRETS.origin),
    [ORDER_LINK_ENV.secretArn]: localSecretArn(LOCAL_SECRETS.orderLink),
    ...providersEnv(endpoints, LOCAL_SECRETS.paymentKeys),
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.secretsmanager,
    [MAIL_ENV.from]: MAIL_FROM,
    [MAIL_ENV.identity]: MAIL_FROM,
    [MAIL_ENV.templatePrefix]: MAIL_TEMPLATE_PREFIX,
    [MAIL_ENV.shopUrl]: shopUrl,
    [MAIL_ENV.configurationSet]: MAIL_CONFIGURATION_SET,
    [MAIL_ENV.adminPrefix]: adminPrefix,
    [PAGES_ENV.rendererDir]: rendererDir(),
    [OUTBOX_ENV.sendRate]: process.env[OUTBOX_ENV.sendRate] ?? String(LOCAL_MAIL_SEND_RATE),
    POWERTOOLS_SERVICE_NAME: 'joias-api',
    // The business metrics run as in the cloud, their embedded-metric lines switched off (a readable console).
    POWERTOOLS_METRICS_NAMESPACE: 'JoiasInox/local',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  for (const key of Object.keys(tables) as TableKey[]) env[tables[key].envVar] = localTableName(key);
  for (const key of Object.keys(buckets) as BucketKey[]) env[buckets[key].envVar] = localBucketName(key);
  return env;
}
