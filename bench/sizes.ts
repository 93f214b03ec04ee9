/**
 * Sizes: the shop's first-load JavaScript and CSS (what index.html loads before any click), the admin
 * and Amplify chunks, and each Lambda bundle built the way the CDK stack builds it; plus the time to
 * import each bundle in a fresh Node process (the Lambda cold path of our code).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { routes } from '../lambdas/routes.ts';
import { BUNDLE_TARGET, ESM_REQUIRE_BANNER, REPO_ROOT } from '../infra/constructs/shop-function.ts';

const run = promisify(execFile);
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

export interface WebSizes {
  readonly firstLoadJsGzip: number;
  readonly firstLoadCssGzip: number;
  readonly firstLoadFiles: readonly string[];
  readonly adminChunksGzip: number;
  readonly amplifyChunksGzip: number;
  readonly allJsGzip: number;
}

/** Assets index.html loads at once: its module script, modulepreloads and stylesheets. */
export async function webSizes(dist: string): Promise<WebSizes> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gz(await readFile(join(dist, file)));
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  let admin = 0;
  let amplify = 0;
  let all = 0;
  for (const file of await readdir(join(dist, 'assets'))) {
    if (!file.endsWith('.js')) continue;
    const bytes = await readFile(join(dist, 'assets', file));
    const size = gz(bytes);
    all += size;
    if (/admin/i.test(file)) admin += size;
    if (/amplify|auth|cognito/i.test(file) || bytes.includes('CognitoIdentityProvider')) amplify += size;
  }
  return { firstLoadJsGzip: js, firstLoadCssGzip: css, firstLoadFiles: files, adminChunksGzip: admin, amplifyChunksGzip: amplify, allJsGzip: all };
}

export interface LambdaSize {
  readonly handler: string;
  readonly bytes: number;
  readonly gzip: number;
  readonly coldImportMs: number;
}

export async function lambdaSizes(): Promise<LambdaSize[]> {
  const out = await mkdtemp(join(tmpdir(), 'bench-lambdas-'));
  try {
    const results: LambdaSize[] = [];
    for (const handler of [...new Set(routes.map((r) => r.handler))]) {
      const outfile = join(out, `${handler.replaceAll('/', '-')}.mjs`);
      await build({
        entryPoints: [join(REPO_ROOT, 'lambdas', 'handlers', `${handler}.ts`)],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: BUNDLE_TARGET,
        mainFields: ['module', 'main'],
        banner: { js: ESM_REQUIRE_BANNER },
        minify: true,
        outfile,
        logLevel: 'silent',
      });
      const bytes = await readFile(outfile);
      // Import in a fresh process, with the environment a function has, and time it.
      const script = `const t = performance.now(); await import(${JSON.stringify(`file://${outfile}`)}); console.log(performance.now() - t);`;
      const samples: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env } });
        samples.push(Number(stdout.trim()));
      }
      samples.sort((a, b) => a - b);
      results.push({ handler, bytes: (await stat(outfile)).size, gzip: gz(bytes), coldImportMs: Math.round(samples[1]! * 10) / 10 });
    }
    return results;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
