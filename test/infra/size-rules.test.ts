/**
 * The size of one idea (README, house rules): `npm run lint` refuses a source file over 400 lines and
 * a function over 80, outside tests, benchmarks and message catalogues; and an import that climbs
 * more than two levels, and in the web app any import that climbs out of its folder (or, in a feature,
 * reaches its own room by `#web/features/…`); and a line over 140 characters outside message catalogues
 * and test fixtures. Linted as text under the paths they would have, with the repository's own ESLint
 * config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** A module of one exported function `functionLines` lines long, padded to `fileLines` lines in all. */
function moduleText(functionLines: number, fileLines = functionLines + 2): string {
  const body = Array.from({ length: functionLines - 4 }, (_, i) => `  total += ${i};`);
  const fn = ['export function long(): number {', '  let total = 0;', ...body, '  return total;', '}'];
  const padding = Array.from({ length: Math.max(0, fileLines - fn.length) }, (_, i) => `export const c${i} = ${i};`);
  return [...fn, ...padding].join('\n') + '\n';
}

async function sizeRulesBroken(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? '').filter((id) => id.startsWith('max-lines'));
}

describe('size rules', () => {
  it('refuse a function over 80 lines and a file over 400 in the code', async () => {
    expect(await sizeRulesBroken('lambdas/services/planted.ts', moduleText(80))).toEqual([]);
    expect(await sizeRulesBroken('lambdas/services/planted.ts', moduleText(81))).toEqual(['max-lines-per-function']);
    expect(await sizeRulesBroken('web/src/features/catalog/planted.tsx', moduleText(20, 401))).toEqual(['max-lines']);
    expect(await sizeRulesBroken('infra/twin/planted.ts', moduleText(90, 410))).toEqual(['max-lines-per-function', 'max-lines']);
  }, 60_000);

  it('leave tests, benchmarks and message catalogues long', async () => {
    expect(await sizeRulesBroken('test/lambdas/planted.test.ts', moduleText(200, 600))).toEqual([]);
    expect(await sizeRulesBroken('bench/planted.ts', moduleText(200, 600))).toEqual([]);
    expect(await sizeRulesBroken('shared/messages/planted.ts', moduleText(20, 600))).toEqual([]);
  }, 60_000);
});

describe('line length', () => {
  const lengthRule = async (file: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, file) });
    return result!.messages.map((m) => m.ruleId).filter((id) => id === 'max-len');
  };
  /** A module of one line `length` characters long. */
  const lineOf = (length: number) => `export const s = '${'x'.repeat(length - 20)}';\n`;
  const comment = `// ${'a word '.repeat(20)}\n`;

  it('refuses a line over 140 characters in code, a page and a test, comments too; allows 140', async () => {
    expect(lineOf(141).length).toBe(142);
    expect(await lengthRule('lambdas/services/planted.ts', lineOf(140))).toEqual([]);
    expect(await lengthRule('lambdas/services/planted.ts', lineOf(141))).toEqual(['max-len']);
    expect(await lengthRule('web/src/features/pages/planted.tsx', lineOf(141))).toEqual(['max-len']);
    expect(await lengthRule('test/lambdas/planted.test.ts', lineOf(141))).toEqual(['max-len']);
    expect(await lengthRule('infra/twin/planted.ts', comment)).toEqual(['max-len']);
  }, 60_000);

  it("leaves a line with a URL, JSX prose ending in {' '}, message catalogues and test fixtures long", async () => {
    expect(await lengthRule('infra/twin/planted.ts', `// https://example.com/${'a'.repeat(140)}\n`)).toEqual([]);
    const prose = `export const p = (\n  <p>\n    ${'Palavra '.repeat(18)}{' '}\n    <b>fim</b>\n  </p>\n);\n`;
    expect(await lengthRule('web/src/features/pages/planted.tsx', prose)).toEqual([]);
    expect(await lengthRule('web/src/features/pages/planted.tsx', prose.replace("{' '}", ''))).toEqual(['max-len']);
    expect(await lengthRule('shared/messages/planted.ts', lineOf(300))).toEqual([]);
    expect(await lengthRule('web/src/lib/admin/planted-texts.ts', lineOf(300))).toEqual([]);
    expect(await lengthRule('test/lambdas/fixtures/planted.ts', lineOf(300))).toEqual([]);
  }, 60_000);
});

describe('import depth', () => {
  it('refuses an import that climbs three levels, allows two and the subpath aliases', async () => {
    const rules = async (file: string, text: string) => {
      const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, file) });
      return result!.messages.map((m) => m.ruleId);
    };
    expect(
      await rules(
        'infra/ops/preflight/checks/planted.ts',
        "import { stackName } from '../../../common/naming.ts';\nexport const s = stackName;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await rules('infra/ops/preflight/planted.ts', "import { stackName } from '../../common/naming.ts';\nexport const s = stackName;\n"),
    ).toEqual([]);
    expect(
      await rules(
        'infra/ops/preflight/checks/planted.ts',
        "import { stackName } from '#infra/common/naming.ts';\nexport const s = stackName;\n",
      ),
    ).toEqual([]);
  }, 60_000);
});

describe("the web app's one import style", () => {
  const rules = async (file: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, file) });
    return result!.messages.map((m) => m.ruleId);
  };
  const importing = (from: string) => `import { api } from '${from}';\nexport const a = api;\n`;

  it('refuses, in a feature, a relative import that leaves its folder, however it is spelt', async () => {
    for (const from of ['../../lib/api.ts', '../lib/api.ts', './../../lib/api.ts', '../../ui/field.tsx', '../cart/cart-page.tsx']) {
      expect(await rules('web/src/features/checkout/planted.ts', importing(from)), from).toContain('no-restricted-imports');
    }
    expect(await rules('web/src/features/checkout/planted.ts', "export { api } from '../../lib/api.ts';\n")).toContain(
      'no-restricted-imports',
    );
  }, 60_000);

  it('refuses a feature reaching its own room by #web/features/…, and climbing anywhere else in web/src', async () => {
    expect(await rules('web/src/features/checkout/planted.ts', importing('#web/features/checkout/ask-again.ts'))).toContain(
      'no-restricted-imports',
    );
    expect(await rules('web/src/ui/planted.ts', importing('../lib/api.ts'))).toContain('no-restricted-imports');
  }, 60_000);

  it('allows its own folder by a relative path, and lib/, ui/ and shared/ by their aliases', async () => {
    for (const from of ['./ask-again.ts', '#web/lib/api.ts', '#web/ui/field.tsx', '#shared/paths.ts']) {
      expect(await rules('web/src/features/checkout/planted.ts', importing(from)), from).toEqual([]);
    }
    expect(await rules('web/src/app/admin/planted.ts', importing('#web/features/orders/orders-page.tsx'))).toEqual([]);
  }, 60_000);
});
