/**
 * The stage's stacks, in deploy order (`npm run deploy` deploys them all, `cdk deploy --all`):
 *
 * 1. `JoiasInox-<stage>-Waf` (us-east-1, unless `edgePlan=none`): the AWS WAF web ACL CloudFront takes.
 * 2. `JoiasInox-<stage>-Mail` (the SES region, only when SES is not in the shop's region).
 * 3. `JoiasInox-<stage>`: the shop (data, auth, mail, web, jobs, alarms), with the rows of the route
 *    table in nested stacks (`api.ts`).
 * 4. `JoiasInox-<stage>-Plan` (us-east-1, `edgePlan=free` only): the distribution on CloudFront's
 *    Free flat-rate plan, with the web ACL.
 * 5. `JoiasInox-<stage>-EdgeLogs` (us-east-1, unless `edgePlan=none`): CloudFront's access logs
 *    (standard logging v2) into the shop's log bucket, without query strings (`edge-logs.ts`).
 *
 * The functions aws-cdk-lib adds to the stacks with cross-region references log into a group kept a
 * month (`crossRegionHelperLogs`). `infra/ops/deploy/stacks.ts` lists the same stacks for `npm run deploy`.
 */
import type { App } from 'aws-cdk-lib';
import { type DeploySettings } from '../common/deploy-settings.ts';
import { mailStackName, stackName } from '../common/naming.ts';
import type { RenderedMailTemplates } from '../common/mail/render.ts';
import { crossRegionHelperLogs } from './constructs/helper-logs.ts';
import { EdgeLogsStack } from './edge-logs.ts';
import { MailStack } from './mail-stack.ts';
import { ShopStack, type ShopStackProps } from './stack.ts';
import { PlanStack, WafStack } from './waf.ts';

/** Where CloudFront's web ACLs and the PricingPlanManager API are. */
export const EDGE_REGION = 'us-east-1';

export interface ShopApp {
  readonly shop: ShopStack;
  readonly waf?: WafStack;
  readonly plan?: PlanStack;
  readonly mail?: MailStack;
  readonly edgeLogs?: EdgeLogsStack;
}

/** The shop stack's props that the deploy settings give as they are (the optional ones only when set). */
function shopSettingsProps(settings: DeploySettings): Partial<ShopStackProps> {
  return {
    ...(settings.senderEmail ? { senderEmail: settings.senderEmail } : {}),
    ...(settings.senderDomain ? { senderDomain: settings.senderDomain } : {}),
    ...(settings.operatorEmail ? { operatorEmail: settings.operatorEmail } : {}),
    ...(settings.webDistDir ? { webDistDir: settings.webDistDir } : {}),
    ...(settings.domain ? { domain: settings.domain } : {}),
    ...(settings.payments ? { payments: settings.payments } : {}),
    ...(settings.mailSendRate ? { mailSendRate: settings.mailSendRate } : {}),
    sesRegion: settings.sesRegion,
    budget: settings.budget,
    ...(settings.cognitoSes ? { cognitoSes: true } : {}),
    ...(settings.lambdaConcurrency !== undefined ? { lambdaConcurrency: settings.lambdaConcurrency } : {}),
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
    ...(settings.firstDeploy ? { firstDeploy: true } : {}),
  };
}

/** Builds the stage's stacks into `app` from the deploy settings (`readDeploySettings`). */
export function buildShopApp(
  app: App,
  settings: DeploySettings,
  mailTemplates: RenderedMailTemplates,
  account: string | undefined,
  overrides: Partial<ShopStackProps> = {},
): ShopApp {
  const name = stackName(settings.stage);
  // `prod`'s stacks cannot be deleted by mistake, once the shop has completed a deploy: a stack whose
  // first deploy failed must stay deletable, for `cdk deploy` deletes it before it tries again (`keeping.ts`).
  const terminationProtection = settings.stage === 'prod' && !settings.firstDeploy;
  const edge = settings.edgePlan !== 'none';
  // The web ACL in us-east-1 (where CloudFront's must be), referenced across regions.
  const waf = edge
    ? new WafStack(app, `${name}-Waf`, { env: { account, region: EDGE_REGION }, stage: settings.stage, crossRegionReferences: true })
    : undefined;

  // With SES in another region than the shop (Europe (Spain) has none), the SES resources in a stack there.
  const mail =
    settings.sesRegion !== settings.region
      ? new MailStack(app, mailStackName(settings.stage), {
          env: { account, region: settings.sesRegion },
          stage: settings.stage,
          mailTemplates,
          shopRegion: settings.region,
          ...(settings.senderEmail ? { senderEmail: settings.senderEmail } : {}),
          ...(settings.senderDomain ? { senderDomain: settings.senderDomain } : {}),
          ...(settings.operatorEmail ? { operatorEmail: settings.operatorEmail } : {}),
          terminationProtection,
        })
      : undefined;

  const shop = new ShopStack(app, name, {
    env: { account, region: settings.region },
    ...(waf ? { webAclArn: waf.webAcl.attrArn } : {}),
    crossRegionReferences: edge,
    edgeLogs: edge,
    stage: settings.stage,
    adminPathPrefix: settings.adminPathPrefix,
    mailTemplates,
    ...shopSettingsProps(settings),
    terminationProtection,
    ...overrides,
  });
  // The shop sends through the mail stack's identity and templates: the mail stack deploys first.
  if (mail) shop.addStackDependency(mail);

  const plan =
    waf && settings.edgePlan === 'free'
      ? new PlanStack(app, `${name}-Plan`, {
          env: { account, region: EDGE_REGION },
          stage: settings.stage,
          distributionArn: shop.web.distribution.distributionArn,
          webAclArn: waf.webAcl.attrArn,
          crossRegionReferences: true,
        })
      : undefined;
  // CloudFront takes a standard logging v2 source only in us-east-1: with a stack there already, the logs go through it.
  const edgeLogs = edge
    ? new EdgeLogsStack(app, `${name}-EdgeLogs`, {
        env: { account, region: EDGE_REGION },
        stage: settings.stage,
        distributionArn: shop.web.distribution.distributionArn,
        logBucketArn: shop.data.accessLogs.bucketArn,
        crossRegionReferences: true,
      })
    : undefined;
  for (const stack of [waf, edge ? shop : undefined, plan, edgeLogs]) if (stack) crossRegionHelperLogs(stack);
  return { shop, ...(waf ? { waf } : {}), ...(plan ? { plan } : {}), ...(mail ? { mail } : {}), ...(edgeLogs ? { edgeLogs } : {}) };
}
