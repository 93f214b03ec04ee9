/**
 * `npm run deploy [-- <cdk deploy options>]`: after `npm run build:web`, bootstraps every environment
 * the app deploys to (the shop's region, the SES region when it is another, and us-east-1 for the
 * edge's web ACL and plan, `infra/cloud/shop-app.ts`) and deploys all the stage's stacks in their
 * order (`cdk deploy --all`). `cdk bootstrap` with no environment takes them from the app, and does
 * nothing where the bootstrap is current. The `-c key=value` options go to both commands.
 */
import { spawnSync } from 'node:child_process';

/** The `-c`/`--context` options of `args` (what decides the app's stacks and regions). */
export function contextArguments(args: readonly string[]): string[] {
  const context: string[] = [];
  args.forEach((arg, index) => {
    if ((arg === '-c' || arg === '--context') && args[index + 1] !== undefined) context.push(arg, args[index + 1]!);
    else if (arg.startsWith('--context=')) context.push(arg);
  });
  return context;
}

function cdk(args: readonly string[]): void {
  const result = spawnSync('npx', ['cdk', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  cdk(['bootstrap', ...contextArguments(args)]);
  cdk(['deploy', '--all', ...args]);
}
