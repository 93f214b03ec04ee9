/**
 * `npx tsx bench/twin-fails.ts [out.json]`: the figures of issue 37 (also a part of `npm run bench`,
 * which runs it as a process of its own): the catalogue's bytes for the 14 demo pieces and for 1 000
 * more, its requests/s beside a bare Node server, and 1 000 buyers checking out at once through the
 * front door on a twin with Lambda's limits. Then the first and second start (`bench/start.ts`).
 * Writes JSON to `out.json`, else prints it.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { ACCOUNT_CONCURRENCY } from '#infra/twin/gateway.ts';
import { startTwin, webDistDir } from '#infra/twin/twin.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { CATALOGUE_REUSE_MS } from '#lambdas/services/catalogue-reads.ts';
import { benchProduct, waitForKeptPage } from './catalogue.ts';
import { catalogueBytes, catalogueSpeed } from './catalogue-bytes.ts';
import { checkoutFigures } from './checkouts.ts';
import { startFigures } from './start.ts';

const log = (text: string) => process.stderr.write(`[bench] ${text} (load ${loadavg()[0]!.toFixed(1)})\n`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * The checkouts run on a new account's quota (10 at once) unless `TWIN_CONCURRENCY` says otherwise:
 * one Node process on this 2-core machine cannot run 1 000 invocations at once as 1 000 Lambda
 * instances would (docs/benchmarks.md, "Checkouts and catalogue").
 */
const CONCURRENCY = Number(process.env.TWIN_CONCURRENCY ?? ACCOUNT_CONCURRENCY.newAccount);

// Through the front door as shoppers come (each from an address of its own), the stage's throttle off
// as in the other load figures: the limit measured here is Lambda's.
const twin = await startTwin({ port: 0, seed: true, webDist: webDistDir(), throttle: false, concurrency: CONCURRENCY });
try {
  const catalogue = process.env.BENCH_SKIP_CATALOGUE ? undefined : await catalogueFigures();
  const checkouts = process.env.BENCH_SKIP_CHECKOUTS ? undefined : { concurrency: CONCURRENCY, ...(await checkoutFigures(twin, log)) };
  await twin.stop();
  const start = process.env.BENCH_SKIP_START ? undefined : await startFigures();
  const figures = `${JSON.stringify({ load: loadavg(), catalogue, checkouts, start }, null, 2)}\n`;
  if (process.argv[2]) await writeFile(process.argv[2], figures);
  else process.stdout.write(figures);
} catch (error) {
  await twin.stop();
  throw error;
}
process.exit(0);

async function catalogueFigures() {
  const demo = await catalogueBytes(twin.url);
  log(`writing 1000 products`);
  for (let i = 0; i < 1000; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => putProduct(benchProduct(i + j), new Date())));
  // Once their pages are rendered (the twin's background work, not the catalogue's), past the functions' catalogue reuse.
  await waitForKeptPage(twin, `/product/${benchProduct(999).id}`);
  await new Promise((resolve) => setTimeout(resolve, CATALOGUE_REUSE_MS + 500));
  const thousand = await catalogueBytes(twin.url);
  return { demo, thousand, speed: await catalogueSpeed(twin.url, SECONDS, log) };
}
