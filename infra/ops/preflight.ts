/**
 * `npm run preflight`: before the deploy, checks with the operator's credentials (read-only) that the
 * account and region can hold the shop, and says in plain Portuguese (English with `--en`) what is ok,
 * what needs doing and what blocks:
 *
 * - the account and region (STS GetCallerIdentity), and missing or refused credentials (exit code 1);
 * - the services of each region the deploy uses, asked of its CloudFormation (DescribeType), and where the
 *   shop's SES is: in a region without SES (eu-south-2) the shop sends from `sesRegion` (eu-west-1) through
 *   its mail stack; the monthly budget, or the one to make by hand where CloudFormation has no AWS Budgets
 *   (the tables are `SES_REGIONS` and `BUDGETS_REGIONS` of `infra/common/regions.ts`, which the deploy reads);
 * - `npx cdk bootstrap` in every region with a stack: the shop's, the mail stack's, us-east-1 with
 *   the edge (`edgePlan` other than `none`) (SSM `/cdk-bootstrap/<qualifier>/version`, the `CDKToolkit` stack);
 * - Lambda's concurrent executions quota (GetAccountSettings, Service Quotas L-B99A9384): under 100 the
 *   shop cannot open, and it says which request to make;
 * - SES in its region: sandbox or production access, sending paused, the sender identity's verification;
 * - CloudFront's flat-rate plans: guidance only (no API tells eligibility beforehand).
 *
 * Exit code 1 when anything blocks (or nothing could be checked), 2 for a wrong command line. Stage,
 * region and the context (`-c key=value`, on top of `cdk.json`) as `npm run deploy` takes them. A call the
 * identity may not make turns its check into "could not check: needs permission X".
 *
 * The parts, in `preflight/`: `arguments.ts` (the command line), `port.ts` (the AWS calls as a port),
 * `aws.ts` and `http.ts` (the real calls: signed HTTP, and the SESv2 client), `regions.ts` (what the
 * deploy creates where), `checks/` (one file per check), `report.ts` (text and JSON) and `command.ts` (the run).
 */
import { runAsScript } from './create-admin.ts';
import { parsePreflightArgs, preflightUsage } from './preflight/arguments.ts';
import { runPreflight } from './preflight/command.ts';
import { exitCodeOf } from './preflight/report.ts';

await runAsScript(import.meta.url, {
  name: 'preflight',
  usage: preflightUsage(process.argv.slice(2)),
  parse: (argv) => parsePreflightArgs(argv),
  run: async (options) => {
    process.exitCode = exitCodeOf(await runPreflight(options));
  },
});
