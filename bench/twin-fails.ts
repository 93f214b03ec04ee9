/**
 * `npx tsx bench/twin-fails.ts`: the figures of issue 37 alone (also parts of `npm run bench`): the
 * catalogue's bytes for the 14 demo pieces and for 1 000 more, its requests/s beside a bare Node server,
 * and 1 000 buyers checking out at once through the front door on a twin with Lambda's limits. Then
 * the first and second start (`bench/start.ts`). Prints JSON.
 */
import { loadavg } from 'node:os';
import { startTwin, webDistDir } from '#infra/twin/twin.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { benchProduct } from './catalogue.ts';
import { catalogueBytes, catalogueSpeed } from './catalogue-bytes.ts';
import { checkoutFigures } from './checkouts.ts';
import { startFigures } from './start.ts';

const log = (text: string) => process.stderr.write(`[bench] ${text} (load ${loadavg()[0]!.toFixed(1)})\n`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

// Through the front door as shoppers come (each from an address of its own), the stage's throttle off
// as in the other load figures: the limit measured here is Lambda's.
// `TWIN_CONCURRENCY=10` measures the checkouts on a new account's quota.
const twin = await startTwin({ port: 0, seed: true, webDist: webDistDir(), throttle: false, concurrency: Number(process.env.TWIN_CONCURRENCY ?? 1000) });
try {
  const catalogue = process.env.BENCH_SKIP_CATALOGUE ? undefined : await catalogueFigures();
  const checkouts = process.env.BENCH_SKIP_CHECKOUTS ? undefined : await checkoutFigures(twin, log);
  await twin.stop();
  const start = process.env.BENCH_SKIP_START ? undefined : await startFigures();
  process.stdout.write(`${JSON.stringify({ load: loadavg(), catalogue, checkouts, start }, null, 2)}\n`);
} catch (error) {
  await twin.stop();
  throw error;
}
process.exit(0);

async function catalogueFigures() {
  const demo = await catalogueBytes(twin.url);
  log(`writing 1000 products`);
  for (let i = 0; i < 1000; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => putProduct(benchProduct(i + j), new Date())));
  await new Promise((resolve) => setTimeout(resolve, 5500)); // the functions' catalogue reuse
  const thousand = await catalogueBytes(twin.url);
  return { demo, thousand, speed: await catalogueSpeed(twin.url, SECONDS, log) };
}
