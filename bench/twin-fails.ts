/**
 * `npx tsx bench/twin-fails.ts [out.json]`: the twin's catalogue, checkouts and start under failures (also a part of `npm run bench`,
 * which runs it as a process of its own): the catalogue's bytes for the 14 demo pieces and for 1 000
 * more, its requests/s beside a bare Node server, and 1 000 buyers checking out at once through the
 * front door on a twin with its default options. Then the first and second start (`bench/start.ts`).
 * Writes JSON to `out.json`, else prints it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_CONCURRENCY } from '#infra/twin/gateway.ts';
import { startTwin, webDistDir, type Twin, type TwinOptions } from '#infra/twin/twin.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { CATALOGUE_REUSE_MS } from '#lambdas/services/catalogue-reads.ts';
import { routes } from '#lambdas/routes.ts';
import { benchProduct, waitForKeptPage } from './catalogue.ts';
import { catalogueBytes, catalogueSpeed } from './catalogue-bytes.ts';
import { checkoutFigures } from './checkouts.ts';
import { startFigures } from './start.ts';
import type { TwinFailsFigures } from './twin-fails-rows.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';

const log = (text: string) => process.stderr.write(`[bench] ${text} (load ${loadavg()[0]!.toFixed(1)})\n`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** How long the edge keeps the catalogue's answer (`s-maxage`, the row's `cacheSeconds`). */
const CATALOGUE_CACHE_SECONDS = routes.find((route) => route.method === 'GET' && route.path === '/api/products')!.cacheSeconds!;
/** The account's Lambda concurrency of the checkouts' twin: its default (1 000) unless `TWIN_CONCURRENCY` says otherwise. */
const CONCURRENCY = process.env.TWIN_CONCURRENCY ? Number(process.env.TWIN_CONCURRENCY) : undefined;

/**
 * Each twin in a process of its own (`twin-fails.ts <out.json> catalogue|checkouts`): the functions'
 * SDK clients, made once per process, keep the first twin's endpoints.
 */
const part = process.argv[3] as 'catalogue' | 'checkouts' | undefined;
if (part) {
  // The checkouts on a twin as `npm start` runs it (the stage's throttle, the web ACL, Lambda's limits):
  // the buyers come each from an address of their own.
  const figures =
    part === 'catalogue'
      ? await withTwin({ throttle: false, edgeCache: true }, catalogueFigures)
      : // The proof of work at the smallest cost: the buyers' proofs are solved ahead at it, and a checkout
        // refuses a proof priced under half of today's price.
        await withTwin({ concurrency: CONCURRENCY, challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min }, async (twin) => ({
          concurrency: CONCURRENCY ?? ACCOUNT_CONCURRENCY.default,
          ...(await checkoutFigures(twin, log)),
        }));
  await writeFile(process.argv[2]!, JSON.stringify(figures));
  process.exit(0);
}
const catalogue = process.env.BENCH_SKIP_CATALOGUE ? undefined : await apart<TwinFailsFigures['catalogue']>('catalogue');
const checkouts = process.env.BENCH_SKIP_CHECKOUTS ? undefined : await apart<TwinFailsFigures['checkouts']>('checkouts');
const start = process.env.BENCH_SKIP_START ? undefined : await startFigures();
const figures = `${JSON.stringify({ load: loadavg(), catalogue, checkouts, start }, null, 2)}\n`;
if (process.argv[2]) await writeFile(process.argv[2], figures);
else process.stdout.write(figures);
process.exit(0);

/** One part in a process of its own (its log on this one's stderr); its figures. */
async function apart<T>(name: 'catalogue' | 'checkouts'): Promise<T> {
  const out = join(tmpdir(), `bench-${name}-${randomUUID()}.json`);
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), out, name], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/twin-fails.ts ${name} ended with ${code}`);
    return JSON.parse(await readFile(out, 'utf8')) as T;
  } finally {
    await rm(out, { force: true });
  }
}

/** Runs `use` on a twin of its own (in memory, the demo catalogue, the built shop), stopped after. */
async function withTwin<T>(options: Partial<TwinOptions>, use: (twin: Twin) => Promise<T>): Promise<T> {
  const twin = await startTwin({ port: 0, seed: true, webDist: webDistDir(), ...options });
  try {
    return await use(twin);
  } finally {
    await twin.stop();
  }
}

/**
 * Through the front door and its cache (CloudFront's), the stage throttle and the web ACL off: one
 * address asks thousands of times a second.
 */
async function catalogueFigures(twin: Twin) {
  const demo = await catalogueBytes(twin.url);
  log(`writing 1000 products`);
  for (let i = 0; i < 1000; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => putProduct(benchProduct(i + j), new Date())));
  // Once their pages are rendered (the twin's background work, not the catalogue's), past the functions'
  // catalogue reuse and then the edge's cache of the answer: the most an edit takes to show, as in the cloud.
  await waitForKeptPage(twin, `/product/${benchProduct(999).id}`);
  await new Promise((resolve) => setTimeout(resolve, CATALOGUE_REUSE_MS + CATALOGUE_CACHE_SECONDS * 1000 + 500));
  const thousand = await catalogueBytes(twin.url);
  return { demo, thousand, speed: await catalogueSpeed(twin.url, SECONDS, log) };
}
