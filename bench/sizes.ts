/**
 * Sizes: the shop's first-load JavaScript and CSS (what index.html loads before any click), the admin
 * and Amplify chunks, and every Lambda bundle built the way the CDK stack builds it; plus the time to
 * import each bundle in a fresh Node process (the Lambda cold path of our code).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { bundleFunction, functionBundleSpecs } from '#infra/cloud/bundles.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const run = promisify(execFile);

/**
 * The budgets (docs/benchmarks.md): the shop's first-load JS (also checked in CI over the build,
 * test/lambdas/first-load.test.ts), a read route's bundle (also in CI: test/lambdas/bundles.test.ts),
 * and the median cold import of all functions.
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 100 * 1024;
export const READ_ROUTE_BUDGET_BYTES = 250 * 1024;
export const COLD_IMPORT_BUDGET_MS = 60;
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
  return {
    firstLoadJsGzip: js,
    firstLoadCssGzip: css,
    firstLoadFiles: files,
    adminChunksGzip: admin,
    amplifyChunksGzip: amplify,
    allJsGzip: all,
  };
}

export interface LambdaSize {
  /** The function's module under `lambdas/` (`handlers/products/list`, `consumers/outbox-mail`). */
  readonly handler: string;
  /** A route that only reads (GET): the target is 250 KB minified for these. */
  readonly readRoute: boolean;
  readonly bytes: number;
  readonly gzip: number;
  /**
   * p50 of {@link COLD_IMPORTS} imports, each in a fresh Node process outside the repository (without
   * the SDK's warning about this machine's Node 20, which Lambda's Node 24 never prints).
   */
  readonly coldImportMs: number;
  /** The AWS SDK clients (and sharp) the bundle carries. */
  readonly clients: readonly string[];
}

const COLD_IMPORTS = 5;

/**
 * Every function of the stack bundled the way the stack bundles it (`infra/cloud/bundles.ts`), its size,
 * the clients it carries, and the time to import it in a fresh process (our code's part of a cold start).
 */
export async function lambdaSizes(): Promise<LambdaSize[]> {
  const out = await mkdtemp(join(tmpdir(), 'bench-lambdas-'));
  try {
    const results: LambdaSize[] = [];
    for (const spec of functionBundleSpecs()) {
      const dir = join(out, spec.name.replaceAll('/', '-'));
      const outfile = join(dir, 'index.mjs');
      await mkdir(dir, { recursive: true });
      for (const native of spec.nativeModules) {
        await mkdir(join(dir, 'node_modules'), { recursive: true });
        await symlink(join(REPO_ROOT, 'node_modules', native), join(dir, 'node_modules', native));
      }
      const bundle = await bundleFunction(spec, outfile);
      const bytes = await readFile(outfile);
      const url = JSON.stringify(`file://${outfile}`);
      const script = `const t = performance.now(); await import(${url}); console.log(performance.now() - t);`;
      const samples: number[] = [];
      for (let i = 0; i < COLD_IMPORTS; i++) {
        const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', HOME: dir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        });
        samples.push(Number(stdout.trim()));
      }
      samples.sort((a, b) => a - b);
      const clients = [...bundle.packages]
        .filter((p) => /^@aws-sdk\/client-/.test(p) || p === 'sharp')
        .map((p) => p.replace('@aws-sdk/client-', ''))
        .sort();
      results.push({
        handler: spec.name,
        readRoute: spec.readRoute,
        bytes: bundle.bytes,
        gzip: gz(bytes),
        coldImportMs: Math.round(samples[Math.floor(COLD_IMPORTS / 2)]! * 10) / 10,
        clients,
      });
    }
    return results;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
