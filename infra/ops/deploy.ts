/**
 * `npm run deploy [-- <cdk deploy options>]`: after `npm run build:web`, runs `npm run preflight`'s checks
 * (a blocker stops it; `--skip-preflight` skips them, {@link preflightFirst}), bootstraps every environment
 * the app deploys to (the shop's region, the SES region when it is another, and us-east-1 for the
 * edge's web ACL and plan, `infra/cloud/shop-app.ts`) and deploys all the stage's stacks in their
 * order (`cdk deploy --all`). `cdk bootstrap` with no environment takes them from the app, and does
 * nothing where the bootstrap is current. The `-c key=value` options go to both commands; the deploy
 * also gets `-c lambdaConcurrency=<quota>` ({@link concurrencyContext}).
 *
 * Until the shop's stack has completed once, the deploy is a first deploy (`deploy/first-deploy.ts`):
 * with `-c firstDeploy=true` a rollback leaves nothing behind (`infra/cloud/keeping.ts`), and as soon as
 * it completes the deploy runs again without it, to retain and protect the data ({@link runDeploy}).
 * After any failure it reads every stack again and, if the shop's completed, protects it before it
 * reports (`deploy/after-failure.ts`). Once deployed, it writes the edge's proof-of-work keys
 * (`challenge-keys.ts`).
 */
import { spawnSync } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { afterFailure } from './deploy/after-failure.ts';
import { writeDeployedChallengeKeys } from './challenge-keys.ts';
import { deployPort, FIRST_DEPLOY_CONTEXT, prepareDeploy, type DeployPort } from './deploy/first-deploy.ts';
import { stageStacks, type StageStack } from './deploy/stacks.ts';
import { awsPort } from './preflight/aws.ts';
import { parsePreflightArgs } from './preflight/arguments.ts';
import { runPreflight } from './preflight/command.ts';
import { exitCodeOf } from './preflight/report.ts';
import { signedTransport } from './preflight/http.ts';

/** The `-c`/`--context` options of `args` (what decides the app's stacks and regions). */
export function contextArguments(args: readonly string[]): string[] {
  const context: string[] = [];
  args.forEach((arg, index) => {
    if ((arg === '-c' || arg === '--context') && args[index + 1] !== undefined) context.push(arg, args[index + 1]!);
    else if (arg.startsWith('--context=')) context.push(arg);
  });
  return context;
}

/**
 * `-c lambdaConcurrency=<quota>` for the deploy (`infra/common/concurrency.ts`): the account's Lambda
 * concurrency quota in the region, read as `npm run preflight` reads it (GetAccountSettings), unless the
 * operator gave the context. When it cannot be read, nothing: the stack then reserves no concurrency,
 * and the deploy goes on.
 */
export async function concurrencyContext(
  args: readonly string[],
  readQuota: () => Promise<number | undefined>,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  if (contextArguments(args).some((arg) => /(^|=)lambdaConcurrency=/.test(arg))) return [];
  let quota: number | undefined;
  try {
    quota = await readQuota();
  } catch (error) {
    log(
      `Não foi possível ler a quota de execuções em simultâneo do Lambda ` +
        `(${(error as Error).message}): o deploy segue sem concorrência reservada.`,
    );
    return [];
  }
  if (quota === undefined) {
    log('O Lambda não disse a quota de execuções em simultâneo: o deploy segue sem concorrência reservada.');
    return [];
  }
  log(`Quota do Lambda nesta região: ${quota} execuções em simultâneo (-c lambdaConcurrency=${quota}).`);
  return ['-c', `lambdaConcurrency=${quota}`];
}

/** What {@link runDeploy} works with: the CDK CLI (its exit code), CloudFormation, the stage's stacks and where. */
export interface DeployDeps {
  readonly cdk: (args: readonly string[]) => number;
  readonly port: DeployPort;
  /** The stage's stacks in deploy order (`deploy/stacks.ts`), the shop's among them. */
  readonly stacks: readonly StageStack[];
  readonly log: (line: string) => void;
}

/**
 * `cdk deploy --all` with the operator's `args` (and `extra`, the Lambda quota): a first deploy with
 * `-c firstDeploy=true` and, once it completed, again without it; any other, once. After any failure,
 * the state of every stack, and on a first deploy the protection of the shop's data (`deploy/after-failure.ts`).
 * Returns the exit code.
 */
export async function runDeploy(args: readonly string[], extra: readonly string[], deps: DeployDeps): Promise<number> {
  if (contextArguments(args).some((arg) => /(^|=)firstDeploy=/.test(arg))) {
    deps.log('Não dês -c firstDeploy: o npm run deploy decide-o pelo estado da pilha no CloudFormation.');
    return 2;
  }
  if (contextArguments(args).some((arg) => /(^|=)lintOnly=/.test(arg))) {
    deps.log('Não dês -c lintOnly: essa síntese é só para o cfn-lint (sem o código das funções) e o CloudFormation recusa-a.');
    return 2;
  }
  const shop = deps.stacks.find((stack) => stack.shop)!;
  const plan = await prepareDeploy(deps.port, shop.name, shop.region, deps.log);
  if (plan.kind === 'stop') return 1;
  const deploy = ['deploy', '--all', ...args, ...extra];
  const protect = ['deploy', shop.name, '--exclusively', ...args, ...extra];
  if (plan.kind === 'keep') {
    const code = deps.cdk(deploy);
    return code === 0 ? 0 : afterFailure(code, false, protect, deps);
  }
  const first = deps.cdk([...deploy, ...FIRST_DEPLOY_CONTEXT]);
  if (first !== 0) return afterFailure(first, true, protect, deps);
  deps.log(
    `A pilha ${shop.name} completou. O deploy corre outra vez para reter e ` +
      `proteger os dados (só mudam políticas e proteções; nada é substituído).`,
  );
  const keep = deps.cdk(deploy);
  return keep === 0 ? 0 : afterFailure(keep, true, protect, deps);
}

/** The CDK CLI; a run ended by a signal (Ctrl-C) is exit code 128 + its number, as a shell says it. */
function cdk(args: readonly string[]): number {
  const run = spawnSync('npx', ['cdk', ...args], { stdio: 'inherit' });
  if (run.status !== null) return run.status;
  return run.signal ? 128 + (osConstants.signals[run.signal] ?? 0) : 1;
}

/** `npm run deploy -- --skip-preflight`: the deploy without `npm run preflight` first (not a cdk option). */
export const SKIP_PREFLIGHT = '--skip-preflight';

/**
 * `npm run preflight`'s checks before anything is deployed (unless {@link SKIP_PREFLIGHT}): 0 to go on,
 * else the exit code, after saying how to go on anyway.
 */
export async function preflightFirst(
  args: readonly string[],
  run: () => Promise<number>,
  log: (line: string) => void = console.log,
): Promise<number> {
  if (args.includes(SKIP_PREFLIGHT)) return 0;
  let code: number;
  try {
    code = await run();
  } catch (error) {
    log((error as Error).message);
    code = 1;
  }
  if (code !== 0)
    log(
      `O preflight encontrou o que impede o deploy (acima). Resolve-o e corre outra vez ` +
        `npm run deploy, ou, se sabes o que fazes, npm run deploy -- ${SKIP_PREFLIGHT}.`,
    );
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.slice(2);
  const args = given.filter((arg) => arg !== SKIP_PREFLIGHT);
  let options: ReturnType<typeof parsePreflightArgs>;
  try {
    options = parsePreflightArgs(contextArguments(args));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (options === 'help') process.exit(2);
  const checked = options;
  const preflight = await preflightFirst(given, async () => exitCodeOf(await runPreflight(checked)));
  if (preflight !== 0) process.exit(preflight);
  const bootstrapped = cdk(['bootstrap', ...contextArguments(args)]);
  if (bootstrapped !== 0) process.exit(bootstrapped);
  const transport = signedTransport();
  const aws = awsPort(options.region, { transport });
  try {
    const concurrency = await concurrencyContext(args, async () => (await aws.getAccountSettings()).AccountLimit?.ConcurrentExecutions);
    const port = deployPort(options.region, transport, aws.describeStacks);
    const stacks = stageStacks({
      stage: options.stage,
      region: options.region,
      sesRegion: options.sesRegion,
      edgePlan: options.edgePlan ?? 'free',
    });
    // A Ctrl-C stops the cdk (the terminal sends it to both), not this: CloudFormation goes on without
    // the cdk, and the states are read and reported all the same. A second one stops this too.
    let interrupted = false;
    process.on('SIGINT', () => {
      if (interrupted) process.exit(130);
      interrupted = true;
    });
    process.exitCode = await runDeploy(args, concurrency, { cdk, port, stacks, log: console.log });
    // The edge's proof-of-work keys, which the template never holds (`challenge-keys.ts`).
    if (process.exitCode === 0) {
      await writeDeployedChallengeKeys(options.region, stacks.find((stack) => stack.shop)!.name).catch((error: Error) => {
        console.error(error.message);
        process.exitCode = 1;
      });
    }
  } finally {
    aws.close?.();
  }
}
