/**
 * The pre-renderer (docs/design.md §22): one public page as HTML, from the same routes and components as
 * the app, with the page's head (title, description, canonical address, Open Graph, JSON-LD), the
 * chunks and styles its first view needs, and its data inlined for hydration. Built by `npm run
 * build:web` into `web/dist-ssr/render-page.js` (one file, no dependencies), which the pages function
 * loads at run time (`lambdas/services/pages.ts`).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '#web/lib/router.tsx';
import { escapeHtml } from '#shared/html.ts';
import { PAGE_DATA_ELEMENT_ID, pageDataJson, type PageData } from '#shared/pages.ts';
import type { SellerIdentity } from '#shared/shop-identity.ts';
import { AppRoutes, RenderedModulesContext } from '#web/app/shop-routes.tsx';
import { APP_MODULE_META, APP_SCRIPT_META } from '#web/lib/app-modules.ts';
import { PageDataContext } from '#web/lib/page-data.ts';
import { headTags, ServerHeadContext, type ServerHead } from '#web/lib/page-meta.ts';

/** One entry of Vite's build manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly css?: readonly string[];
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

export interface RenderInput {
  /** The built app shell (`web/dist/index.html`). */
  readonly template: string;
  /** Vite's build manifest of the app. */
  readonly manifest: Readonly<Record<string, ManifestChunk>>;
  /** The shop's address, e.g. `https://joiasinox.pt` (absolute links of the head). */
  readonly origin: string;
  readonly data: PageData;
}

export interface RenderedPage {
  /** 200, 404 for a page that says "not found", 500 for a page that failed. */
  readonly status: 200 | 404 | 500;
  readonly html: string;
}

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = '<div id="root"></div>';

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The chunks (beyond the entry, which the shell loads) and styles of the page modules a render used. */
function moduleLinks(manifest: RenderInput['manifest'], modules: Iterable<string>): string {
  // What the shell already loads: the entry and everything it imports.
  const loaded = new Set<string>();
  const load = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) load(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) load(key);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...[...scripts].map((file) => `<meta name="${APP_MODULE_META}" content="/${escapeHtml(file)}" />`),
  ].join('\n    ');
}

/** The app's scripts as Vite writes them in the shell: its entry, and the modules fetched with it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The shell's tail (after the page's head) with the app loaded once the page has loaded
 * (`src/boot.ts`): the entry's script and its preloads become names for the boot script, which
 * takes their place.
 */
function deferredApp(tail: string, manifest: RenderInput['manifest']): string {
  const boot = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'src/boot.ts');
  if (!boot || tail.match(ENTRY_SCRIPT)?.length !== 1)
    throw new Error('the template has no app entry script, or the manifest no boot script');
  return tail
    .replace(
      ENTRY_SCRIPT,
      (_tag, src: string) =>
        `<meta name="${APP_SCRIPT_META}" content="${src}" />\n    ` +
        `<script type="module" crossorigin src="/${escapeHtml(boot.file)}"></script>`,
    )
    .replace(MODULE_PRELOAD, (_tag, href: string) => `<meta name="${APP_MODULE_META}" content="${href}" />`);
}

function headHtml(head: ServerHead, pathname: string): string {
  if (!head.meta) return '';
  const { title, canonical, tags } = headTags(head.meta, head.origin, pathname);
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map((tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...[...head.jsonLd].map((json) => `<script type="application/ld+json" data-prerendered>${json}</script>`),
  ].join('\n    ');
}

/** Renders `input.data.url` as a whole document (the template with the page's head, content and data). */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  const url = new URL(input.data.url, input.origin);
  const head: ServerHead = { origin: input.origin, jsonLd: new Set() };
  const modules = new Set<string>();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerHeadContext.Provider value={head}>
        <RenderedModulesContext.Provider value={modules}>
          <PageDataContext.Provider value={input.data}>
            <StaticRouter location={url.pathname + url.search}>
              <AppRoutes />
            </StaticRouter>
          </PageDataContext.Provider>
        </RenderedModulesContext.Provider>
      </ServerHeadContext.Provider>
    </StrictMode>,
    // Every boundary in place, in order: no inline script to move content (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const body = await streamText(prelude);
  const start = input.template.indexOf(HEAD_START);
  const end = input.template.indexOf(HEAD_END);
  if (start < 0 || end < 0 || !input.template.includes(ROOT)) throw new Error('the template has no page-head markers or no root element');
  const links = moduleLinks(input.manifest, modules);
  const html =
    input.template.slice(0, start) +
    headHtml(head, url.pathname) +
    (links ? `\n    ${links}` : '') +
    deferredApp(input.template.slice(end + HEAD_END.length), input.manifest).replace(
      ROOT,
      // A function, so that no `$&` in a product's text is read as a replacement pattern.
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" ` +
        `id="${PAGE_DATA_ELEMENT_ID}">${pageDataJson(input.data)}</script>`,
    );
  return { status: head.meta?.failed ? 500 : head.meta?.notFound ? 404 : 200, html };
}

/** The withdrawal form's PDF with `seller` filled in (pdfkit is in a chunk of its own, loaded only for this). */
export async function renderWithdrawalPdf(seller: SellerIdentity): Promise<Uint8Array> {
  const { withdrawalFormPdf } = await import('./withdrawal-pdf.ts');
  return withdrawalFormPdf(seller);
}
