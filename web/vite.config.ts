import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ORDER_SHELL } from '../shared/pages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * The parts of the shop's texts (`shared/messages/`) that the first view never needs, each a chunk of
 * its own: shared by several lazy pages, they would otherwise join the common chunk the first view
 * loads. A group takes only the modules it names (not their imports: the cart's rules, which the
 * validation texts quote, stay with the first view), so it names every module its texts are made from
 * that the first view does not load: the back-office's password rule, which would otherwise sit in the
 * admin chunk and run after the texts that need it.
 */
const TEXT_CHUNKS = [
  { name: 'texts-admin', test: /shared[\\/](messages[\\/]admin|password-policy)\.ts$/ },
  { name: 'texts-checkout', test: /shared[\\/]messages[\\/]checkout\.ts$/ },
  { name: 'texts-validation', test: /shared[\\/]messages[\\/]validation\.ts$/ },
];

/**
 * The app's first load as one file: every module the app shell (`index.html`) imports at once, in the
 * entry's chunk. Without this group the modules it shares with the lazy pages (the router, the paths,
 * the cart, the API client, the money rules...) were 13 small chunks of their own, each compressed
 * alone: 103,1 KB gzip in 14 files against 98,4 KB in one (docs/testing.md#ci; the budget is 100 KB,
 * checked by test/lambdas/first-load.test.ts). A module the pre-rendered pages' boot (`src/boot.ts`)
 * imports stays out: the boot must not load the app before its time.
 */
const BOOT = /src[\\/]boot\.ts$/;
function firstLoad(moduleId: string, context: { getModuleInfo(id: string): { importers: readonly string[] } | null }): string | null {
  const seen = new Set<string>();
  const reachedFromBoot = (id: string): boolean => {
    if (BOOT.test(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (context.getModuleInfo(id)?.importers ?? []).some(reachedFromBoot);
  };
  return reachedFromBoot(moduleId) ? null : 'index';
}

/** Where the pre-renderer is built (one self-contained module, loaded by the pages function). */
export const SSR_OUT_DIR = 'dist-ssr';

/** The pre-renderer's other two files: the built app shell it fills and the manifest naming each page's chunks. */
function rendererFiles(): Plugin {
  return {
    name: 'renderer-files',
    apply: 'build',
    closeBundle() {
      copyFileSync(join(root, 'dist', 'index.html'), join(root, SSR_OUT_DIR, 'template.html'));
      copyFileSync(join(root, 'dist', '.vite', 'manifest.json'), join(root, SSR_OUT_DIR, 'manifest.json'));
    },
  };
}

/**
 * "A minha encomenda"'s shell (`ORDER_SHELL` of `shared/pages.ts`): the built app shell with its own
 * title and `noindex` in place of the home page's head, so the raw page of an order is not the home page.
 */
function orderShell(): Plugin {
  return {
    name: 'order-shell',
    apply: 'build',
    closeBundle() {
      const shell = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
      const head = `<title>${ORDER_SHELL.title}</title>\n    <meta name="robots" content="noindex" />`;
      const start = shell.indexOf('<!--page-head-->');
      const end = shell.indexOf('<!--/page-head-->');
      if (start < 0 || end < 0) throw new Error('the app shell has no page-head markers');
      writeFileSync(
        join(root, 'dist', ORDER_SHELL.file),
        `${shell.slice(0, start)}${head}\n    ${shell.slice(end + '<!--/page-head-->'.length).trimStart()}`,
      );
    },
  };
}

/**
 * The shop SPA. `npm run build:web` writes `web/dist` (served by the twin's front door or CloudFront,
 * with `.vite/manifest.json` naming each page's chunks), then, with `--ssr`, the pre-renderer into
 * `web/dist-ssr/render-page.js`.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), ...(isSsrBuild ? [rendererFiles()] : [orderShell()])],
  // pdfkit's browser module in the pre-renderer (the withdrawal form's PDF): its Node module reads its
  // fonts from files at run time, which a bundle without `node_modules` does not have.
  resolve: isSsrBuild
    ? { alias: [{ find: /^pdfkit$/, replacement: join(repo, 'node_modules', 'pdfkit', 'js', 'pdfkit.browser.mjs') }] }
    : {},
  envPrefix: 'SHOP_',
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        target: 'node20',
        minify: true,
        rollupOptions: {
          input: 'src/ssr/render-page.tsx',
          output: { entryFileNames: 'render-page.js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // No modulepreload polyfill (0,5 KB gz of the first load): a browser without `modulepreload`
        // (Safari before 17, Firefox before 115) loads the same modules as the imports name them.
        modulePreload: { polyfill: false },
        sourcemap: true,
        manifest: true,
        // The shop's texts have no side effects (importing some areas loads no other part), and three
        // parts are chunks of their own (`TEXT_CHUNKS`).
        rollupOptions: {
          // The app shell, and the first script of the pre-rendered pages (`src/boot.ts`).
          input: { index: join(root, 'index.html'), boot: join(root, 'src', 'boot.ts') },
          treeshake: { moduleSideEffects: (id: string) => !/shared[\\/]messages[\\/.]/.test(id) },
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [...TEXT_CHUNKS, { name: firstLoad, debugName: 'first-load', tags: ['$initial'] }],
            },
          },
        },
      },
  // The pre-renderer carries React and the router itself: the function that loads it installs nothing.
  ssr: { noExternal: true, target: 'node' },
  server: { fs: { allow: [repo] } },
}));
