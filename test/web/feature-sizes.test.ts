/**
 * No feature folder of the web app holds over 2 500 lines of source (its .ts and .tsx files, as
 * Prettier formats them): a feature is one idea, and one that grows past this is split by idea into
 * features of their own, what they share going to `web/src/lib`, `web/src/ui` or `shared/`
 * (docs/layout.md "House rules").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const FEATURES = join(REPO_ROOT, 'web/src/features');
const MAX_LINES = 2_500;

/** The lines of the .ts and .tsx files under `dir`. */
function linesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .reduce((sum, entry) => sum + readFileSync(join(entry.parentPath, entry.name), 'utf8').split('\n').length - 1, 0);
}

describe('feature folders', () => {
  it(`hold at most ${MAX_LINES} lines of source each`, () => {
    const features = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(features.length).toBeGreaterThan(5);
    const over = features
      .map((entry) => [entry.name, linesUnder(join(FEATURES, entry.name))] as const)
      .filter(([, lines]) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
