/**
 * The bench's table (`npm run bench`): one section per part, in the order of `bench/run.ts`. A part that
 * failed prints its error in place of its figures; a part left out (`BENCH_ONLY`) prints nothing.
 */
import { floodRows } from './flood.ts';
import { hotItemRows } from './hot-items.ts';
import { paymentRows } from './payments.ts';
import { proofRows } from './proofs.ts';
import { COLD_IMPORT_BUDGET_MS, FIRST_LOAD_JS_BUDGET_BYTES, READ_ROUTE_BUDGET_BYTES, type LambdaSize } from './sizes.ts';
import { twinFailsRows } from './twin-fails-rows.ts';
import { DROP_HEADER, dropRows } from './drop-rows.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const ms = (n: number) => n.toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function printTable(r: any, seconds: number): void {
  const lines: string[] = [];
  const row = (...cells: (string | number)[]) => lines.push(`| ${cells.join(' | ')} |`);
  /** One part's section: its rows, or the error it failed with; nothing when the part was left out. */
  const section = (title: string, figures: any, rows: (figures: any) => void) => {
    if (figures === undefined) return;
    if (figures && typeof figures === 'object' && 'error' in figures && typeof figures.error === 'string')
      lines.push(`${title} FAILED: ${figures.error}`);
    else rows(figures);
    lines.push('');
  };
  lines.push(
    `\nBenchmark of the local twin (${r.node}, ${r.catalogue} products, ${seconds} s per load run; ` +
      `total ${r.seconds.toFixed(0)} s; proof-of-work cost of the bench's twin ${r.challengeCost}, measured apart at the default)\n`,
  );
  section('API', r.api, (api) => {
    row('API', 'clients', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx', 'errors');
    row('---', '---', '---', '---', '---', '---', '---', '---', '---');
    for (const a of api) row(a.name, a.connections, a.requestsPerSecond, ms(a.p50), ms(a.p95), ms(a.p99), a.requests, a.non2xx, a.errors);
  });
  section('Contention', r.contention, (contention) => {
    row('Contention', 'value');
    row('---', '---');
    for (const [k, v] of Object.entries(contention)) row(k, String(v));
  });
  if (r.hotItem !== undefined) {
    for (const cells of hotItemRows(r.hotItem)) row(...cells);
    lines.push('');
  }
  section('Idempotency', r.idempotency, (idempotency) => {
    row('Idempotency (100 repeats of one key)', 'value');
    for (const [k, v] of Object.entries(idempotency)) row(k, String(v));
  });
  section('Outbox', r.outbox, (outbox) => {
    row('Outbox: restock save (0 → 3)', 'requests waiting', 'save ms', 'all mailed after s');
    row('---', '---', '---', '---');
    for (const f of outbox.restock) row('POST /api/admin/products/{id}/stock', f.alerts, f.saveMs, f.allMailedSeconds);
    row('Outbox lag (event → SES accepted)', 'mails', 'p50 s', 'p99 s', 'max s');
    row('---', '---', '---', '---', '---');
    row('100 paid orders, 10 at a time', outbox.lag.mails, outbox.lag.p50Seconds, outbox.lag.p99Seconds, outbox.lag.maxSeconds);
  });
  section('Abuse', r.abuse, (abuse) => {
    row(
      `Honest checkouts (${abuse.honestClients} shoppers, ${abuse.seconds} s; the page asks again after the stage's 429)`,
      'checkouts',
      'succeeded',
      'p50 ms',
      'p99 ms',
      'asked again',
    );
    row('---', '---', '---', '---', '---', '---');
    row(
      'alone',
      abuse.withoutAbuser.checkouts,
      pct(abuse.withoutAbuser.successRate),
      abuse.withoutAbuser.p50Ms,
      abuse.withoutAbuser.p99Ms,
      abuse.withoutAbuser.askedAgain,
    );
    row(
      `beside one address at ${abuse.abuser.requestsPerSecond} reservations/s`,
      abuse.withAbuser.checkouts,
      pct(abuse.withAbuser.successRate),
      abuse.withAbuser.p50Ms,
      abuse.withAbuser.p99Ms,
      abuse.withAbuser.askedAgain,
    );
    row(
      'the abuser',
      `${abuse.abuser.sent} sent`,
      `${abuse.abuser.reserved} reserved, ${abuse.abuser.refusedHoldLimit} refused hold_limit`,
      `${abuse.abuser.refused429} refused 429`,
      `${abuse.abuser.other} other`,
    );
  });
  section('Proof of work', r.challenge, (challenge) => {
    row(`Proof of work at the default cost (${challenge.maxNumber})`, 'value');
    row('---', '---');
    row(
      'phone: the widget in Chromium, 4× CPU throttling, median / p90 ms (target median ≤ 1 000)',
      `${challenge.widgetMedianMs} / ${challenge.widgetP90Ms}`,
    );
    row('the same with one worker, median ms', challenge.oneWorkerMedianMs);
    row(
      'bot: CPU-seconds per solve / per 1 000 reservations (Node, one core)',
      `${challenge.botCpuSecondsPerSolve} / ${challenge.botCpuSecondsPer1000}`,
    );
  });
  section("One address's flood", r.flood, (flood) => {
    row(
      `One address's flood (${flood[0]?.seconds ?? 0} s; per minute)`,
      'sent',
      'refused at the edge',
      'reached API Gateway',
      'reached Lambda',
      "owner's answers",
      'owner p50 ms',
      'owner p99 ms',
    );
    row('---', '---', '---', '---', '---', '---', '---', '---');
    for (const cells of floodRows(flood)) row(...cells);
  });
  section('Catalogue, checkouts and start (bench/twin-fails.ts)', r.twinFails, (twinFails) => {
    for (const [label, value] of twinFailsRows(twinFails)) row(label, value);
  });
  section('A limited drop (bench/drop.ts)', r.drop, (drop) => {
    row(...DROP_HEADER);
    row(...DROP_HEADER.map(() => '---'));
    for (const cells of dropRows(drop.runs)) row(...cells);
  });
  section('Automatic payments', r.payments, (payments) => {
    row('Automatic payments in the twin', 'value');
    row('---', '---');
    for (const [label, value] of paymentRows(payments)) row(label, value);
  });
  section('CloudFormation templates', r.stacks, (stacks) => {
    row(`CloudFormation template (${stacks.total} resources in all; each ≤ 300)`, 'resources');
    row('---', '---');
    for (const t of stacks.templates) row(t.template, t.resources);
  });
  section('Web', r.web, (web) => {
    row('Web (gzip)', 'size');
    row('---', '---');
    row(
      `shop first-load JS (target ≤ ${kb(FIRST_LOAD_JS_BUDGET_BYTES)})`,
      `${kb(web.firstLoadJsGzip)}${web.firstLoadJsGzip > FIRST_LOAD_JS_BUDGET_BYTES ? ' OVER' : ''}`,
    );
    row('shop first-load CSS', kb(web.firstLoadCssGzip));
    row('admin chunks', kb(web.adminChunksGzip));
    row('Amplify / auth chunks', kb(web.amplifyChunksGzip));
    row('all JS', kb(web.allJsGzip));
  });
  section('Pre-rendered pages', r.pages, (pages) => {
    row('Pre-rendered page (gzip)', 'HTML', 'JS it loads', 'CSS it loads');
    row('---', '---', '---', '---');
    for (const w of pages.weights) row(w.page, kb(w.htmlGzip), kb(w.jsGzip), kb(w.cssGzip));
    row('Pre-rendering in the twin', 'ms');
    row('---', '---');
    row('render /shop (1 000 products), p50 of 5', pages.renderShopMs);
    row('render a product page, p50 of 5', pages.renderProductMs);
    row('product saved → its page shows the new price, p50 of 5', `${pages.saveToPageMs} (${pages.saveToPageRunsMs.join(', ')})`);
  });
  section('Lambda bundles', r.lambdas, (functions: LambdaSize[]) => {
    row('Lambda bundle', 'minified', 'gzip', 'cold import ms (p50 of 5)', 'clients');
    row('---', '---', '---', '---', '---');
    for (const l of functions)
      row(l.readRoute ? `${l.handler} (read)` : l.handler, kb(l.bytes), kb(l.gzip), l.coldImportMs, l.clients.join(', '));
    const reads = functions.filter((l) => l.readRoute);
    const largest = Math.max(...reads.map((l) => l.bytes));
    const coldP50 = median(functions.map((l) => l.coldImportMs));
    row(
      `read routes: largest / median (target ≤ ${kb(READ_ROUTE_BUDGET_BYTES)})`,
      `${kb(largest)}${largest > READ_ROUTE_BUDGET_BYTES ? ' OVER' : ''}`,
      kb(median(reads.map((l) => l.bytes))),
      '',
      '',
    );
    row(
      `all functions: cold import p50 (target ≤ ${COLD_IMPORT_BUDGET_MS} ms)`,
      '',
      '',
      `${coldP50}${coldP50 > COLD_IMPORT_BUDGET_MS ? ' OVER' : ''}`,
      '',
    );
  });
  section('Photos', r.photos, (photos) => {
    row('Photos (4032×3024 phone JPEGs)', 'value');
    row('---', '---');
    row('source JPEG (average)', kb(photos.sourceBytes));
    row('processing one photo, p50 of 5 (ms)', `${photos.processP50Ms} (${photos.processRunsMs.join(', ')})`);
    row('upload → ready in the twin, p50 of 6 (ms)', photos.uploadToReadyP50Ms);
    row('/shop first view, 390 px DPR 3: image bytes', kb(photos.shopFirstViewImageBytes));
    row('product page, 390 px DPR 3: image bytes', kb(photos.productPageImageBytes));
  });
  section('Proof check', r.proofs, (proofs) => {
    row('Proof check (in the attach call, 10 s timeout)', 'value');
    row('---', '---');
    for (const [label, value] of proofRows(proofs)) row(label, value);
  });
  section('Lighthouse', r.lighthouse, (lighthouse) => {
    row('Lighthouse (mobile, median of 3)', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP s');
    row('---', '---', '---', '---', '---', '---');
    for (const s of lighthouse) row(s.page, s.performance, s.accessibility, s.bestPractices, s.seo, (s.lcpMs / 1000).toFixed(2));
  });
  if (r.failures.length > 0) lines.push(`Parts that failed: ${r.failures.join('; ')}`);
  lines.push('\nWritten to bench/results/latest.json');
  process.stdout.write(`${lines.join('\n')}\n`);
}
