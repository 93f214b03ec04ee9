import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { withdrawalFormPlugin } from './build/withdrawal-form-pdf.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/** The shop SPA. `npm run build:web` writes `web/dist`, served by the twin's front door or CloudFront. */
export default defineConfig({
  root,
  plugins: [react(), withdrawalFormPlugin()],
  envPrefix: 'SHOP_',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: { fs: { allow: [repo] } },
});
