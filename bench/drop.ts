/**
 * `npx tsx bench/drop.ts [out.json]`: a limited drop (docs/benchmarks.md "A limited drop"):
 * 200 and 1 000 buyers at once reserve a piece with 10 units, with the stage throttle off (the bench's
 * own setup, a deploy whose throttle is raised) and on (as `npm start` runs), while another process
 * keeps one core busy (`yes > /dev/null`; `BENCH_DROP_BUSY=0` leaves it out). Each run on a twin of its
 * own, in a process of its own (the functions' SDK clients keep the first twin's endpoints); the buyers
 * in a process of their own (`bench/buyers.ts`). Must hold, throttle off: 10 × 201, the rest 409
 * `out_of_stock`, 0 × 500, p99 ≤ 5 s, the units taken equal to the 201s, no order without its 201 (or
 * recovered by the buyer asking again with the same key). Writes JSON to `out.json`, else prints it.
 * `BENCH_DROP_RUNS=200:off,1000:on` runs only those.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { checkoutFigures } from './checkouts.ts';
import type { DropFigures, DropResult, DropRun } from './drop-rows.ts';

const log = (text: string) => process.stderr.write(`[bench] drop: ${text} (load ${loadavg()[0]!.toFixed(1)})\n`);

const RUNS: readonly DropRun[] = (process.env.BENCH_DROP_RUNS ?? '200:off,1000:off,200:on,1000:on').split(',').map((run) => {
  const [buyers, throttle] = run.trim().split(':');
  return { buyers: Number(buyers), throttle: throttle === 'on' };
});
const BUSY = process.env.BENCH_DROP_BUSY !== '0';

/**
 * One run: a twin of its own (the demo catalogue, the throttle as asked), the crowd, its figures. The
 * proof of work at the smallest cost the owner may set, as the bench's other twins: the buyers' proofs
 * are solved ahead at that cost, and a checkout refuses a proof priced under half of today's price.
 */
async function oneRun(run: DropRun): Promise<DropFigures> {
  const twin: Twin = await startTwin({
    port: 0,
    seed: true,
    throttle: run.throttle,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  try {
    const loadBefore = loadavg()[0]!;
    const figures = await checkoutFigures(twin, log, { buyers: run.buyers, units: 10, withProofs: false });
    return { ...run, ...figures, loadBefore, loadAfter: loadavg()[0]!, busyCore: BUSY };
  } finally {
    await twin.stop();
  }
}

/** Runs this file for one run in a process of its own; its figures. */
async function apart(run: DropRun): Promise<DropFigures> {
  const out = join(tmpdir(), `bench-drop-${randomUUID()}.json`);
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), out, `${run.buyers}:${run.throttle ? 'on' : 'off'}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/drop.ts ${run.buyers}:${run.throttle ? 'on' : 'off'} ended with ${code}`);
    return JSON.parse(await readFile(out, 'utf8')) as DropFigures;
  } finally {
    await rm(out, { force: true });
  }
}

/** Every run, one after another, beside a process that keeps one core busy; a run that fails is kept as its error. */
export async function dropFigures(): Promise<DropResult[]> {
  const busy: ChildProcess | undefined = BUSY ? spawn('yes', [], { stdio: ['ignore', 'ignore', 'ignore'] }) : undefined;
  try {
    const results: DropResult[] = [];
    for (const run of RUNS) {
      log(`${run.buyers} buyers, throttle ${run.throttle ? 'on' : 'off'}`);
      results.push(await apart(run).catch((error: unknown) => ({ run, error: error instanceof Error ? error.message : String(error) })));
    }
    return results;
  } finally {
    busy?.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, only] = process.argv.slice(2);
  if (only) {
    const [buyers, throttle] = only.split(':');
    await writeFile(out!, JSON.stringify(await oneRun({ buyers: Number(buyers), throttle: throttle === 'on' })));
    process.exit(0);
  }
  const figures = `${JSON.stringify({ load: loadavg(), runs: await dropFigures() }, null, 2)}\n`;
  if (out) await writeFile(out, figures);
  else process.stdout.write(figures);
  process.exit(0);
}
