/**
 * CDK app: `npx cdk synth|deploy -c senderEmail=loja@example.pt` (see `cdk.json`). The mail templates are
 * rendered from MJML first (`infra/common/mail/render.ts`).
 *
 * Context keys: `stage` (default prod), `adminPathPrefix`, `senderEmail` (required to deploy: without
 * it the template asks for the `SenderEmail` parameter, which has no default), `senderDomain` (verify
 * the whole domain with Easy DKIM and MAIL FROM `mail.<domain>`; `senderEmail` must be at it), `operatorEmail` (the
 * alarms' e-mail subscriber and the first owner-notification address; no admin: `npm run create-admin`), `payments` (an object: the first
 * settings record only), `region` (else CDK_DEFAULT_REGION, else eu-west-1), `sesRegion` (where SES lives: default the region
 * when it has SES, else eu-west-1; another region than `region` adds the stage's mail stack there,
 * `infra/cloud/mail-stack.ts`), `edgePlan` (`free` default, `payg`, `none`: the AWS WAF web ACL in
 * us-east-1 in front of CloudFront and CloudFront's flat-rate plan, `infra/cloud/waf.ts`; the old `waf`
 * maps to it), `domain` + `certificateArn` (together), `webDistDir` (else `web/dist`),
 * `mailSendRate`, `budget` (false: no cost budget; default on where CloudFormation has AWS Budgets),
 * `monthlyBudgetUsd` (its amount, default 10), `cognitoSes` (Cognito's mails through SES, `auth.ts`), `firstDeploy`
 * (`npm run deploy` gives it while the stack has never completed: a rollback then leaves nothing, `keeping.ts`),
 * `lintOnly` (CI's synths for cfn-lint: no function code, and templates CloudFormation refuses, `lint-only.ts`). The account is left to
 * deploy time, so synth needs no credentials, and without the shop's build `cdk ls` and `cdk bootstrap` still work (`shop-build.ts`).
 *
 * cdk-nag's AWS Solutions checks run at every synth as a CDK validation plugin; every finding is
 * fixed or acknowledged with its reason next to the construct it concerns.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploySettings } from '../common/deploy-settings.ts';
import { renderMailTemplates } from '../common/mail/render.ts';
import { buildShopApp } from './shop-app.ts';
import { isLintOnly, refuseDeploys, skipBundling } from './lint-only.ts';

const app = new App();
const lintOnly = isLintOnly(app);
if (lintOnly) skipBundling(app);
const mailTemplates = await renderMailTemplates();
const settings = readDeploySettings((key) => app.node.tryGetContext(key));
buildShopApp(app, settings, mailTemplates, process.env.CDK_DEFAULT_ACCOUNT);
if (lintOnly) refuseDeploys(app);

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
