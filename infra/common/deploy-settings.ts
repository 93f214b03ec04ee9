/**
 * The deploy-time settings, read once from CDK context (`cdk.json` or `-c`) and checked: plain code,
 * free of aws-cdk-lib, so that the scripts (deploy, preflight, create-admin) read them as the app does.
 */
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { DEFAULT_SETTINGS, type PaymentSettings } from '#shared/settings.ts';
import { ADMIN_PREFIX_PATTERN, DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import { BUDGETS_REGIONS, DEFAULT_REGION, defaultSesRegion, SES_REGIONS } from './regions.ts';
import { assertSenderAtDomain } from './naming.ts';

/** Stages are lowercase words; they prefix SES template names and name the stack. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
/** What counts as an e-mail address here (also the AllowedPattern of the `SenderEmail` parameter). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A custom domain for the shop; the certificate must be an ACM certificate in us-east-1. */
export interface DomainSettings {
  readonly name: string;
  readonly certificateArn: string;
}

/** Everything the cloud stack needs to know, read once from CDK context (`cdk.json` or `-c`). */
export interface DeploySettings {
  readonly stage: string;
  readonly adminPathPrefix: string;
  /**
   * Sender of every shop e-mail; an SES e-mail identity is created for it. When absent the template
   * asks for it as the CloudFormation parameter `SenderEmail` (no default), so a synth works without it
   * but a deploy cannot proceed without a real address.
   */
  readonly senderEmail?: string;
  /**
   * Domain to verify in SES with Easy DKIM (and the custom MAIL FROM `mail.<domain>`); `senderEmail`
   * must then be an address at it. Without it, only the sender address is verified.
   */
  readonly senderDomain?: string;
  /**
   * If set, subscribed by e-mail to the alarm topic and the first owner-notification address. It
   * creates no admin: the first one comes from `npm run create-admin`.
   */
  readonly operatorEmail?: string;
  readonly region: string;
  /**
   * Context `sesRegion`: where the SES identity, configuration set and templates live and the functions
   * send from; one of {@link SES_REGIONS}. Default: {@link defaultSesRegion} of `region`.
   */
  readonly sesRegion: string;
  /**
   * Context `budget`: the stage's monthly cost budget. Default on where CloudFormation can make one
   * ({@link BUDGETS_REGIONS}); `-c budget=false` leaves it out.
   */
  readonly budget: boolean;
  readonly domain?: DomainSettings;
  /** Directory of the built SPA; `<repo>/web/dist` when absent. */
  readonly webDistDir?: string;
  /**
   * Context `edgePlan` (`infra/cloud/waf.ts`): `free` (default) the AWS WAF web ACL in us-east-1 and
   * the distribution on CloudFront's Free flat-rate plan; `payg` the same web ACL billed per use;
   * `none` no web ACL (only by explicit choice). The retired `waf` context maps to it (`true` → `payg`,
   * `false` → `none`).
   */
  readonly edgePlan: EdgePlan;
  /**
   * Payment instructions from context `payments` (an object in `cdk.json`, or its JSON text with
   * `-c payments='{...}'`): the first settings record of the stage only. After the first deploy they
   * are changed on the back-office's "Definições"; a deploy never writes them again.
   */
  readonly payments?: Partial<PaymentSettings>;
  /** Context `mailSendRate`: e-mails a second the outbox sends at most (the account's SES sending rate). */
  readonly mailSendRate?: number;
  /** Context `monthlyBudgetUsd`: the month's AWS cost budget in US dollars (default {@link DEFAULT_MONTHLY_BUDGET_USD}). */
  readonly monthlyBudgetUsd: number;
  /**
   * Context `cognitoSes=true`: the back-office's Cognito mails (temporary passwords, recovery codes) from
   * `senderEmail` through SES, once SES verified it and the account has production access. Default false:
   * Cognito's own sender (`no-reply@verificationemail.com`, 50 a day).
   */
  readonly cognitoSes?: boolean;
  /**
   * Context `lambdaConcurrency`: the account's Lambda "Concurrent executions" quota in the region, as
   * `npm run deploy` reads it (preflight's GetAccountSettings). Reserved concurrency for the checkout and
   * the owner's routes only when it leaves 100 unreserved (`infra/common/concurrency.ts`). Absent: none.
   */
  readonly lambdaConcurrency?: number;
  /**
   * Context `firstDeploy=true` (given by `npm run deploy` until the stack has completed once): a failed
   * deploy leaves nothing behind (`infra/cloud/keeping.ts`). Default false: the data retained and protected.
   */
  readonly firstDeploy: boolean;
}

/** The monthly cost budget when context `monthlyBudgetUsd` is not given: a few times the README's estimate. */
export const DEFAULT_MONTHLY_BUDGET_USD = 10;

/** The edge plans of context `edgePlan`, the default first. */
export const EDGE_PLANS = ['free', 'payg', 'none'] as const;
export type EdgePlan = (typeof EDGE_PLANS)[number];

/** Reads a context value: `tryGetContext` of the CDK app, or any lookup with the same contract. */
export type ContextReader = (key: string) => unknown;

function optionalString(read: ContextReader, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
}

/** `cdk -c key=value` passes every value as a string: a JSON object given that way is parsed here. */
function parsedJson(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim().startsWith('{')) return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`Context "${key}" is not valid JSON: ${value}`);
  }
}

function checked(key: string, value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`Context "${key}" must be ${what}, got "${value}"`);
  return value;
}

/** A true/false context value (`-c key=false` arrives as a string), or undefined when not given. */
function optionalBoolean(read: ContextReader, key: string): boolean | undefined {
  const raw = read(key);
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (![true, false, 'true', 'false'].includes(raw as never)) throw new Error(`Context "${key}" must be true or false`);
  return raw === true || raw === 'true';
}

/** Context `edgePlan`, or the retired `waf` mapped to it (`true` → `payg`: its web ACL billed apart; `false` → `none`). */
function readEdgePlan(read: ContextReader): EdgePlan {
  const plan = optionalString(read, 'edgePlan');
  const waf = optionalBoolean(read, 'waf');
  const fromWaf: EdgePlan | undefined = waf === undefined ? undefined : waf ? 'payg' : 'none';
  if (plan !== undefined && !(EDGE_PLANS as readonly string[]).includes(plan)) {
    throw new Error(`Context "edgePlan" must be one of ${EDGE_PLANS.join(', ')}, got "${plan}"`);
  }
  if (plan !== undefined && fromWaf !== undefined && plan !== fromWaf) {
    throw new Error(`Context "waf" is retired and says ${fromWaf}, but "edgePlan" says ${plan}: give only -c edgePlan=${plan}`);
  }
  return (plan as EdgePlan | undefined) ?? fromWaf ?? 'free';
}

/** The stack's region, the SES region and whether the stage has a budget (contexts `region`, `sesRegion`, `budget`). */
function readRegions(read: ContextReader, env: NodeJS.ProcessEnv): Pick<DeploySettings, 'region' | 'sesRegion' | 'budget'> {
  const region = optionalString(read, 'region') ?? env.CDK_DEFAULT_REGION ?? DEFAULT_REGION;
  const sesRegion = optionalString(read, 'sesRegion') ?? defaultSesRegion(region);
  if (!SES_REGIONS.includes(sesRegion)) {
    throw new Error(`Context "sesRegion" must be a region with Amazon SES, got "${sesRegion}" (SES regions: ${SES_REGIONS.join(', ')})`);
  }
  const budget = optionalBoolean(read, 'budget') ?? BUDGETS_REGIONS.includes(region);
  if (budget && !BUDGETS_REGIONS.includes(region)) {
    throw new Error(
      `Context "budget": CloudFormation cannot create an AWS Budgets budget in ${region} (it can in ${BUDGETS_REGIONS.join(', ')}). ` +
        'Leave "budget" out (or false) and create the budget once in the Billing console, where it is global.',
    );
  }
  return { region, sesRegion, budget };
}

/**
 * Context `payments`, checked as "Definições" checks them (an IBAN with valid check digits, a phone
 * number, no markup), so a first deploy cannot seed a value the owner could not save; only "no method
 * at all" is allowed here.
 */
function readPayments(read: ContextReader): Partial<Record<keyof PaymentSettings, string>> {
  const paymentsRaw = parsedJson('payments', read('payments'));
  if (paymentsRaw !== undefined && (paymentsRaw === null || typeof paymentsRaw !== 'object' || Array.isArray(paymentsRaw))) {
    throw new Error('Context "payments" must be an object, e.g. {"iban":"PT50...","mbwayPhone1":"912345678"}');
  }
  const payments: Partial<Record<keyof PaymentSettings, string>> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS.payments) as (keyof PaymentSettings)[]) {
    const value = (paymentsRaw as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !value.trim()) throw new Error(`Context "payments.${key}" must be a non-empty string`);
    payments[key] = value.trim();
  }
  const seeded = shopSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, ...payments } });
  const refused = seeded.success ? [] : seeded.error.issues.filter((issue) => issue.path.join('.') !== 'payments.iban' || payments.iban);
  if (!seeded.success && refused.length > 0) {
    throw new Error(`Context "payments.${refused[0]!.path.slice(1).join('.')}": ${refused[0]!.message}`);
  }
  if (seeded.success)
    Object.assign(
      payments,
      Object.fromEntries(Object.keys(payments).map((key) => [key, seeded.data.payments[key as keyof PaymentSettings]])),
    );
  return payments;
}

/** Contexts `mailSendRate` (optional) and `monthlyBudgetUsd` (default {@link DEFAULT_MONTHLY_BUDGET_USD}). */
function readAmounts(read: ContextReader): Pick<DeploySettings, 'mailSendRate' | 'monthlyBudgetUsd'> {
  const rateRaw = read('mailSendRate');
  const mailSendRate = rateRaw === undefined || rateRaw === null || rateRaw === '' ? undefined : Number(rateRaw);
  if (mailSendRate !== undefined && !(Number.isFinite(mailSendRate) && mailSendRate > 0 && mailSendRate <= 1000)) {
    throw new Error(`Context "mailSendRate" must be a number of e-mails a second (0-1000], got ${JSON.stringify(rateRaw)}`);
  }
  const budgetRaw = read('monthlyBudgetUsd');
  const monthlyBudgetUsd =
    budgetRaw === undefined || budgetRaw === null || budgetRaw === '' ? DEFAULT_MONTHLY_BUDGET_USD : Number(budgetRaw);
  if (!(Number.isFinite(monthlyBudgetUsd) && monthlyBudgetUsd >= 1 && monthlyBudgetUsd <= 100_000)) {
    throw new Error(`Context "monthlyBudgetUsd" must be a number of US dollars a month (1-100000), got ${JSON.stringify(budgetRaw)}`);
  }
  return { monthlyBudgetUsd, ...(mailSendRate !== undefined ? { mailSendRate } : {}) };
}

/** Contexts `domain` and `certificateArn`, which go together. */
function readDomain(read: ContextReader): DomainSettings | undefined {
  const domainName = optionalString(read, 'domain');
  const certificateArn = optionalString(read, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Contexts "domain" and "certificateArn" go together: give both (certificate in us-east-1) or neither');
  }
  return domainName && certificateArn
    ? { name: checked('domain', domainName.toLowerCase(), DOMAIN_PATTERN, 'a domain name'), certificateArn }
    : undefined;
}

/**
 * Reads and checks the deploy settings. `senderEmail` has no default on purpose: a deploy with a
 * placeholder sender would create an SES identity nobody can verify. Pass it with
 * `cdk deploy -c senderEmail=loja@example.pt` (or `--parameters SenderEmail=...`).
 */
export function readDeploySettings(read: ContextReader, env: NodeJS.ProcessEnv = process.env): DeploySettings {
  const stage = checked('stage', optionalString(read, 'stage') ?? 'prod', STAGE_PATTERN, 'a lowercase word (a-z, 0-9, -)');
  const adminPathPrefix = checked(
    'adminPathPrefix',
    optionalString(read, 'adminPathPrefix') ?? DEFAULT_ADMIN_PREFIX,
    ADMIN_PREFIX_PATTERN,
    'one path segment starting with "/"',
  );
  const senderRaw = optionalString(read, 'senderEmail');
  const senderEmail = senderRaw === undefined ? undefined : checked('senderEmail', senderRaw, EMAIL_PATTERN, 'an e-mail address');
  const senderDomainRaw = optionalString(read, 'senderDomain');
  const senderDomain =
    senderDomainRaw === undefined
      ? undefined
      : checked('senderDomain', senderDomainRaw.toLowerCase(), DOMAIN_PATTERN, 'a domain name (e.g. joiasinox.pt)');
  if (senderDomain && !senderEmail) throw new Error('Context "senderDomain" needs "senderEmail" too: an address at that domain');
  if (senderDomain && senderEmail) assertSenderAtDomain(senderEmail, senderDomain);
  const operatorRaw = optionalString(read, 'operatorEmail');
  const operatorEmail = operatorRaw === undefined ? undefined : checked('operatorEmail', operatorRaw, EMAIL_PATTERN, 'an e-mail address');
  const domain = readDomain(read);
  const webDistDir = optionalString(read, 'webDistDir');
  const payments = readPayments(read);
  const cognitoSes = optionalBoolean(read, 'cognitoSes') ?? false;
  const concurrencyRaw = read('lambdaConcurrency');
  const lambdaConcurrency =
    concurrencyRaw === undefined || concurrencyRaw === null || concurrencyRaw === '' ? undefined : Number(concurrencyRaw);
  if (lambdaConcurrency !== undefined && !(Number.isInteger(lambdaConcurrency) && lambdaConcurrency > 0)) {
    throw new Error(
      `Context "lambdaConcurrency" must be the account's Lambda concurrency quota (a whole number), got ${JSON.stringify(concurrencyRaw)}`,
    );
  }
  if (cognitoSes && !senderEmail) throw new Error('Context "cognitoSes" needs "senderEmail": the verified SES address Cognito sends from');
  return {
    stage,
    adminPathPrefix,
    ...readRegions(read, env),
    edgePlan: readEdgePlan(read),
    ...readAmounts(read),
    ...(senderEmail ? { senderEmail } : {}),
    ...(senderDomain ? { senderDomain } : {}),
    ...(operatorEmail ? { operatorEmail } : {}),
    ...(domain ? { domain } : {}),
    ...(webDistDir ? { webDistDir } : {}),
    ...(Object.keys(payments).length ? { payments } : {}),
    ...(cognitoSes ? { cognitoSes } : {}),
    ...(lambdaConcurrency !== undefined ? { lambdaConcurrency } : {}),
    firstDeploy: optionalBoolean(read, 'firstDeploy') ?? false,
  };
}
