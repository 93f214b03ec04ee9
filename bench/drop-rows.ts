/** The rows of `npm run bench`'s table for `bench/drop.ts`'s figures, with their bounds. */
import type { CheckoutFigures } from './checkouts.ts';

export interface DropRun {
  readonly buyers: number;
  readonly throttle: boolean;
}

export type DropFigures = CheckoutFigures &
  DropRun & { readonly loadBefore: number; readonly loadAfter: number; readonly busyCore: boolean };

/** A run's figures, or the error it failed with (the other runs still ran). */
export type DropResult = DropFigures | { readonly run: DropRun; readonly error: string };

/** What `bench/drop.ts` writes. */
export interface DropBench {
  readonly load: number[];
  readonly runs: readonly DropResult[];
}

/** The header of {@link dropRows}. */
export const DROP_HEADER = [
  'A limited drop',
  '201 / 409 / 429 / 500 (0) / other (0)',
  'p50 / p99 (≤ 5) / slowest s',
  'after 5 s',
  'sold / oversold (0)',
  'orders without a 201',
  'timed out',
];

/** One row per run: a failed run says its error. */
export function dropRows(runs: readonly DropResult[]): (string | number)[][] {
  return runs.map((f) =>
    'error' in f
      ? [`${f.run.buyers} buyers, throttle ${f.run.throttle ? 'on' : 'off'}: FAILED ${f.error}`, '', '', '', '', '', '']
      : [
          `${f.buyers} buyers, 10 units, throttle ${f.throttle ? 'on' : 'off'}${f.busyCore ? ', a core busy' : ''} ` +
            `(load ${f.loadBefore.toFixed(1)} → ${f.loadAfter.toFixed(1)})`,
          `${f.answered201} / ${f.answered409} / ${f.answered429} / ${f.answered500} / ${f.otherAnswers}`,
          `${f.p50Seconds} / ${f.p99Seconds} / ${f.slowestSeconds}`,
          f.answeredAfter5s,
          `${f.sold} / ${f.oversoldUnits}`,
          `${f.ordersWithout201} (${f.recoveredBySameKey} recovered)`,
          f.timedOut,
        ],
  );
}
