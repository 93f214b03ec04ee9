import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

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
 * The shop SPA. `npm run build:web` writes `web/dist` (served by the twin's front door or CloudFront,
 * with `.vite/manifest.json` naming each page's chunks), then, with `--ssr`, the pre-renderer into
 * `web/dist-ssr/render-page.js`.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), ...(isSsrBuild ? [rendererFiles()] : [])],
  // pdfkit's browser module in the pre-renderer (the withdrawal form's PDF): its Node module reads its
  // fonts from files at run time, which a bundle without `node_modules` does not have.
  resolve: isSsrBuild ? { alias: [{ find: /^pdfkit$/, replacement: join(repo, 'node_modules', 'pdfkit', 'js', 'pdfkit.browser.mjs') }] } : {},
  envPrefix: 'SHOP_',
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        target: 'node20',
        minify: true,
        rollupOptions: { input: 'src/ssr/render-page.tsx', output: { entryFileNames: 'render-page.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
      }
    : { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true, manifest: true },
  // The pre-renderer carries React and the router itself: the function that loads it installs nothing.
  ssr: { noExternal: true, target: 'node' },
  server: { fs: { allow: [repo] } },
}));
