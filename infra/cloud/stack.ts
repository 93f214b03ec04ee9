/**
 * `ShopStack`: the whole shop in one stack, composed from one construct per concern.
 *
 *   Data (tables, buckets) → Auth (user pool) → Mail (SES) → Api (one function per route row)
 *   → Web (CloudFront, SPA upload with config.json) → Alarms (CloudWatch → SNS → operator e-mail)
 *
 * Mail is here when SES is in the stack's region; otherwise (`sesRegion`, e.g. a shop in Europe
 * (Spain), which has no SES) the stage's `MailStack` holds it in the SES region, and the functions
 * send there (`MAIL_SES_REGION`). The stack carries the stage's tag (`STAGE_TAG`), which the budget
 * counts. Without the shop's build it synthesizes only for `cdk ls` and `cdk bootstrap` (`shop-build.ts`).
 */
import { Aspects, CfnOutput, CfnParameter, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { BindTargets } from './constructs/bind.ts';
import type { Construct } from 'constructs';
import type { Route } from '#lambdas/routes.ts';
import { Alarms } from './alarms.ts';
import { Api, LATENCY_WATCHED_ROUTES } from './api.ts';
import { Jobs } from './jobs.ts';
import { Photos } from './photos.ts';
import { Auth, type AuthSesMail } from './auth.ts';
import type { SpaConfig } from '#shared/spa-config.ts';
import { DEFAULT_MONTHLY_BUDGET_USD, EMAIL_PATTERN, type DomainSettings } from '../common/deploy-settings.ts';
import { STAGE_TAG } from '../common/naming.ts';
import { RENDERER_DIST, WEB_DIST } from '../common/repo-paths.ts';
import { Data } from './data.ts';
import { makeInvoicingKeySecret } from './invoicing.ts';
import { makeOrderLinkSecret, makeOriginSecret, makePaymentKeysSecret } from './secrets.ts';
import { MonthlyBackups } from './backups.ts';
import { EDGE_LOGS_SOURCE_REGION } from './edge-logs.ts';
import { HelperFunctionLogs } from './constructs/helper-logs.ts';
import { FirstDeployRemoval, keeping, type Keeping } from './keeping.ts';
import { useRendererDir } from './constructs/shop-function.ts';
import { Mail, mailRefs, type MailRefs } from './mail.ts';
import { MailEvents } from './mail-events.ts';
import { MailOutbox } from './outbox.ts';
import type { RenderedMailTemplates } from '../common/mail/render.ts';
import { DEFAULT_SETTINGS, type PaymentSettings } from '#shared/settings.ts';
import { SettingsSeed } from './settings-seed.ts';
import { checkShopBuild } from './shop-build.ts';
import { Web } from './web.ts';

export interface ShopStackProps extends StackProps {
  readonly stage: string;
  readonly adminPathPrefix: string;
  /** The mail templates, rendered from MJML before the stack is built (`renderMailTemplates()`, which is asynchronous). */
  readonly mailTemplates: RenderedMailTemplates;
  /**
   * Sender of the shop's e-mail. When absent, the template gets a `SenderEmail` parameter without a
   * default: synth works offline, and a deploy must name the address (`-c senderEmail=` or
   * `--parameters SenderEmail=`).
   */
  readonly senderEmail?: string;
  /**
   * Verify this domain in SES (Easy DKIM, custom MAIL FROM `mail.<domain>`) instead of the sender
   * address; `senderEmail` must be given and be an address at it (checked at synth).
   */
  readonly senderDomain?: string;
  /**
   * Subscribed by e-mail to the alarm topic, and the first owner-notification address of the settings,
   * when given; without it the alarm topic has no subscriber. No admin is created by the stack: the
   * first one comes from `npm run create-admin` (a user as a stack resource is replaced or deleted
   * when the address changes).
   */
  readonly operatorEmail?: string;
  /** Directory of the built SPA. @default `<repo>/web/dist` */
  readonly webDistDir?: string;
  /** Directory of the built pre-renderer. @default `<repo>/web/dist-ssr` */
  readonly rendererDistDir?: string;
  /**
   * Region of the stage's SES resources (context `sesRegion`). Another region than the stack's: they
   * live in the stage's `MailStack` there, and this stack only points the functions at them.
   * @default the stack's region
   */
  readonly sesRegion?: string;
  readonly domain?: DomainSettings;
  /** Directory of the handler modules. @default `<repo>/lambdas/handlers` */
  readonly handlersDir?: string;
  /** @default `lambdas/routes.ts` */
  readonly routes?: readonly Route[];
  /**
   * Payment instructions from context `payments`: only the first settings record of the stage (written
   * by the first deploy); afterwards they are changed on the back-office's "Definições", never here.
   */
  readonly payments?: Partial<PaymentSettings>;
  /** ARN of the WAF web ACL (`WafStack`, us-east-1) to put in front of CloudFront (context `waf=true`). */
  readonly webAclArn?: string;
  /**
   * CloudFront's access logs go through standard logging v2 (`JoiasInox-<stage>-EdgeLogs` in us-east-1,
   * `edge-logs.ts`), without query strings, cookies or referrers; the access-log bucket takes them. False
   * (`edgePlan=none`, no stack in us-east-1): the legacy standard logs, which always keep the query string.
   * @default false
   */
  readonly edgeLogs?: boolean;
  /**
   * Cognito's mails through the shop's SES identity (context `cognitoSes`, `AuthSesMail`): only once SES
   * verified it and granted production access; needs `senderEmail`. @default false (Cognito's sender)
   */
  readonly cognitoSes?: boolean;
  /**
   * The account's Lambda concurrency quota in the region (context `lambdaConcurrency`): reserved concurrency when it allows
   * (`concurrency.ts`).
   */
  readonly lambdaConcurrency?: number;
  /** E-mails a second the outbox sends at most (the account's SES sending rate). @default 10 */
  readonly mailSendRate?: number;
  /** The stage's monthly cost budget (context `budget`; `budget.ts`). @default true */
  readonly budget?: boolean;
  /** The month's AWS cost budget in US dollars, reported to the alarm topic. @default DEFAULT_MONTHLY_BUDGET_USD */
  readonly monthlyBudgetUsd?: number;
  /**
   * The stack has never completed (context `firstDeploy`): a rollback deletes everything it created
   * (`keeping.ts`). @default false (the data retained and protected)
   */
  readonly firstDeploy?: boolean;
}

/** Default of `mailSendRate`: below the 14 a second SES gives a new production account. */
export const DEFAULT_MAIL_SEND_RATE = 10;

export class ShopStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  /** The SES resources, when SES is in this stack's region (else in the stage's `MailStack`). */
  readonly mail: Mail | undefined;
  /** The SES names and ARNs the functions use, wherever the resources are. */
  readonly mailRefs: MailRefs;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly photos: Photos;
  readonly outbox: MailOutbox;
  readonly mailEvents: MailEvents;
  readonly web: Web;
  readonly backups: MonthlyBackups;
  readonly alarms: Alarms;
  readonly settingsSeed: SettingsSeed;
  /** The origin lock's secret (CloudFront's header; every API function reads it at run time). */
  readonly originSecret: secretsmanager.Secret;
  /** The order links' key (read at run time by the functions with the `orderLinks` grant). */
  readonly orderLinkSecret: secretsmanager.Secret;
  /** The payment provider's keys (docs/design.md §34): written by "Definições", read by the functions with the `paymentKeys` grant. */
  readonly paymentKeysSecret: secretsmanager.Secret = makePaymentKeysSecret(this);
  /** The invoicing provider's API key (docs/invoices.md): read by the functions with the `invoicingKey` grant. */
  readonly invoicingKeySecret: secretsmanager.Secret = makeInvoicingKeySecret(this);

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, {
      description: `Joias Inox online shop (${props.stage})`,
      ...props,
      tags: { ...props.tags, [STAGE_TAG]: props.stage },
    });
    const rendererDir = props.rendererDistDir ?? RENDERER_DIST;
    useRendererDir(this, rendererDir);
    const built = checkShopBuild(this, { webDistDir: props.webDistDir ?? WEB_DIST, rendererDir });
    Aspects.of(this).add(new HelperFunctionLogs());
    const keep = this.keeping(props.firstDeploy);

    this.data = new Data(this, 'Data', keep);
    this.backups = new MonthlyBackups(this, 'Backups', { stage: props.stage, tables: this.data.tables });
    const senderEmail = this.senderAddress(props);
    this.auth = new Auth(this, 'Auth', { keeping: keep, ...this.authMail(props) });
    this.mail = this.localMail(props, senderEmail);
    this.mailRefs =
      this.mail?.refs ?? mailRefs(this, { stage: props.stage, senderEmail, senderDomain: props.senderDomain, region: props.sesRegion! });

    // The shop URL is known only once the distribution exists; functions read it at deploy time.
    let web: Web | undefined = undefined;
    const shopUrl = Lazy.string({
      produce: () => {
        if (!web) throw new Error('The shop URL is read before the web front door exists');
        return web.shopUrl;
      },
    });

    // The shop's settings live in its own table (edited on "Definições"); the first deploy seeds them once.
    this.settingsSeed = new SettingsSeed(this, 'SettingsSeed', {
      table: this.data.tables.settings,
      settings: {
        ...DEFAULT_SETTINGS,
        payments: { ...DEFAULT_SETTINGS.payments, ...props.payments },
        ownerEmail: props.operatorEmail ?? '',
      },
    });

    this.orderLinkSecret = makeOrderLinkSecret(this);
    this.originSecret = makeOriginSecret(this);
    const bindTargets = this.bindTargets(shopUrl, props.adminPathPrefix);

    this.api = new Api(this, 'Api', {
      originSecret: this.originSecret,
      targets: bindTargets,
      jwtIssuer: this.auth.issuer,
      jwtAudience: [this.auth.client.userPoolClientId],
      ...(props.routes ? { routes: props.routes } : {}),
      ...(props.handlersDir ? { handlersDir: props.handlersDir } : {}),
      ...(props.lambdaConcurrency !== undefined ? { lambdaConcurrency: props.lambdaConcurrency } : {}),
    });

    this.jobs = new Jobs(this, 'Jobs', { targets: bindTargets });
    this.photos = new Photos(this, 'Photos', { targets: bindTargets, imagesBucket: this.data.buckets.images });
    this.outbox = new MailOutbox(this, 'Outbox', {
      targets: bindTargets,
      tables: this.data.tables,
      sendRate: props.mailSendRate ?? DEFAULT_MAIL_SEND_RATE,
    });
    this.mailEvents = new MailEvents(this, 'MailEvents', {
      targets: bindTargets,
      // The account's default bus: SES publishes there, or the mail stack forwards there from the SES region.
      eventBus: this.mail?.eventBus ?? events.EventBus.fromEventBusName(this, 'DefaultBus', 'default'),
      configurationSetName: this.mailRefs.configurationSetName,
    });

    web = this.webFrontDoor(props, this.originSecret.secretValueFromJson('current').unsafeUnwrap(), built);
    this.web = web;
    if (props.edgeLogs) this.data.allowEdgeLogDelivery(EDGE_LOGS_SOURCE_REGION);

    this.alarms = this.makeAlarms(props);

    // Presigned uploads come from the shop's pages. The buckets cannot name the distribution's own
    // host (the images bucket is one of its origins, a dependency cycle), so without a custom domain
    // they accept any CloudFront host; the presigned policy, not CORS, is what authorizes an upload.
    this.data.allowBrowserUploads(props.domain ? [`https://${props.domain.name}`] : ['https://*.cloudfront.net']);

    this.addOutputs(props, senderEmail);
  }

  /** The alarms of the API, the mail and the budget, to the operator's e-mail (`alarms.ts`). */
  private makeAlarms(props: ShopStackProps): Alarms {
    return new Alarms(this, 'Alarms', {
      httpApi: this.api.httpApi,
      apiAccessLogs: this.api.accessLogs,
      latencyRoutes: LATENCY_WATCHED_ROUTES,
      outbox: { deadLetterQueue: this.outbox.deadLetterQueue, failedMails: this.outbox.failedMails },
      mailEventsDeadLetters: this.mailEvents.deadLetterQueue,
      ...(this.mail ? { mail: { configurationSetName: this.mail.configurationSetName } } : {}),
      ...(props.budget !== false ? { budget: { stage: props.stage, limitUsd: props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD } } : {}),
      ...(props.operatorEmail ? { operatorEmail: props.operatorEmail } : {}),
    });
  }

  /** How the data are kept (`keeping.ts`): on a first deploy, its rollback deletes what it would retain. */
  private keeping(firstDeploy = false): Keeping {
    const keep = keeping(firstDeploy);
    if (keep.firstDeploy) Aspects.of(this).add(new FirstDeployRemoval());
    return keep;
  }

  /** Cognito's mails through the shop's SES identity (`cognitoSes`), or nothing: Cognito's own sender. */
  private authMail(props: ShopStackProps): { sesMail?: AuthSesMail } {
    if (!props.cognitoSes || !props.senderEmail) return {};
    return {
      sesMail: {
        fromEmail: props.senderEmail,
        sesRegion: props.sesRegion ?? this.region,
        ...(props.senderDomain ? { verifiedDomain: props.senderDomain } : {}),
      },
    };
  }

  /**
   * The shop's sender address: `senderEmail`, else a `SenderEmail` parameter without a default (synth
   * works offline; a deploy must name it). A `senderDomain` needs a `senderEmail`.
   */
  private senderAddress(props: ShopStackProps): string {
    const senderEmail =
      props.senderEmail ??
      new CfnParameter(this, 'SenderEmail', {
        type: 'String',
        description: 'Address the shop sends e-mail from (SES verifies it by e-mail after the deploy)',
        allowedPattern: EMAIL_PATTERN.source,
        constraintDescription: 'must be an e-mail address',
      }).valueAsString;
    if (props.senderDomain && !props.senderEmail) {
      throw new Error(`Context "senderDomain" (${props.senderDomain}) needs context "senderEmail" too: an address at that domain`);
    }
    return senderEmail;
  }

  /** The SES resources in this stack, when SES is in its region (`sesRegion` absent or the same). */
  private localMail(props: ShopStackProps, senderEmail: string): Mail | undefined {
    if (props.sesRegion !== undefined && props.sesRegion !== this.region) return undefined;
    return new Mail(this, 'Mail', {
      stage: props.stage,
      senderEmail,
      templates: props.mailTemplates,
      ...(props.senderDomain ? { senderDomain: props.senderDomain } : {}),
    });
  }

  /** What the functions' route grants bind to (`constructs/bind.ts`): the order-link key, the tables, buckets and mail. */
  private bindTargets(shopUrl: string, adminPrefix: string): BindTargets {
    return {
      orderLinkSecret: this.orderLinkSecret,
      paymentKeysSecret: this.paymentKeysSecret,
      invoicingKeySecret: this.invoicingKeySecret,
      tables: this.data.tables,
      buckets: this.data.buckets,
      mail: { ...this.mailRefs, shopUrl, adminPrefix },
    };
  }

  /** CloudFront in front of the site bucket, the API and the images, with the SPA's `config.json`. */
  private webFrontDoor(props: ShopStackProps, originSecret: string, uploadSite: boolean): Web {
    const spaConfig: SpaConfig = {
      apiBasePath: '/api',
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      adminPathPrefix: props.adminPathPrefix,
      stage: props.stage,
    };
    return new Web(this, 'Web', {
      apiDomainName: this.api.originDomainName,
      adminApiDomainName: this.api.adminOriginDomainName,
      originSecret,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
      imagesBucket: this.data.buckets.images,
      siteBucket: this.data.buckets.site,
      uploadBuckets: [this.data.buckets.uploads, this.data.buckets.proofs, this.data.buckets.images],
      accessLogs: this.data.accessLogs,
      legacyLogging: props.edgeLogs !== true,
      spaConfig,
      ...(props.webDistDir ? { webDistDir: props.webDistDir } : {}),
      uploadSite,
      ...(props.domain ? { domain: props.domain } : {}),
      ...(props.routes ? { routes: props.routes } : {}),
    });
  }

  /** The stack's outputs: the shop's addresses, the pool, the distribution, the alarm topic, and the mail's DNS records. */
  private addOutputs(props: ShopStackProps, senderEmail: string): void {
    const web = this.web;
    new CfnOutput(this, 'ShopUrl', { value: web.shopUrl, description: 'The shop' });
    new CfnOutput(this, 'AdminUrl', { value: `${web.shopUrl}${props.adminPathPrefix}/login`, description: 'Back-office sign-in' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'DistributionId', { value: web.distribution.distributionId });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: 'The origin secret (npm run rotate-secret -- origin)',
    });
    new CfnOutput(this, 'OrderLinkSecretArn', {
      value: this.orderLinkSecret.secretArn,
      description: 'The order-link key (npm run rotate-secret -- order-link)',
    });
    new CfnOutput(this, 'ChallengeKeysStoreArn', {
      value: web.challengeKeys.keyValueStoreArn,
      description: "The edge's proof-of-work keys (written by npm run deploy)",
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: web.distribution.distributionDomainName,
      description: 'With a custom domain: point its DNS here (CNAME, or a Route 53 alias record)',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'SNS topic of the alarms; subscribe more addresses with aws sns subscribe --protocol email',
    });
    const mail = this.mailRefs;
    new CfnOutput(this, 'SenderAddress', {
      value: senderEmail,
      description: mail.senderDomain
        ? `Shop e-mail comes from this address; SES verifies ${mail.senderDomain} by the DKIM records of the stack in ${mail.region}`
        : `SES (${mail.region}) sends a verification link to this address after the first deploy; mail works once it is clicked`,
    });
    new CfnOutput(this, 'MailConfigurationSet', {
      value: mail.configurationSetName,
      description: 'SES configuration set every shop e-mail is sent with',
    });
    new CfnOutput(this, 'MailRegion', {
      value: mail.region,
      description: "Region of the shop's SES identity and templates: verify, and ask for production access, there",
    });
    this.mail?.addSenderDnsOutputs();
  }
}
