/**
 * One run of `npm run preflight`: the account first (it finds missing credentials, which stop the run
 * with one clear sentence), then every other check at once, then the report.
 */
import { OperatorError } from '../create-admin.ts';
import { synthesizedApp } from '../cost/assembly.ts';
import { censusOf, type Census } from '../cost/census.ts';
import { awsPort } from './aws.ts';
import { checkAccount } from './checks/account.ts';
import { checkBootstrap } from './checks/bootstrap.ts';
import { cloudFrontPlanGuidance } from './checks/cloudfront.ts';
import { problemText, type CheckContext } from './checks/common.ts';
import { checkLambdaConcurrency, type AppCount } from './checks/lambda.ts';
import { checkRegion } from './checks/region.ts';
import { checkSes } from './checks/ses.ts';
import type { Lang } from './findings.ts';
import type { PreflightOptions } from './options.ts';
import { CredentialsProblem, type AwsPort } from './port.ts';
import { EDGE_REGION } from './regions.ts';
import { renderJson, renderText, type PreflightReport } from './report.ts';

export interface PreflightDeps {
  /** The AWS calls (a test hands recorded answers); by default the real ones, in the operator's region. */
  readonly aws?: AwsPort;
  readonly log?: (text: string) => void;
  /**
   * The synthesized app's census (`infra/ops/cost/`: functions, reservations, the web ACL): a test hands a
   * recorded one; by default the lint-only synth of the deploy's context, reused while fresh (about a
   * minute when it is not).
   */
  readonly census?: (options: PreflightOptions) => Promise<Census>;
}

/** The census by default: the synth `npm run cost` makes, its progress on stderr (the report may be JSON on stdout). */
async function synthesizedCensus(options: PreflightOptions): Promise<Census> {
  const app = await synthesizedApp({ context: options.context, log: (line) => console.error(line) });
  return censusOf(app.stacks);
}

/** The census, or why there is none (a failed synth is said in the findings, not thrown). */
async function appCount(options: PreflightOptions, census: (options: PreflightOptions) => Promise<Census>): Promise<AppCount> {
  try {
    return { census: await census(options) };
  } catch (error) {
    return { why: (error as Error).message.split('\n')[0]! };
  }
}

/** Missing, expired or refused credentials, in the operator's language. */
export function credentialsMessage(problem: CredentialsProblem, lang: Lang, region: string): string {
  const missing = problem.code === 'CredentialsProviderError' || /could not load credentials/i.test(problem.message);
  // STS answers a region the account has not enabled (an opt-in region) as if the token were invalid.
  const optIn = /^(InvalidClientTokenId|UnrecognizedClientException)$/.test(problem.code);
  if (lang === 'en') {
    return missing
      ? 'No AWS credentials found. Sign in to the account you will deploy the shop to first, ' +
          'e.g. `aws sso login --profile <name>` and ' +
          'AWS_PROFILE=<name>, or `aws configure`, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment. Nothing was checked.'
      : `AWS refused the credentials (${problem.code}): they are expired or ` +
          `wrong${optIn ? `, or the account has not enabled the region ${region} (Account → AWS Regions)` : ''}. ` +
          `Sign in again and repeat. Nothing was checked.`;
  }
  return missing
    ? 'Não encontrei credenciais da AWS. Entre primeiro na conta onde vai instalar a loja, por exemplo `aws sso login --profile ' +
        '<nome>` e AWS_PROFILE=<nome>, ou `aws configure`, ou AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY no ambiente. Nada foi verificado.'
    : `A AWS recusou as credenciais (${problem.code}): expiraram ou estão ` +
        `erradas${optIn ? `, ou a conta não ativou a região ${region} (Conta → AWS Regions)` : ''}. ` +
        `Entre outra vez e repita. Nada foi verificado.`;
}

/** The regions the deploy puts a stack in: the shop's, the mail stack's (`sesRegion`), the WAF's (us-east-1). */
export function bootstrapRegions(options: PreflightOptions): string[] {
  return [...new Set([options.region, options.sesRegion, ...(options.waf ? [EDGE_REGION] : [])])];
}

/** Runs every check and prints the report; throws {@link OperatorError} when nothing can be checked. */
export async function runPreflight(options: PreflightOptions, deps: PreflightDeps = {}): Promise<PreflightReport> {
  const aws = deps.aws ?? awsPort(options.region);
  const log = deps.log ?? console.log;
  try {
    const account = await checkAccount({ aws, options });
    if ('problem' in account) {
      const why = problemText(account.problem)[options.lang];
      throw new OperatorError(
        options.lang === 'en'
          ? `Could not reach AWS: ${why} Nothing was checked.`
          : `Não consegui falar com a AWS: ${why} Nada foi verificado.`,
      );
    }
    const ctx: CheckContext = { aws, options, ...(account.account ? { account: account.account } : {}) };
    // The synth (about a minute when it is not fresh) runs while AWS answers the other checks.
    const app = appCount(options, deps.census ?? synthesizedCensus);
    const region = checkRegion(ctx);
    const ses = region.then((verdict) => checkSes(ctx, verdict.sesMissing));
    const rest = await Promise.all([
      region.then((verdict) => verdict.findings),
      ...bootstrapRegions(options).map((where) => checkBootstrap(ctx, where)),
      app.then((counted) => checkLambdaConcurrency(ctx, counted)),
      ses,
    ]);
    const report: PreflightReport = {
      ...(account.account ? { account: account.account } : {}),
      region: options.region,
      stackName: options.stackName,
      findings: [account.finding, ...rest.flat(), cloudFrontPlanGuidance(options, await app)],
    };
    log(options.json ? renderJson(report, options) : renderText(report, options.lang));
    return report;
  } catch (error) {
    if (error instanceof CredentialsProblem)
      throw new OperatorError(credentialsMessage(error, options.lang, options.region), { cause: error });
    throw error;
  } finally {
    if (!deps.aws) aws.close?.();
  }
}
