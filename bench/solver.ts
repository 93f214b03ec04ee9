/**
 * Proofs of work solved in worker threads, one per core, with no time limit: the bench solves its
 * buyers' proofs ahead of the timed phases, and on a busy machine altcha-lib's own limit (90 s a
 * solve in one thread with the twin's handlers) gave up and stopped the whole run ("the challenge
 * could not be solved"). A solve here ends when it is solved, however slow the machine.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Challenge, Solution } from 'altcha-lib/types';

const require = createRequire(import.meta.url);

/** The worker: altcha-lib's solver (PBKDF2 in Node's crypto), `timeout: 0` (never gives up). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { solveChallenge } = require(workerData.lib);
const { deriveKey } = require(workerData.pbkdf2);
parentPort.on('message', async ({ id, challenge }) => {
  try {
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
    parentPort.postMessage({ id, solution });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

interface Pending {
  readonly resolve: (solution: Solution) => void;
  readonly reject: (error: Error) => void;
}

/** Solves the challenges, as many at a time as the machine has cores; in the order given. */
export async function solveInWorkers(challenges: readonly Challenge[], threads = availableParallelism()): Promise<Solution[]> {
  if (challenges.length === 0) return [];
  const workerData = { lib: require.resolve('altcha-lib'), pbkdf2: require.resolve('altcha-lib/algorithms/pbkdf2') };
  const workers = Array.from(
    { length: Math.max(1, Math.min(threads, challenges.length)) },
    () => new Worker(WORKER_SOURCE, { eval: true, workerData }),
  );
  const pending = new Map<number, Pending>();
  for (const worker of workers) {
    worker.on('message', ({ id, solution, error }: { id: number; solution?: Solution | null; error?: string }) => {
      const waiting = pending.get(id)!;
      pending.delete(id);
      if (solution) waiting.resolve(solution);
      else waiting.reject(new Error(error ?? 'the challenge could not be solved'));
    });
  }
  try {
    let next = 0;
    const solutions: Solution[] = new Array(challenges.length);
    await Promise.all(
      workers.map(async (worker) => {
        for (let id = next++; id < challenges.length; id = next++) {
          solutions[id] = await new Promise<Solution>((resolve, reject) => {
            pending.set(id, { resolve, reject });
            worker.postMessage({ id, challenge: challenges[id] });
          });
        }
      }),
    );
    return solutions;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** A solved challenge as the shop's widget sends it (`x-altcha`): base64 JSON `{ challenge, solution }`. */
export const altchaHeader = (challenge: Challenge, solution: Solution): string =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
