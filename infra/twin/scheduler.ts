/**
 * The twin's EventBridge: runs each scheduled function of `lambdas/jobs.ts` (the same handler module
 * the cloud runs) every `everyMinutes`, one run at a time per job.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobs as jobTable, type Job } from '#lambdas/jobs.ts';
import { asFunction } from './function-scope.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

type JobHandler = () => Promise<unknown>;

/** When a long-period job first runs after the twin starts. */
const FIRST_RUN_DELAY_MS = 60_000;

export function startScheduler(jobs: readonly Job[] = jobTable): { stop(): Promise<void> } {
  const timers = jobs.map((job) => {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const file = pathToFileURL(join(REPO_ROOT, 'lambdas', 'consumers', `${job.handler}.ts`)).href;
        const { handler } = (await import(file)) as { handler: JobHandler };
        // As its own function: its row's environment and grants only.
        await asFunction({ name: job.name, grants: job.grants, api: false }, () => handler());
      } catch (error) {
        console.error(`Scheduled ${job.name} failed:`, error);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), job.everyMinutes * 60_000);
    timer.unref();
    // A job of hours or a day also runs a minute after the start: a twin restarted every day would
    // otherwise never run it (EventBridge keeps its rhythm whatever restarts).
    if (job.everyMinutes >= 60) setTimeout(() => void run(), FIRST_RUN_DELAY_MS).unref();
    return timer;
  });
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
