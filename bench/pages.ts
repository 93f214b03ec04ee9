/**
 * Pre-rendered pages (docs/design.md §22) in the twin: how long the pages function takes to render a page,
 * how long after a product save its page shows the change (the products stream → re-render → kept in
 * the site bucket), and what a pre-rendered page's first load weighs (JS and CSS it names, gzip).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Twin } from '#infra/twin/twin.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { formatCents } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import type { Product } from '#shared/product.ts';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface PageWeight {
  readonly page: string;
  readonly htmlGzip: number;
  readonly jsGzip: number;
  readonly cssGzip: number;
}

export interface PageFigures {
  /** The pages function rendering a page (GET /api/pages/…, which also keeps it), p50 of 5, ms. */
  readonly renderShopMs: number;
  readonly renderProductMs: number;
  /** A product saved → its pre-rendered page shows the new price (front door), p50 of 5, ms. */
  readonly saveToPageMs: number;
  readonly saveToPageRunsMs: readonly number[];
  readonly weights: readonly PageWeight[];
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return Math.round(performance.now() - start);
}

/**
 * The JS and CSS a page loads for its first view, gzip: its stylesheets and scripts, with the app that
 * `boot.ts` starts once the page has loaded (named in `<meta name="app-script|app-module">`).
 */
async function weigh(base: string, dist: string, page: string): Promise<PageWeight> {
  const html = await (await fetch(`${base}${page}`)).text();
  const files = [...new Set([...html.matchAll(/(?:src|href|content)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  return { page, htmlGzip: gzipSync(html, { level: 9 }).length, jsGzip: js, cssGzip: css };
}

export async function pageFigures(twin: Twin, dist: string, product: Product, log: (text: string) => void): Promise<PageFigures> {
  log('pages: render times, save → page, first-load weights');
  // As CloudFront's origin group asks (the API's own address, with the origin secret and the fallback's header).
  const secret = twin.edgeOrigin.value;
  const render = async (key: string) => {
    const answer = await fetch(`${twin.apiOriginUrl}/api/pages/${key}`, {
      headers: { 'x-origin-verify': secret, 'x-pages-fallback': secret },
    });
    if (answer.status !== 200) throw new Error(`GET /api/pages/${key}: ${answer.status}`);
    await answer.text();
  };
  const shopRuns: number[] = [];
  const productRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    shopRuns.push(await timed(() => render('pages/shop.html')));
    productRuns.push(await timed(() => render(`pages/product/${product.id}.html`)));
  }
  const saveRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const priceCents = product.priceCents + 100 * (i + 1);
    const started = performance.now();
    await putProduct({ ...product, priceCents }, new Date());
    const until = Date.now() + 30_000;
    for (;;) {
      const html = await (await fetch(`${twin.url}${paths.product(product.id)}`)).text();
      if (html.includes(formatCents(priceCents))) break;
      if (Date.now() > until) throw new Error('the page did not show the new price within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    saveRuns.push(Math.round(performance.now() - started));
  }
  const weights = [];
  for (const page of [paths.home, paths.shop, paths.product(product.id)]) weights.push(await weigh(twin.url, dist, page));
  return {
    renderShopMs: median(shopRuns),
    renderProductMs: median(productRuns),
    saveToPageMs: median(saveRuns),
    saveToPageRunsMs: saveRuns,
    weights,
  };
}
