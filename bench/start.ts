/**
 * The start figures: `tsx infra/twin/start.ts` (what `npm start` runs after building the shop) on a new
 * data folder with no demo photos made yet (a fresh clone after `npm install`), then again on the same
 * data (the second start). Each run: seconds until "ready", the longest silence between two lines,
 * and the machine's load average meanwhile (2 cores shared with others: read the figures with it).
 * Runs alone: `npx tsx bench/start.ts` (also a part of `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

export interface StartRun {
  readonly seconds: number;
  /** The longest time without a line on the console. */
  readonly longestSilenceSeconds: number;
  /** The 1-minute load average at the end of the run. */
  readonly load: number;
  /** When each step began (seconds from the start), as the start printed it. */
  readonly steps: readonly string[];
}

export interface StartFigures {
  readonly first: StartRun;
  readonly second: StartRun;
}

/** One start until "ready" (or a failure), then stopped with SIGTERM. */
function startOnce(env: NodeJS.ProcessEnv): Promise<StartRun> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    let last = began;
    let silence = 0;
    const steps: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra/twin/start.ts')], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    let errors = '';
    let run: StartRun | undefined;
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const now = Date.now();
        silence = Math.max(silence, now - last);
        last = now;
        if (process.env.BENCH_START_ECHO) process.stderr.write(`${((now - began) / 1000).toFixed(1)} ${line}\n`);
        if (/^\s+\[\d+ s\]/.test(line) && !/fotos de demonstração: (?!1\/|28\/)/.test(line)) steps.push(line.trim());
        if (!run && /local twin ready in/.test(line)) {
          run = { seconds: (now - began) / 1000, longestSilenceSeconds: silence / 1000, load: loadavg()[0]!, steps };
          child.kill('SIGTERM');
        }
      }
    });
    child.once('exit', (code) =>
      run ? resolve(run) : reject(new Error(`the start ended (${code}) before "ready": ${errors.slice(-800)}`)),
    );
  });
}

export async function startFigures(port = Number(process.env.BENCH_START_PORT ?? 3107)): Promise<StartFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'joias-start-data-'));
  const photoCache = await mkdtemp(join(tmpdir(), 'joias-start-photos-'));
  const env = { ...process.env, PORT: String(port), TWIN_DATA_DIR: dataDir, TWIN_SEED_CACHE: photoCache };
  try {
    const first = await startOnce(env);
    const second = await startOnce(env);
    return { first, second };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(photoCache, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await startFigures();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
