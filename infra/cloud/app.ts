/**
 * CDK app: `npx cdk synth|deploy -c senderEmail=loja@example.pt` (see `cdk.json`). The mail templates are
 * rendered from MJML first (`infra/common/mail-render.ts`).
 *
 * Context keys: `stage` (default prod), `adminPathPrefix`, `senderEmail` (required to deploy: without
 * it the template asks for the `SenderEmail` parameter, which has no default), `senderDomain` (verify
 * the whole domain with Easy DKIM and MAIL FROM `mail.<domain>`; `senderEmail` must be at it), `operatorEmail` (the
 * alarms' e-mail subscriber and the first owner-notification address; no admin: `npm run create-admin`), `payments` (an object: the first settings record only),
 * `region` (else CDK_DEFAULT_REGION, else eu-west-1), `sesRegion` (where SES lives: default the region
 * when it has SES, else eu-west-1; another region than `region` adds the stage's mail stack there,
 * `infra/cloud/mail-stack.ts`), `waf` (true: an AWS WAF web ACL in us-east-1 in front of CloudFront,
 * `infra/cloud/waf.ts`), `domain` + `certificateArn` (together), `webDistDir` (else `web/dist`),
 * `mailSendRate`, `budget` (false: no cost budget; default on where CloudFormation has AWS Budgets),
 * `monthlyBudgetUsd` (its amount, default 10). The account is left to deploy time, so synth needs no
 * credentials, and without the shop's build `cdk ls` and `cdk bootstrap` still work (`shop-build.ts`).
 *
 * cdk-nag's AWS Solutions checks run at every synth as a CDK validation plugin; every finding is
 * fixed or acknowledged with its reason next to the construct it concerns.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mailStackName, readDeploySettings, stackName } from '../common/config.ts';
import { renderMailTemplates } from '../common/mail-render.ts';
import { MailStack } from './mail-stack.ts';
import { ShopStack } from './stack.ts';
import { WafStack } from './waf.ts';

const app = new App();
const mailTemplates = await renderMailTemplates();
const settings = readDeploySettings((key) => app.node.tryGetContext(key));

// With `-c waf=true`, the web ACL in us-east-1 (where CloudFront's must be), referenced across regions.
const waf = settings.waf
  ? new WafStack(app, `${stackName(settings.stage)}-Waf`, {
      env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: 'us-east-1' },
      stage: settings.stage,
      crossRegionReferences: true,
    })
  : undefined;

// With SES in another region than the shop (Europe (Spain) has none), the SES resources in a stack there.
const mailStack = settings.sesRegion !== settings.region
  ? new MailStack(app, mailStackName(settings.stage), {
      env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: settings.sesRegion },
      stage: settings.stage,
      mailTemplates,
      shopRegion: settings.region,
      ...(settings.senderEmail ? { senderEmail: settings.senderEmail } : {}),
      ...(settings.senderDomain ? { senderDomain: settings.senderDomain } : {}),
      ...(settings.operatorEmail ? { operatorEmail: settings.operatorEmail } : {}),
      terminationProtection: settings.stage === 'prod',
    })
  : undefined;

const shop = new ShopStack(app, stackName(settings.stage), {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: settings.region },
  ...(waf ? { webAclArn: waf.webAcl.attrArn, crossRegionReferences: true } : {}),
  stage: settings.stage,
  adminPathPrefix: settings.adminPathPrefix,
  mailTemplates,
  ...(settings.senderEmail ? { senderEmail: settings.senderEmail } : {}),
  ...(settings.senderDomain ? { senderDomain: settings.senderDomain } : {}),
  ...(settings.operatorEmail ? { operatorEmail: settings.operatorEmail } : {}),
  ...(settings.webDistDir ? { webDistDir: settings.webDistDir } : {}),
  ...(settings.domain ? { domain: settings.domain } : {}),
  ...(settings.payments ? { payments: settings.payments } : {}),
  ...(settings.mailSendRate ? { mailSendRate: settings.mailSendRate } : {}),
  sesRegion: settings.sesRegion,
  budget: settings.budget,
  monthlyBudgetUsd: settings.monthlyBudgetUsd,
  terminationProtection: settings.stage === 'prod',
});
// The shop sends through the mail stack's identity and templates: `cdk deploy JoiasInox-<stage>` deploys it first.
if (mailStack) shop.addStackDependency(mailStack);

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
