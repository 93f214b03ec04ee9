/**
 * A clean clone has no `web/dist` and no `web/dist-ssr`: `cdk ls` and `cdk bootstrap`, which
 * run the app without bundling, must work before anything is built, in the order the operations guide
 * gives; `cdk synth`/`deploy`, which bundle, must refuse a shop without its build and say what to run.
 * The first tests build the stack as the CDK CLI would with the build directories pointed elsewhere; the
 * last runs the app itself, as `cdk ls -c region=eu-south-2` does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';
import { mailStackName, stackName } from '#infra/common/naming.ts';
import { openViolations, removeScratch, synthShop, SYNTH_TIMEOUT_MS } from './support.ts';

afterAll(removeScratch);

const nowhere = path.join(os.tmpdir(), 'joias-no-build-here');
const unbuilt = { webDistDir: path.join(nowhere, 'dist'), rendererDistDir: path.join(nowhere, 'dist-ssr') };

describe('without the shop build', () => {
  it(
    'synthesizes when nothing is bundled (cdk ls, cdk bootstrap): the whole shop but the site upload, with a note',
    () => {
      const shop = synthShop(unbuilt);
      const types = Object.values(shop.json.Resources).map((r) => r.Type);
      expect(types).not.toContain('Custom::CDKBucketDeployment');
      expect(types).toContain('AWS::CloudFront::Distribution');
      expect(types.filter((type) => type === 'AWS::Lambda::Function').length).toBeGreaterThan(40);
      const notes = shop.stack.node.metadata.filter((entry) => entry.type === 'aws:cdk:info').map((entry) => String(entry.data));
      expect(notes.some((note) => note.includes('No shop build'))).toBe(true);
      expect(openViolations(shop.report)).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'refuses when the functions are bundled (cdk synth, deploy, diff), before bundling any, naming what is missing and the command',
    () => {
      const started = Date.now();
      expect(() => synthShop({ ...unbuilt, bundling: true })).toThrow(
        /The shop is not built \(missing .*dist\/index\.html, .*dist-ssr\/render-page\.js\): run `npm run build:web` first/,
      );
      // No function was bundled: esbuild over 40-odd functions takes far longer.
      expect(Date.now() - started).toBeLessThan(20_000);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'the app lists its stacks with no build, Madrid with its mail stack in Ireland and the edge in us-east-1 deployed first',
    () => {
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'joias-cdk-ls-'));
      try {
        execFileSync(
          process.execPath,
          [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(REPO_ROOT, 'infra', 'cloud', 'app.ts')],
          {
            cwd: REPO_ROOT,
            env: {
              ...process.env,
              CDK_OUTDIR: outdir,
              // What `cdk ls -c region=eu-south-2` hands the app: no bundling; and no build where it looks.
              CDK_CONTEXT_JSON: JSON.stringify({
                'aws:cdk:bundling-stacks': [],
                region: 'eu-south-2',
                stage: 'prod',
                webDistDir: unbuilt.webDistDir,
              }),
            },
            stdio: 'pipe',
          },
        );
        const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as {
          artifacts: Record<string, { type: string; environment?: string; dependencies?: string[] }>;
        };
        const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack');
        const regionOf = Object.fromEntries(stacks.map(([name, a]) => [name, a.environment!.split('/').pop()]));
        // The default edge (edgePlan=free): the web ACL in us-east-1 before the shop, its plan and
        // CloudFront's log delivery (a log source CloudFront accepts only in us-east-1) after.
        expect(regionOf).toEqual({
          [`${stackName('prod')}-Waf`]: 'us-east-1',
          [stackName('prod')]: 'eu-south-2',
          [mailStackName('prod')]: 'eu-west-1',
          [`${stackName('prod')}-Plan`]: 'us-east-1',
          [`${stackName('prod')}-EdgeLogs`]: 'us-east-1',
        });
        expect(manifest.artifacts[stackName('prod')]!.dependencies).toEqual(
          expect.arrayContaining([mailStackName('prod'), `${stackName('prod')}-Waf`]),
        );
        expect(manifest.artifacts[`${stackName('prod')}-Plan`]!.dependencies).toContain(stackName('prod'));
        expect(manifest.artifacts[`${stackName('prod')}-EdgeLogs`]!.dependencies).toContain(stackName('prod'));
      } finally {
        fs.rmSync(outdir, { recursive: true, force: true });
      }
    },
    SYNTH_TIMEOUT_MS * 2,
  );
});
