/**
 * `TWIN_TIMINGS=1`: each step of a twin's start on stderr with its wall time, for profiling the starts
 * the tests pay for (`bench/twin-start.ts`, docs/testing.md#ci). Off, a step is just awaited.
 */
import { performance } from 'node:perf_hooks';

const on = (): boolean => process.env.TWIN_TIMINGS === '1';

/** Awaits `work`, and with `TWIN_TIMINGS=1` says how long it took (`[twin] name 1.23 s`). */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!on()) return work();
  const began = performance.now();
  try {
    return await work();
  } finally {
    process.stderr.write(`[twin] ${name} ${((performance.now() - began) / 1000).toFixed(2)} s\n`);
  }
}
