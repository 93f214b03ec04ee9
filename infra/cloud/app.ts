/**
 * CDK app: `npx cdk synth|deploy -c senderEmail=loja@example.pt` (see `cdk.json`). The mail templates are
 * rendered from MJML first (`infra/common/mail-render.ts`).
 *
 * Context keys: `stage` (default prod), `adminPathPrefix`, `senderEmail` (required to deploy: without
 * it the template asks for the `SenderEmail` parameter, which has no default), `senderDomain` (verify
 * the whole domain with Easy DKIM and MAIL FROM `mail.<domain>`; `senderEmail` must be at it), `operatorEmail` (the
 * alarms' e-mail subscriber and the first owner-notification address; no admin: `npm run create-admin`), `payments` (an object: the first settings record only),
 * `region` (else CDK_DEFAULT_REGION, else eu-west-1), `waf` (true: an AWS WAF web ACL in us-east-1
 * in front of CloudFront, `infra/cloud/waf.ts`), `domain` + `certificateArn` (together),
 * `webDistDir` (else `web/dist`), `mailSendRate`, `monthlyBudgetUsd` (the AWS Budgets cost budget,
 * default 10). The account is left to deploy time, so synth needs no credentials.
 *
 * cdk-nag's AWS Solutions checks run at every synth as a CDK validation plugin; every finding is
 * fixed or acknowledged with its reason next to the construct it concerns.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploySettings, stackName } from '../common/config.ts';
import { renderMailTemplates } from '../common/mail-render.ts';
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

new ShopStack(app, stackName(settings.stage), {
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
  monthlyBudgetUsd: settings.monthlyBudgetUsd,
  terminationProtection: settings.stage === 'prod',
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
