/**
 * The synthesized app `npm run cost` and `npm run preflight` count (`census.ts`): `npx cdk synth` with
 * `-c lintOnly=true` (`infra/cloud/lint-only.ts`: the same templates as a deploy's, without bundling the
 * functions' code, so about a minute instead of several) and the operator's `-c` options, into
 * `.cache/census/<hash of the options>/`. A synth is reused while it is fresh: made with the same
 * options, after the last change to the app's code (infra/cloud, infra/common, lambdas/, shared/, cdk.json,
 * the lockfile).
 * Each synth is given the Lambda quota AWS grants by default (`lambdaConcurrency`, unless the operator
 * gave one), so its reserved concurrency is what a deploy reserves on a standard account.
 *
 * It needs the shop's build (`npm run build:web`): without it the app is synthesized without the site
 * upload and its functions, so the counts would be short.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../common/repo-paths.ts';
import type { AssemblyStack, TemplateJson } from './census.ts';

/** AWS's standard Lambda concurrency quota: the synth's reservations are those of an account that has it. */
export const STANDARD_QUOTA = 1000;

/** What decides the templates, as the app reads it: a change to any of these makes a synth stale. */
const SOURCES = ['infra/cloud', 'infra/common', 'lambdas', 'shared', 'cdk.json', 'package-lock.json'];
/** The shop's build, as `infra/cloud/shop-build.ts` looks for it. */
const BUILD_MARKERS = ['web/dist/index.html', 'web/dist-ssr/render-page.js'];

export class AssemblyError extends Error {}

/** The newest modification time (ms) of the app's sources under `root`. */
export function newestSource(root: string = REPO_ROOT): number {
  let newest = 0;
  const walk = (file: string): void => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) if (entry !== 'node_modules' && !entry.startsWith('.')) walk(path.join(file, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) walk(path.join(root, source));
  return newest;
}

/** The `-c key=value` pairs of a synth: the operator's, and the standard quota unless they gave one. */
export function synthContext(pairs: readonly string[]): string[] {
  return pairs.some((pair) => pair.startsWith('lambdaConcurrency=')) ? [...pairs] : [...pairs, `lambdaConcurrency=${STANDARD_QUOTA}`];
}

/** Where a synth with these pairs goes. */
export function assemblyDir(pairs: readonly string[], root: string = REPO_ROOT): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(synthContext(pairs)))
    .digest('hex')
    .slice(0, 12);
  return path.join(root, '.cache', 'census', hash);
}

/** Whether the synth in `dir` was made with `pairs` after the last change to the sources. */
export function isFresh(dir: string, pairs: readonly string[], root: string = REPO_ROOT): boolean {
  const manifest = fs.statSync(path.join(dir, 'manifest.json'), { throwIfNoEntry: false });
  const request = path.join(dir, 'census-context.json');
  if (!manifest || !fs.existsSync(request)) return false;
  if (fs.readFileSync(request, 'utf8') !== JSON.stringify(synthContext(pairs))) return false;
  return manifest.mtimeMs > newestSource(root);
}

/** `npx cdk synth` (lint-only) with `pairs` into `dir`; its output is shown only when it fails. */
function synthesize(dir: string, pairs: readonly string[], root: string): Promise<void> {
  const args = ['cdk', 'synth', '--quiet', '-c', 'lintOnly=true', ...synthContext(pairs).flatMap((pair) => ['-c', pair]), '-o', dir];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const tail = output.trim().split('\n').slice(-15).join('\n');
      reject(new AssemblyError(`npx ${args.join(' ')} failed (exit code ${code}):\n${tail}`));
    });
  });
}

/** The stacks of the assembly in `dir` (`manifest.json`), each with its nested templates. */
export function readAssembly(dir: string): AssemblyStack[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; environment?: string; properties?: { templateFile: string } }>;
  };
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TemplateJson;
  return Object.entries(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
    .map(([name, artifact]) => {
      const template = read(artifact.properties!.templateFile);
      const nested = Object.values(template.Resources)
        .filter((r) => r.Type === 'AWS::CloudFormation::Stack' && typeof r.Metadata?.['aws:asset:path'] === 'string')
        .map((r) => String(r.Metadata!['aws:asset:path']))
        .sort()
        .map((file) => ({ file, template: read(file) }));
      return { name, region: artifact.environment?.split('/').pop() ?? '?', template, nested };
    });
}

export interface AssemblyOptions {
  /** The operator's `-c key=value` pairs (cdk.json is read by the CDK itself). */
  readonly context: readonly string[];
  /** Synthesize again even if a fresh synth exists. */
  readonly fresh?: boolean;
  readonly log?: (line: string) => void;
  readonly root?: string;
}

/** The app's stacks: a fresh synth with these options, or a new one (about a minute). */
export async function synthesizedApp(options: AssemblyOptions): Promise<{ stacks: AssemblyStack[]; dir: string; reused: boolean }> {
  const root = options.root ?? REPO_ROOT;
  const missing = BUILD_MARKERS.filter((marker) => !fs.existsSync(path.join(root, marker)));
  if (missing.length) {
    throw new AssemblyError(
      `The shop is not built (missing ${missing.join(', ')}): run \`npm run build:web\` ` +
        `first; without it the app has no site upload and the counts would be short.`,
    );
  }
  const dir = assemblyDir(options.context, root);
  if (!options.fresh && isFresh(dir, options.context, root)) return { stacks: readAssembly(dir), dir, reused: true };
  options.log?.(
    `npx cdk synth -c lintOnly=true ${synthContext(options.context)
      .map((pair) => `-c ${pair}`)
      .join(' ')} → ${path.relative(root, dir)} (about a minute)`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await synthesize(dir, options.context, root);
  fs.writeFileSync(path.join(dir, 'census-context.json'), JSON.stringify(synthContext(options.context)));
  return { stacks: readAssembly(dir), dir, reused: false };
}
