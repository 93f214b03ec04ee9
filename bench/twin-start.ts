/**
 * A test twin's start and stop, timed by step: `npx tsx bench/twin-start.ts [runs] [--unseeded]`.
 * Each run is a process of its own, as each test file is (the functions' SDK clients are per process):
 * it imports the twin, starts it as the browser tests do (`useShop`: demo catalogue, no edge cache; with
 * `--unseeded` as `twinOfItsOwn` does), stops it, and prints each step (`TWIN_TIMINGS=1`), the wall
 * times and the CPU-seconds of the process and its children (DynamoDB Local, cognito-local), with the
 * load average beside them: the machine is shared (docs/testing.md#ci).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** User and system CPU-seconds of this process and of its children that have ended (`/proc/self/stat`). */
function cpuSeconds(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = (index: number) => Number(fields[index - 3]);
  return { self: (ticks(14) + ticks(15)) / 100, children: (ticks(16) + ticks(17)) / 100 };
}

/** CPU-seconds so far of each running child of this process, by its command (`java`, `node`). */
function childrenCpu(): string {
  const pids = readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean),
  );
  return pids
    .map((pid) => {
      const [name, rest] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
      const fields = rest!.split(' ');
      return `${name!.split('(')[1]} ${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(1)} s`;
    })
    .join(', ');
}

const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(2);

async function once(seeded: boolean): Promise<void> {
  const began = performance.now();
  const { startTwin } = await import('#infra/twin/twin.ts');
  process.stderr.write(`[twin] import ${seconds(began)} s\n`);
  const starting = performance.now();
  const twin = await startTwin(
    seeded ? { port: 0, seed: true, edgeCache: false } : { port: 0, seed: false, throttle: false, scheduledJobs: false },
  );
  process.stderr.write(`[twin] START ${seconds(starting)} s\n`);
  process.stderr.write(`[twin] children's CPU until started: ${childrenCpu()}\n`);
  const stopping = performance.now();
  await twin.stop();
  process.stderr.write(`[twin] STOP ${seconds(stopping)} s\n`);
  const cpu = cpuSeconds();
  process.stderr.write(`[twin] CPU ${cpu.self.toFixed(1)} s node + ${cpu.children.toFixed(1)} s children, load ${load()}\n`);
}

if (process.argv.includes('--once')) {
  await once(!process.argv.includes('--unseeded'));
  process.exit(0);
} else {
  const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
  const extra = process.argv.includes('--unseeded') ? ['--unseeded'] : [];
  for (let run = 1; run <= runs; run += 1) {
    process.stderr.write(`== run ${run} of ${runs}, load ${load()}\n`);
    const began = performance.now();
    spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--once', ...extra], {
      stdio: 'inherit',
      env: { ...process.env, TWIN_TIMINGS: '1' },
    });
    process.stderr.write(`== run ${run}: ${seconds(began)} s in all (process start to exit)\n`);
  }
}
