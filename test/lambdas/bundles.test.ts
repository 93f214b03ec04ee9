/**
 * The functions as the cloud runs them: every Lambda bundle built with the stack's own esbuild options,
 * in a folder outside the repository (no `node_modules` to fall back on, as in `/var/task`), then
 * - it carries only the SDK clients its grants use (S3 only with a bucket, SES only with mail or the sender's identity; the
 *   functions whose bucket grants are all `signed` sign their S3 requests without S3's client), sharp is
 *   in no bundle (the photo function and the two that check proofs ship it in `node_modules`) and
 *   pdf-lib only in those two (DynamoDB is in every API function, for the middleware's per-client limits, and in a consumer only
 *   with a table grant);
 * - it loads in a fresh Node process (a bundle that needed a package left out, or sharp's native
 *   part, would fail here as it would fail at its first cold start in the cloud);
 * - a catalogue read's bundle answers a real request against the twin with credentials taken from the
 *   environment only, as Lambda gives them: the credential providers left out are never reached.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction, functionBundleSpecs, type FunctionBundle, type FunctionBundleSpec } from '#infra/cloud/bundles.ts';
import { EVENT_STREAMS, UNREACHED_IN_LAMBDA } from '#infra/cloud/constructs/shop-function.ts';
import { ORIGIN_HEADER } from '#lambdas/contracts/env.ts';
import { routes } from '#lambdas/routes.ts';
import { READ_ROUTE_BUDGET_BYTES } from '#bench/sizes.ts';
import { twin } from '../support/twin.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const run = promisify(execFile);
const specs = functionBundleSpecs();
const built = new Map<string, FunctionBundle & { readonly file: string }>();
let outDir: string;

const fileOf = (spec: FunctionBundleSpec) => path.join(outDir, spec.name.replaceAll('/', '-'), 'index.mjs');

/** A fresh Node process with only what Lambda gives a function: its environment, no ~/.aws, no repository. */
async function node(script: string, cwd: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: cwd,
      AWS_CONFIG_FILE: path.join(cwd, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(cwd, 'none'),
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
      ...env,
    },
    timeout: 30_000,
  });
  return stdout.trim();
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'joias-bundles-'));
  for (const spec of specs) {
    const file = fileOf(spec);
    await mkdir(path.dirname(file), { recursive: true });
    built.set(spec.name, { ...(await bundleFunction(spec, file)), file });
    // The photo function ships sharp in its node_modules (the stack's command hooks); so does this folder.
    for (const native of spec.nativeModules) {
      await mkdir(path.join(path.dirname(file), 'node_modules'), { recursive: true });
      await symlink(path.join(REPO_ROOT, 'node_modules', native), path.join(path.dirname(file), 'node_modules', native));
    }
  }
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('function bundles', () => {
  it('covers every function of the stack', () => {
    expect(specs.length).toBeGreaterThan(40);
    expect(specs.filter((s) => s.name === 'consumers/process-photo')).toHaveLength(1);
    expect(specs.filter((s) => s.name === 'consumers/outbox-mail')).toHaveLength(1);
  });

  it('carries only the SDK clients its grants use, never sharp outside the photo function, nor the providers Lambda does not reach', () => {
    for (const spec of specs) {
      const { packages } = built.get(spec.name)!;
      const usesBucket = spec.grants.some((g) => 'bucket' in g);
      // SES: to send mail, or to ask whether the sender is verified (the go-live checklist).
      const usesMail = spec.grants.some((g) => 'mail' in g || 'senderIdentity' in g);
      // S3's client only with a bucket (a function that only presigns links signs without it: below).
      if (!usesBucket) expect({ fn: spec.name, s3: packages.has('@aws-sdk/client-s3') }).toEqual({ fn: spec.name, s3: false });
      expect({ fn: spec.name, ses: packages.has('@aws-sdk/client-sesv2') }).toEqual({ fn: spec.name, ses: usesMail });
      if (spec.name.startsWith('consumers/'))
        expect({ fn: spec.name, dynamodb: packages.has('@aws-sdk/client-dynamodb') }).toEqual({
          fn: spec.name,
          dynamodb: spec.grants.some((g) => 'table' in g),
        });
      expect({ fn: spec.name, sharp: packages.has('sharp') }).toEqual({ fn: spec.name, sharp: false });
      // The payment provider's client only where its keys are granted (never in POST /api/orders: the stream starts payments).
      expect({ fn: spec.name, stripe: packages.has('stripe') }).toEqual({
        fn: spec.name,
        stripe: spec.grants.some((g) => 'paymentKeys' in g),
      });
      expect({ fn: spec.name, cognito: packages.has('@aws-sdk/client-cognito-identity-provider') }).toEqual({
        fn: spec.name,
        cognito: false,
      });
      for (const unreached of UNREACHED_IN_LAMBDA)
        expect({ fn: spec.name, unreached, bundled: packages.has(unreached) }).toEqual({ fn: spec.name, unreached, bundled: false });
    }
  });

  it("signs the proof links, photo status reads and fallback page writes without S3's client (`signed` grants); others have it", () => {
    const signedOnly = specs
      .filter((s) => s.grants.some((g) => 'bucket' in g) && s.grants.every((g) => !('bucket' in g) || g.signed))
      .map((s) => s.name);
    expect(signedOnly.sort()).toEqual(['handlers/admin/orders/get', 'handlers/admin/uploads/image-status', 'handlers/pages/get']);
    for (const spec of specs.filter((s) => s.grants.some((g) => 'bucket' in g))) {
      const { packages } = built.get(spec.name)!;
      const signed = signedOnly.includes(spec.name);
      // Event streams left out: the bundle names the module it would import (and never does) instead of carrying it.
      const eventStreamsLeftOut = readFileSync(built.get(spec.name)!.file, 'utf8').includes(`"${EVENT_STREAMS[0]}"`);
      expect({
        fn: spec.name,
        s3: packages.has('@aws-sdk/client-s3'),
        presigner: packages.has('@aws-sdk/s3-request-presigner'),
        eventStreamsLeftOut,
      }).toEqual({ fn: spec.name, s3: !signed, presigner: false, eventStreamsLeftOut: signed });
    }
  });

  it("keeps the payment provider's client out of the reservation (POST /api/orders) and in the payments consumer", () => {
    expect(built.get('handlers/orders/create')!.packages.has('stripe')).toBe(false);
    expect(built.get('consumers/order-payments')!.packages.has('stripe')).toBe(true);
  });

  it('ships sharp only with the photo function and the two that check proofs of payment; pdf-lib is only in those two', () => {
    const proofCheckers = ['handlers/orders/attach-proof', 'handlers/orders/create'];
    expect(
      specs
        .filter((s) => s.nativeModules.includes('sharp'))
        .map((s) => s.name)
        .sort(),
    ).toEqual(['consumers/process-photo', ...proofCheckers]);
    const withPdfLib = specs
      .filter((s) => built.get(s.name)!.packages.has('pdf-lib'))
      .map((s) => s.name)
      .sort();
    expect(withPdfLib).toEqual(proofCheckers);
  });

  // A read route: at most 250 KB (READ_ROUTE_BUDGET_BYTES, the figure `npm run bench` prints), the
  // owner's orders list and export too (the largest, with each row's ledger and invoice: shared/ledger.ts,
  // docs/money.md), since every function reads its credentials from the environment only and leaves
  // endpoint discovery out (infra/cloud/constructs/credentials-from-env.ts, endpoint-discovery-stub.ts).
  it("a read route (GET) is at most 250 KB minified (none carries S3's client, about 170 KB alone)", () => {
    const over = specs
      .filter((spec) => spec.readRoute)
      .map((spec) => ({ fn: spec.name, kb: Math.round(built.get(spec.name)!.bytes / 102.4) / 10 }))
      .filter(({ kb }) => kb > READ_ROUTE_BUDGET_BYTES / 1024);
    expect(over).toEqual([]);
  });

  it('carries its own rows of the route table, not the table (the stack writes them in: lambdas/http/route-rows.ts)', () => {
    for (const spec of specs) {
      const { modules } = built.get(spec.name)!;
      if (spec.name.startsWith('handlers/'))
        expect({ fn: spec.name, table: modules.has('lambdas/routes.ts') }).toEqual({ fn: spec.name, table: false });
    }
  });

  it('loads in a fresh process outside the repository, like a cold start in /var/task', async () => {
    const failures: string[] = [];
    const queue = [...specs];
    await Promise.all(
      [0, 1].map(async () => {
        for (let spec = queue.shift(); spec; spec = queue.shift()) {
          const file = built.get(spec.name)!.file;
          try {
            const out = await node(
              `const m = await import(${JSON.stringify(`file://${file}`)}); console.log(typeof m.handler);`,
              path.dirname(file),
            );
            if (out !== 'function') failures.push(`${spec.name}: handler is ${out}`);
          } catch (error) {
            failures.push(
              `${spec.name}: ${
                String((error as { stderr?: string }).stderr ?? error)
                  .split('\n')
                  .find((l) => /^[A-Za-z]*Error\b/.test(l.trim()))
                  ?.slice(0, 300) ?? 'failed to load'
              }`,
            );
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers a catalogue read against the twin with credentials from the environment only', async () => {
    const spec = specs.find((s) => s.name === 'handlers/products/list')!;
    const file = built.get(spec.name)!.file;
    const env = twin().env;
    const event = {
      version: '2.0',
      routeKey: 'GET /api/products',
      rawPath: '/api/products',
      rawQueryString: '',
      headers: { [ORIGIN_HEADER]: twin().originSecret },
      requestContext: {
        http: { method: 'GET', path: '/api/products', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
        requestId: 'bundle-test',
        routeKey: 'GET /api/products',
        stage: '$default',
        timeEpoch: Date.now(),
      },
      isBase64Encoded: false,
    };
    const context = {
      functionName: 'products-list',
      functionVersion: '$LATEST',
      invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:products-list',
      memoryLimitInMB: '512',
      awsRequestId: 'bundle-test',
      logGroupName: 'local',
      logStreamName: 'local',
    };
    const script = `
      const { handler } = await import(${JSON.stringify(`file://${file}`)});
      const context = { ...${JSON.stringify(context)}, getRemainingTimeInMillis: () => 10000 };
      const answer = await handler(${JSON.stringify(event)}, context);
      console.log(JSON.stringify(answer));`;
    const answer = JSON.parse(await node(script, path.dirname(file), { ...env })) as {
      statusCode: number;
      body: string;
      headers: Record<string, string>;
    };
    expect(answer.statusCode).toBe(200);
    // The cache lifetime of its row, which the bundle has from the stack's define, not from the table.
    const row = routes.find((r) => r.handler === 'products/list')!;
    expect(answer.headers['cache-control']).toContain(`s-maxage=${row.cacheSeconds}`);
    const products = (JSON.parse(answer.body) as { products: { id: string; priceCents: number }[] }).products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => Number.isInteger(p.priceCents))).toBe(true);
  }, 60_000);
});
