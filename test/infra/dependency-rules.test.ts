/**
 * The house rules of `.dependency-cruiser.cjs` can fire (docs/design.md, house layout): imports that
 * break them are planted in the real folders for the length of one `depcruise` run with the lint's
 * own config, and each must be reported under its rule's name (and make the run fail, as it makes
 * `npm run lint` fail). A rule about packages is dead when `node_modules` is excluded rather than
 * not followed; this test is what notices.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const run = promisify(execFile);
const tag = randomBytes(4).toString('hex');

/** Each planted file (relative to the repository), what it imports, and the rule that must catch it. */
const PLANTED = [
  {
    file: `lambdas/services/planted-${tag}.ts`,
    source: "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
    rule: 'sdk-only-in-repositories',
  },
  {
    file: `shared/planted-${tag}.ts`,
    source: "import { renderToString } from 'react-dom/server';\nexport const r = renderToString;\n",
    rule: 'shared-stands-alone',
  },
  { file: `infra/twin/planted-${tag}.ts`, source: "import { App } from 'aws-cdk-lib';\nexport const a = App;\n", rule: 'twin-without-cdk' },
  {
    file: `infra/ops/planted-${tag}.ts`,
    source: "import { startTwin } from '../twin/twin.ts';\nexport const s = startTwin;\n",
    rule: 'ops-without-twin-or-cdk',
  },
  {
    file: `infra/common/planted-${tag}.ts`,
    source: "import { Stack } from 'aws-cdk-lib';\nexport const s = Stack;\n",
    rule: 'common-stands-alone',
  },
  {
    file: `infra/cloud/planted-${tag}.ts`,
    source: "import { startTwin } from '#infra/twin/twin.ts';\nexport const s = startTwin;\n",
    rule: 'nothing-imports-the-twin',
  },
  {
    file: `web/src/features/orders/planted-${tag}.ts`,
    source: "import { valuesOf } from '../products/product-values.ts';\nexport const v = valuesOf;\n",
    rule: 'no-feature-imports-another',
  },
  {
    file: `web/src/features/products/planted-${tag}.ts`,
    source: "import { AdminLayout } from '#web/app/admin/admin-layout.tsx';\nexport const l = AdminLayout;\n",
    rule: 'features-not-app',
  },
  {
    file: `web/src/ui/planted-${tag}.ts`,
    source: "import { LoginPage } from '../features/sign-in/login-page.tsx';\nexport const l = LoginPage;\n",
    rule: 'lib-and-ui-not-features',
  },
  {
    file: `web/src/lib/planted-${tag}.ts`,
    source: "import { CartPage } from '#web/features/cart/cart-page.tsx';\nexport const c = CartPage;\n",
    rule: 'lib-and-ui-not-features',
  },
] as const;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const removePlanted = () => Promise.all(PLANTED.map(({ file }) => rm(path.join(REPO_ROOT, file), { force: true })));
afterAll(removePlanted);

/** `depcruise` with the lint's config over `files` (the lint's own output, or JSON). */
function depcruise(files: readonly string[], outputType?: 'json') {
  const bin = path.join(REPO_ROOT, 'node_modules', '.bin', 'depcruise');
  const args = ['--config', '.dependency-cruiser.cjs', ...(outputType ? ['--output-type', outputType] : []), ...files];
  return run(bin, args, { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
}

describe('dependency rules', () => {
  it('catch every planted import, packages included, and fail the lint', async () => {
    await Promise.all(PLANTED.map(({ file, source }) => writeFile(path.join(REPO_ROOT, file), source)));
    try {
      const files = PLANTED.map(({ file }) => file);
      const [lint, report] = await Promise.all([
        depcruise(files).then(
          () => 'passed',
          () => 'failed',
        ),
        depcruise(files, 'json').then(({ stdout }) => JSON.parse(stdout) as { summary: { violations: Violation[] } }),
      ]);
      expect(lint, 'the lint run must fail').toBe('failed');
      for (const { file, rule } of PLANTED) {
        expect(
          report.summary.violations.some((v) => v.from === file && v.rule.name === rule),
          `${file} → ${rule}`,
        ).toBe(true);
      }
    } finally {
      await removePlanted();
    }
  }, 60_000);

  it('leave shared/ its named packages (zod, ibantools)', async () => {
    const { stdout } = await depcruise(['shared'], 'json');
    const report = JSON.parse(stdout) as { summary: { violations: Violation[] }; modules: { source: string }[] };
    expect(report.summary.violations).toEqual([]);
    expect(report.modules.some((m) => m.source.startsWith('node_modules/ibantools/'))).toBe(true);
  }, 60_000);
});
