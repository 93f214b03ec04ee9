/**
 * Every Lambda function of the stack as a bundle: its entry module, its grants and its native modules,
 * built with esbuild and the stack's own options (`BUNDLE_OPTIONS`, `bundleExternals`). The bundle
 * test and the bench use this to check and measure what each function carries: a function bundles
 * only the SDK clients its grants use, and sharp is never in a bundle (the photo function and the two
 * that check proofs of payment ship it in their `node_modules`).
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { jobs, mailEvents, photoProcessing, streamConsumers } from '#lambdas/jobs.ts';
import { routeRowsDefine } from '#lambdas/http/route-rows.ts';
import { routes, type Route } from '#lambdas/routes.ts';
import type { Grant } from '#lambdas/route-grants.ts';
import { BUNDLE_ALIASES, BUNDLE_OPTIONS, bundleExternals } from './constructs/shop-function.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

export interface FunctionBundleSpec {
  /** The handler module, relative to `lambdas/` without extension (`handlers/products/list`). */
  readonly name: string;
  readonly entry: string;
  /** The grants of its rows (a handler shared by several routes gets them all). */
  readonly grants: readonly Grant[];
  /** A route that only reads (GET), the kind the size target is for. */
  readonly readRoute: boolean;
  /** Native modules the function ships in its `node_modules` instead of the bundle. */
  readonly nativeModules: readonly string[];
  /** Constants written into the bundle (esbuild `define`): a route function's rows, as the stack writes them. */
  readonly define: Readonly<Record<string, string>>;
}

const consumer = (handler: string) => path.join(REPO_ROOT, 'lambdas', 'consumers', `${handler}.ts`);

/** Every function the stack makes: one per route handler, job, stream consumer, photo and mail-event function. */
export function functionBundleSpecs(): FunctionBundleSpec[] {
  const byHandler = new Map<string, { grants: Grant[]; read: boolean; rows: Route[] }>();
  for (const route of routes) {
    const entry = byHandler.get(route.handler) ?? { grants: [], read: true, rows: [] };
    entry.grants.push(...route.grants);
    entry.read &&= route.method === 'GET';
    entry.rows.push(route);
    byHandler.set(route.handler, entry);
  }
  return [
    ...[...byHandler].map(([handler, { grants, read, rows }]) => ({
      name: `handlers/${handler}`,
      entry: path.join(REPO_ROOT, 'lambdas', 'handlers', `${handler}.ts`),
      grants,
      readRoute: read,
      nativeModules: rows.some((row) => 'checksProofs' in row && row.checksProofs) ? ['sharp'] : [],
      define: routeRowsDefine(rows),
    })),
    ...[...jobs, ...streamConsumers, mailEvents].map((fn) => ({
      name: `consumers/${fn.handler}`,
      entry: consumer(fn.handler),
      grants: fn.grants,
      readRoute: false,
      nativeModules: [],
      define: {},
    })),
    {
      name: `consumers/${photoProcessing.handler}`,
      entry: consumer(photoProcessing.handler),
      grants: photoProcessing.grants,
      readRoute: false,
      nativeModules: ['sharp'],
      define: {},
    },
  ];
}

export interface FunctionBundle {
  readonly bytes: number;
  /** Packages (`@aws-sdk/client-s3`, `zod`, ...) whose code is in the bundle. */
  readonly packages: ReadonlySet<string>;
  /** The repository's own modules whose code is in the bundle (`lambdas/http/handler.ts`, ...). */
  readonly modules: ReadonlySet<string>;
}

function packagesOf(metafile: Metafile): Set<string> {
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) packages.add(match[1]!);
    }
  }
  return packages;
}

/** Bundles one function into `outfile` the way the stack does. */
export async function bundleFunction(spec: FunctionBundleSpec, outfile: string): Promise<FunctionBundle> {
  const result = await build({
    entryPoints: [spec.entry],
    bundle: true,
    platform: 'node',
    format: BUNDLE_OPTIONS.format,
    target: BUNDLE_OPTIONS.target,
    mainFields: [...BUNDLE_OPTIONS.mainFields],
    banner: { js: BUNDLE_OPTIONS.banner },
    minify: BUNDLE_OPTIONS.minify,
    charset: BUNDLE_OPTIONS.charset,
    legalComments: BUNDLE_OPTIONS.legalComments,
    external: bundleExternals(spec.nativeModules, spec.grants),
    define: { ...spec.define },
    alias: { ...BUNDLE_ALIASES },
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    absWorkingDir: REPO_ROOT,
    outfile,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  const modules = new Set(
    Object.values(result.metafile.outputs).flatMap((output) =>
      Object.keys(output.inputs).filter((input) => !input.includes('node_modules/')),
    ),
  );
  return { bytes, packages: packagesOf(result.metafile), modules };
}
