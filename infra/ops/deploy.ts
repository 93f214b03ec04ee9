/**
 * `npm run deploy [-- <cdk deploy options>]`: after `npm run build:web`, bootstraps every environment
 * the app deploys to (the shop's region, the SES region when it is another, and us-east-1 for the
 * edge's web ACL and plan, `infra/cloud/shop-app.ts`) and deploys all the stage's stacks in their
 * order (`cdk deploy --all`). `cdk bootstrap` with no environment takes them from the app, and does
 * nothing where the bootstrap is current. The `-c key=value` options go to both commands; the deploy
 * also gets `-c lambdaConcurrency=<quota>` ({@link concurrencyContext}).
 */
import { spawnSync } from 'node:child_process';
import { awsPort } from './preflight/aws.ts';
import { parsePreflightArgs } from './preflight/arguments.ts';

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
 * `-c lambdaConcurrency=<quota>` for the deploy (`infra/cloud/concurrency.ts`): the account's Lambda
 * concurrency quota in the region, read as `npm run preflight` reads it (GetAccountSettings), unless the
 * operator gave the context. When it cannot be read, nothing: the stack then reserves no concurrency,
 * and the deploy goes on.
 */
export async function concurrencyContext(args: readonly string[], readQuota: () => Promise<number | undefined>, log: (line: string) => void = console.log): Promise<string[]> {
  if (contextArguments(args).some((arg) => /(^|=)lambdaConcurrency=/.test(arg))) return [];
  let quota: number | undefined;
  try {
    quota = await readQuota();
  } catch (error) {
    log(`Não foi possível ler a quota de execuções em simultâneo do Lambda (${(error as Error).message}): o deploy segue sem concorrência reservada.`);
    return [];
  }
  if (quota === undefined) {
    log('O Lambda não disse a quota de execuções em simultâneo: o deploy segue sem concorrência reservada.');
    return [];
  }
  log(`Quota do Lambda nesta região: ${quota} execuções em simultâneo (-c lambdaConcurrency=${quota}).`);
  return ['-c', `lambdaConcurrency=${quota}`];
}

function cdk(args: readonly string[]): void {
  const result = spawnSync('npx', ['cdk', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  cdk(['bootstrap', ...contextArguments(args)]);
  const concurrency = await concurrencyContext(args, async () => {
    const options = parsePreflightArgs(contextArguments(args));
    if (options === 'help') return undefined;
    const port = awsPort(options.region);
    try {
      return (await port.getAccountSettings()).AccountLimit?.ConcurrentExecutions;
    } finally {
      port.close?.();
    }
  });
  cdk(['deploy', '--all', ...args, ...concurrency]);
}
