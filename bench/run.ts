/**
 * `npm run bench`: speed and robustness figures of the shop on the local twin, in one table, also
 * written to bench/results/latest.json. The twin is started here, in memory, with the built shop and
 * a catalogue of 1 000 products; nothing is kept.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startTwin, webDistDir } from '#infra/twin/twin.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { benchProduct as product, waitForKeptPage } from './catalogue.ts';
import { lighthouseScores, type LighthouseScores } from './lighthouse.ts';
import { photoFigures } from './photos.ts';
import { proofFigures, proofRows } from './proofs.ts';
import { hotItemFigures, hotItemRows, type HotItemFigures } from './hot-items.ts';
import { load, type LoadResult } from './load.ts';
import { outboxFigures, type OutboxFigures } from './outbox.ts';
import { lambdaSizes, webSizes, type LambdaSize } from './sizes.ts';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import type { AbuseFigures } from './abuse.ts';
import { floodRows, type FloodFigures } from './flood.ts';
import { challengeFigures, presolvedProofs, type ChallengeFigures } from './challenge.ts';
import { pageFigures, type PageFigures } from './pages.ts';
import type { StackSizeFigures } from './stack-size.ts';
import { twinFailsRows, type TwinFailsFigures } from './twin-fails-rows.ts';
import { paymentRows, type PaymentFigures } from './payments.ts';
import { orderBody, uploadProof } from './orders.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const CATALOGUE = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const log = (text: string) => process.stderr.write(`[bench] ${text}\n`);


async function main(): Promise<void> {
  const started = Date.now();
  // The throughput and contention figures measure the functions and the database, so this twin does
  // not throttle like the stage, and its load comes from many addresses (the per-client limits are
  // what the abuse figure below measures, on a twin that throttles like the stage).
  const twin = await startTwin({ port: 0, seed: true, webDist: webDistDir(), throttle: false });
  let abuse: AbuseFigures | undefined;
  let twinStopped = false;
  try {
    log(`twin at ${twin.url}; writing ${CATALOGUE} products`);
    const now = new Date();
    for (let i = 0; i < CATALOGUE; i += 25) await Promise.all(Array.from({ length: 25 }, (_, j) => putProduct(product(i + j), now)));
    // The products stream renders each new product's page; the figures below start once it is done
    // (the last page is kept in the site bucket: the front door serves it with the bucket's ETag).
    await waitForKeptPage(twin, `/product/${product(CATALOGUE - 1).id}`);

    // Checkouts reserve (as the shop does when the customer leaves the shipping step); the proof
    // comes later and backs one order only, so the idempotency figure sends one of its own.
    // autocannon comes from one address: it talks to the API's origin as CloudFront does, with the
    // origin secret and a different viewer IP per request (as many shoppers).
    const asCloudFront = () => ({ 'x-origin-verify': twin.edgeOrigin.value, 'x-viewer-ip': `10.${randomUUID().split('-').slice(0, 3).map((h) => parseInt(h.slice(0, 2), 16)).join('.')}` });

    // ── API latency and throughput ──
    const api: LoadResult[] = [];
    for (const connections of [1, 10, 50]) {
      log(`GET /api/products, ${connections} clients`);
      api.push(await load({ name: 'GET /api/products', url: `${twin.url}/api/products`, connections, seconds: SECONDS }));
    }
    for (const connections of [1, 10, 50]) {
      log(`GET /api/products/{id}, ${connections} clients`);
      api.push(await load({ name: 'GET /api/products/{id}', url: `${twin.url}/api/products/bench-0042`, connections, seconds: SECONDS }));
    }
    await putProduct(product(9999, { id: 'bench-orders', stock: 1_000_000 }), now);
    // Each reservation with its own solved proof of work (x-altcha), solved ahead: see presolvedProofs.
    log('POST /api/orders: solving proofs of work ahead');
    const altchaProofs = await presolvedProofs(twin, SECONDS * 200);
    log('POST /api/orders, 10 clients');
    api.push(
      await load({
        name: 'POST /api/orders (x-altcha checked)',
        url: `${twin.apiOriginUrl}/api/orders`,
        connections: 10,
        seconds: SECONDS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        perRequest: () => ({ headers: { 'idempotency-key': randomUUID(), 'x-altcha': altchaProofs.pop() ?? '', ...asCloudFront() }, body: orderBody('bench-orders') }),
      }),
    );

    // ── Contention: 1 000 reservations at once for 10 units, then all of them expire ──
    log('contention: 1000 concurrent reservations for 10 units');
    await putProduct(product(10_000, { id: 'bench-scarce', stock: 10 }), now);
    const contentionStart = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, () =>
        clientFetch(`${twin.url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: orderBody('bench-scarce') })
          .then(async (r) => ({ status: r.status, body: (await r.json().catch(() => undefined)) as { order?: { id: string } } | undefined }))
          .catch(() => ({ status: 0, body: undefined })),
      ),
    );
    const contentionMs = Date.now() - contentionStart;
    const stockOf = async (id: string) => Number((await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item?.stock);
    const finalStock = await stockOf('bench-scarce');
    const created = statuses.filter((s) => s.status === 201).length;
    // Nobody pays: their time runs out, and the expiry gives every unit back exactly once.
    const past = new Date(Date.now() - 1000).toISOString();
    for (const answer of statuses.filter((s) => s.status === 201)) {
      await ddb().send(new UpdateCommand({ TableName: tableName('orders'), Key: { id: answer.body!.order!.id }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': past } }));
    }
    const expired = await expireReservations(new Date());
    const stockAfterExpiry = await stockOf('bench-scarce');
    const contention = {
      reservations: 1000,
      units: 10,
      reserved: created,
      finalStock,
      oversoldUnits: Math.max(0, created - 10) + Math.max(0, -finalStock),
      count5xx: statuses.filter((s) => s.status >= 500 || s.status === 0).length,
      seconds: contentionMs / 1000,
      expired,
      stockAfterExpiry,
    };

    // ── Hot item: the orders a second one piece sustains before the first 409 (bench/hot-items.ts) ──
    const hotItem: HotItemFigures | { error: string } = await hotItemFigures(twin, log).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

    // ── Idempotency: 100 parallel repeats of one key ──
    log('idempotency: 100 parallel repeats of one key');
    await putProduct(product(10_001, { id: 'bench-idem', stock: 500 }), now);
    const key = randomUUID();
    const email = `idem.${randomUUID().slice(0, 8)}@example.com`;
    const idemBody = orderBody('bench-idem', email, await uploadProof(twin.url));
    const repeats = await Promise.all(
      Array.from({ length: 100 }, () =>
        clientFetch(`${twin.url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: idemBody }).then((r) => r.status),
      ),
    );
    const orders = await ddb().send(
      new QueryCommand({ TableName: tableName('orders'), IndexName: 'byListing', KeyConditionExpression: 'listing = :l', FilterExpression: 'email = :e', ExpressionAttributeValues: { ':l': 'order', ':e': email } }),
    );
    // One e-mail: past its limit the repeats are told to wait (429), which changes nothing either.
    const idempotency = {
      repeats: 100,
      ordersCreated: orders.Count ?? 0,
      answered2xx: repeats.filter((s) => s < 300).length,
      answered409: repeats.filter((s) => s === 409).length,
      answered429: repeats.filter((s) => s === 429).length,
    };

    // ── Proof of work: the widget in Chromium (4× CPU throttling) and a bot's CPU, at the default cost ──
    log('proof of work: the widget under 4x CPU throttling, and a bot in Node');
    const challenge: ChallengeFigures | { error: string } = await challengeFigures(twin).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

    // ── Mail outbox: the owner's restock save with 0 and 2 500 requests, and the outbox lag ──
    let outbox: OutboxFigures | { error: string };
    try {
      outbox = await outboxFigures(twin, {
        product: (id) => product(20_000, { id, name: `Peça esperada ${id.slice(-6)}` }),
        paidOrder: async (productId) => {
          // Each order from a shopper's own address (one address placing a hundred is refused, 429).
          const client = nextClientAddress();
          const answer = await clientFetch(`${twin.url}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: orderBody(productId, `lag.${randomUUID().slice(0, 8)}@example.com`, await uploadProof(twin.url, client)),
            client,
          });
          if (!answer.ok) throw new Error(`POST /api/orders answered ${answer.status}`);
          return ((await answer.json()) as { order: { id: string } }).order.id;
        },
        log,
      });
    } catch (error) {
      outbox = { error: error instanceof Error ? error.message : String(error) };
    }

    // ── Sizes and cold imports ──
    log('sizes: web build and Lambda bundles');
    const web = await webSizes(webDistDir());
    const lambdas = await lambdaSizes();

    // ── Pre-rendered pages ──
    let pages: PageFigures | { error: string };
    try {
      pages = await pageFigures(twin, webDistDir(), product(7), log);
    } catch (error) {
      pages = { error: error instanceof Error ? error.message : String(error) };
    }

    // ── Photos (before Lighthouse, which then measures pages with these photos) ──
    const photos = await photoFigures(twin.url, log);

    // ── Proofs of payment: the check the attach call runs (docs/design.md §29) ──
    const proofs = await proofFigures(log);

    // ── Lighthouse ──
    let lighthouse: LighthouseScores[] | { error: string };
    try {
      log('lighthouse: /, /shop, /product/{id}');
      lighthouse = await lighthouseScores(twin.url, ['/', '/shop', '/product/anel-infinito']);
    } catch (error) {
      lighthouse = { error: error instanceof Error ? error.message : String(error) };
    }

    await twin.stop();
    twinStopped = true;

    // ── One abusive client among honest shoppers, on a twin that throttles like the stage ──
    log('abuse: 10 honest shoppers for 10 s, alone and beside one address sending 50 reservations a second');
    // In a process of its own: the SDK's clients are made once per process, for the first twin's addresses.
    const out = join(tmpdir(), `bench-abuse-${randomUUID()}.json`);
    try {
      await promisify(execFile)(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [join(REPO_ROOT, 'bench', 'abuse-twin.ts'), out], { maxBuffer: 256 * 1024 * 1024 });
      abuse = JSON.parse(await readFile(out, 'utf8')) as AbuseFigures;
    } finally {
      await rm(out, { force: true });
    }

    // ── One address's flood, with the web ACL and without (edgePlan=none), each on a twin of its own ──
    const flood: FloodFigures[] = [];
    for (const mode of ['waf', 'none'] as const) {
      log(`flood: one address against the back-office and the public API, ${mode === 'waf' ? 'with the web ACL' : 'without it'}`);
      flood.push(await apart<FloodFigures>('flood.ts', mode));
    }

    // ── Issue 37: catalogue bytes and req/s beside a bare server, 1 000 checkouts with Lambda's limits, first and second start ──
    log('catalogue bytes and req/s, 1000 checkouts at once, first and second start (bench/twin-fails.ts)');
    const twinFails = await apart<TwinFailsFigures>('twin-fails.ts');

    // ── Issue 38: reservation → payment confirmed with automatic MB WAY, on a twin with the twin's provider ──
    log('payments: reservation → payment confirmed (bench/payments.ts)');
    const payments = await apart<PaymentFigures>('payments.ts').catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

    // ── Issue 36: resources per CloudFormation template (each under 300) ──
    log('resources per CloudFormation template (bench/stack-size.ts)');
    const stacks = await apart<StackSizeFigures>('stack-size.ts');

    const results = { when: new Date().toISOString(), node: process.version, seconds: (Date.now() - started) / 1000, catalogue: CATALOGUE, api, contention, hotItem, idempotency, challenge, outbox, abuse, flood, twinFails, payments, stacks, web, pages, lambdas, photos, proofs, lighthouse };
    await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(join(REPO_ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printTable(results);
  } finally {
    if (!twinStopped) await twin.stop();
  }
}

/** Runs `bench/<script> <out.json> ...args` as a process of its own (a twin of its own) and reads what it wrote. */
async function apart<T>(script: string, ...args: string[]): Promise<T> {
  const out = join(tmpdir(), `bench-${randomUUID()}.json`);
  try {
    await promisify(execFile)(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [join(REPO_ROOT, 'bench', script), out, ...args], { maxBuffer: 256 * 1024 * 1024 });
    return JSON.parse(await readFile(out, 'utf8')) as T;
  } finally {
    await rm(out, { force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(r: any): void {
  const lines: string[] = [];
  const row = (...cells: (string | number)[]) => lines.push(`| ${cells.join(' | ')} |`);
  lines.push(`\nBenchmark of the local twin (${r.node}, ${r.catalogue} products, ${SECONDS} s per load run; total ${r.seconds.toFixed(0)} s)\n`);
  row('API', 'clients', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx', 'errors');
  row('---', '---', '---', '---', '---', '---', '---', '---', '---');
  const ms = (n: number) => n.toFixed(1);
  for (const a of r.api) row(a.name, a.connections, a.requestsPerSecond, ms(a.p50), ms(a.p95), ms(a.p99), a.requests, a.non2xx, a.errors);
  lines.push('');
  row('Contention', 'value');
  row('---', '---');
  for (const [k, v] of Object.entries(r.contention)) row(k, String(v));
  lines.push('');
  for (const cells of hotItemRows(r.hotItem)) row(...cells);
  lines.push('');
  row('Idempotency (100 repeats of one key)', 'value');
  for (const [k, v] of Object.entries(r.idempotency)) row(k, String(v));
  lines.push('');
  if ('restock' in r.outbox) {
    row('Outbox: restock save (0 → 3)', 'requests waiting', 'save ms', 'all mailed after s');
    row('---', '---', '---', '---');
    for (const f of r.outbox.restock) row('POST /api/admin/products/{id}/stock', f.alerts, f.saveMs, f.allMailedSeconds);
    row('Outbox lag (event → SES accepted)', 'mails', 'p50 s', 'p99 s', 'max s');
    row('---', '---', '---', '---', '---');
    row('100 paid orders, 10 at a time', r.outbox.lag.mails, r.outbox.lag.p50Seconds, r.outbox.lag.p99Seconds, r.outbox.lag.maxSeconds);
  } else lines.push(`Outbox figures failed: ${r.outbox.error}`);
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  row(`Honest checkouts (${r.abuse.honestClients} shoppers, ${r.abuse.seconds} s; the page asks again after the stage's 429)`, 'checkouts', 'succeeded', 'p50 ms', 'p99 ms', 'asked again');
  row('---', '---', '---', '---', '---', '---');
  row('alone', r.abuse.withoutAbuser.checkouts, pct(r.abuse.withoutAbuser.successRate), r.abuse.withoutAbuser.p50Ms, r.abuse.withoutAbuser.p99Ms, r.abuse.withoutAbuser.askedAgain);
  row(`beside one address at ${r.abuse.abuser.requestsPerSecond} reservations/s`, r.abuse.withAbuser.checkouts, pct(r.abuse.withAbuser.successRate), r.abuse.withAbuser.p50Ms, r.abuse.withAbuser.p99Ms, r.abuse.withAbuser.askedAgain);
  row('the abuser', `${r.abuse.abuser.sent} sent`, `${r.abuse.abuser.reserved} reserved, ${r.abuse.abuser.refusedHoldLimit} refused hold_limit`, `${r.abuse.abuser.refused429} refused 429`, `${r.abuse.abuser.other} other`);
  lines.push('');
  if ('widgetMedianMs' in r.challenge) {
    row(`Proof of work at the default cost (${r.challenge.maxNumber})`, 'value');
    row('---', '---');
    row('phone: the widget in Chromium, 4× CPU throttling, median / p90 ms (target median ≤ 1 000)', `${r.challenge.widgetMedianMs} / ${r.challenge.widgetP90Ms}`);
    row('the same with one worker, median ms', r.challenge.oneWorkerMedianMs);
    row('bot: CPU-seconds per solve / per 1 000 reservations (Node, one core)', `${r.challenge.botCpuSecondsPerSolve} / ${r.challenge.botCpuSecondsPer1000}`);
  } else lines.push(`Proof of work figures failed: ${r.challenge.error}`);
  lines.push('');
  row(`One address's flood (${r.flood[0]?.seconds ?? 0} s; per minute)`, 'sent', 'refused at the edge', 'reached API Gateway', 'reached Lambda', "owner's answers", 'owner p50 ms', 'owner p99 ms');
  row('---', '---', '---', '---', '---', '---', '---', '---');
  for (const cells of floodRows(r.flood)) row(...cells);
  lines.push('');
  for (const [label, value] of twinFailsRows(r.twinFails)) row(label, value);
  lines.push('');
  if ('runs' in r.payments) {
    row('Automatic payments in the twin (issue 38)', 'value');
    row('---', '---');
    for (const [label, value] of paymentRows(r.payments)) row(label, value);
  } else lines.push(`Payment figures failed: ${r.payments.error}`);
  lines.push('');
  row(`CloudFormation template (${r.stacks.total} resources in all; each ≤ 300)`, 'resources');
  row('---', '---');
  for (const t of r.stacks.templates) row(t.template, t.resources);
  lines.push('');
  row('Web (gzip)', 'size');
  row('---', '---');
  row('shop first-load JS', kb(r.web.firstLoadJsGzip));
  row('shop first-load CSS', kb(r.web.firstLoadCssGzip));
  row('admin chunks', kb(r.web.adminChunksGzip));
  row('Amplify / auth chunks', kb(r.web.amplifyChunksGzip));
  row('all JS', kb(r.web.allJsGzip));
  lines.push('');
  if ('weights' in r.pages) {
    row('Pre-rendered page (gzip)', 'HTML', 'JS it loads', 'CSS it loads');
    row('---', '---', '---', '---');
    for (const w of r.pages.weights) row(w.page, kb(w.htmlGzip), kb(w.jsGzip), kb(w.cssGzip));
    row('Pre-rendering in the twin', 'ms');
    row('---', '---');
    row('render /shop (1 000 products), p50 of 5', r.pages.renderShopMs);
    row('render a product page, p50 of 5', r.pages.renderProductMs);
    row('product saved → its page shows the new price, p50 of 5', `${r.pages.saveToPageMs} (${r.pages.saveToPageRunsMs.join(', ')})`);
  } else lines.push(`Page figures failed: ${r.pages.error}`);
  lines.push('');
  row('Lambda bundle', 'minified', 'gzip', 'cold import ms (p50 of 5)', 'clients');
  row('---', '---', '---', '---', '---');
  for (const l of r.lambdas as LambdaSize[]) row(l.readRoute ? `${l.handler} (read)` : l.handler, kb(l.bytes), kb(l.gzip), l.coldImportMs, l.clients.join(', '));
  const functions = r.lambdas as LambdaSize[];
  const reads = functions.filter((l) => l.readRoute);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  row('read routes: largest / median (target ≤ 250 KB)', kb(Math.max(...reads.map((l) => l.bytes))), kb(median(reads.map((l) => l.bytes))), '', '');
  row('all functions: cold import p50 (target ≤ 60 ms)', '', '', median(functions.map((l) => l.coldImportMs)), '');
  lines.push('');
  row('Photos (4032×3024 phone JPEGs)', 'value');
  row('---', '---');
  row('source JPEG (average)', kb(r.photos.sourceBytes));
  row('processing one photo, p50 of 5 (ms)', `${r.photos.processP50Ms} (${r.photos.processRunsMs.join(', ')})`);
  row('upload → ready in the twin, p50 of 6 (ms)', r.photos.uploadToReadyP50Ms);
  row('/shop first view, 390 px DPR 3: image bytes', kb(r.photos.shopFirstViewImageBytes));
  row('product page, 390 px DPR 3: image bytes', kb(r.photos.productPageImageBytes));
  lines.push('');
  row('Proof check (in the attach call, 10 s timeout)', 'value');
  row('---', '---');
  for (const [label, value] of proofRows(r.proofs)) row(label, value);
  lines.push('');
  if (Array.isArray(r.lighthouse)) {
    row('Lighthouse (mobile, median of 3)', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP s');
    row('---', '---', '---', '---', '---', '---');
    for (const s of r.lighthouse) row(s.page, s.performance, s.accessibility, s.bestPractices, s.seo, (s.lcpMs / 1000).toFixed(2));
  } else lines.push(`Lighthouse failed: ${r.lighthouse.error}`);
  lines.push('\nWritten to bench/results/latest.json');
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
