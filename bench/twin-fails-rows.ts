/** The rows of `npm run bench`'s table for `bench/twin-fails.ts`'s figures, with their targets. */
import type { CatalogueBytes, CatalogueSpeed } from './catalogue-bytes.ts';
import type { CheckoutFigures } from './checkouts.ts';
import type { StartFigures } from './start.ts';

export interface TwinFailsFigures {
  readonly load: number[];
  readonly catalogue?: { readonly demo: CatalogueBytes; readonly thousand: CatalogueBytes; readonly speed: CatalogueSpeed[] };
  readonly checkouts?: CheckoutFigures & { readonly concurrency: number };
  readonly start?: StartFigures;
}

/** Label and value of each row. */
export function twinFailsRows(f: TwinFailsFigures): [string, string][] {
  const rows: [string, string][] = [
    ['Catalogue, checkouts and start', `value (load ${f.load.map((l) => l.toFixed(1)).join(' / ')})`],
    ['---', '---'],
  ];
  if (f.catalogue) {
    const { demo, thousand, speed } = f.catalogue;
    rows.push([`GET /api/products, ${demo.pieces} demo pieces (≤ 5 898 B, ≤ 1 505 B gzip)`, `${demo.bytes} B, ${demo.gzipBytes} B gzip`]);
    rows.push([`GET /api/products, ${thousand.pieces} pieces (≤ 12 KB gzip)`, `${thousand.bytes} B, ${thousand.gzipBytes} B gzip`]);
    for (const s of speed)
      rows.push([
        `catalogue req/s at ${s.clients} client(s): twin / bare Node (≥ 0,5×)`,
        `${s.twinPerSecond} / ${s.bareNodePerSecond} = ${s.ratio}×`,
      ]);
  }
  if (f.checkouts) {
    const c = f.checkouts;
    rows.push([
      `${c.buyers} checkouts at once for ${c.units} units, default twin ` +
        `(concurrency ${c.concurrency}): 201 / 409 / 429 / 500 (0) / other (0)`,
      `${c.answered201} / ${c.answered409} / ${c.answered429} / ${c.answered500} / ${c.otherAnswers}`,
    ]);
    rows.push([
      'slowest answer, s (≤ 12) / slowest 429, s / answers after 12 s (0) / Lambda throttles',
      `${c.slowestSeconds} / ${c.slowestThrottleSeconds} / ${c.answeredLate} / ${c.lambdaThrottled}`,
    ]);
    rows.push([
      'sold / oversold units (0) / orders without a 201 (0) / timed out / peak running',
      `${c.sold} / ${c.oversoldUnits} / ${c.ordersWithout201} / ${c.timedOut} / ${c.peakConcurrency}`,
    ]);
  }
  if (f.start) {
    const { first, second } = f.start;
    rows.push([
      'first start: ready after s (≤ 60) / longest silence s (≤ 5) / load',
      `${first.seconds} / ${first.longestSilenceSeconds} / ${first.load}`,
    ]);
    rows.push([
      'second start: ready after s (≤ 8) / longest silence s / load',
      `${second.seconds} / ${second.longestSilenceSeconds} / ${second.load}`,
    ]);
  }
  return rows;
}
