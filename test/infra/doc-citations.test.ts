/**
 * Comments point somewhere: every rule a source file cites (`docs/design.md §N`) is a heading
 * `### §N` of a guide under docs/, and every repository path a comment names (`lambdas/…`,
 * `web/src/…`, `docs/….md`, …) exists. A rule renumbered, a guide split or a file moved without its
 * citations fails here, not in a reader's head.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

/** The tracked source files whose comments are read. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', 'lambdas', 'web/src', 'web/vite.config.ts', 'shared', 'infra', 'test', 'bench'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx|mts|mjs|cjs|js)$/.test(file) && existsSync(path.join(REPO_ROOT, file)));
}

/** The comments of a source text (block and line comments; a `//` inside a string counts too: harmless here). */
export function commentsOf(source: string): string[] {
  return source.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? [];
}

/** The rule numbers the guides define: `### §N …` headings. */
function definedRules(): Set<number> {
  const docs = readdirSync(path.join(REPO_ROOT, 'docs')).filter((file) => file.endsWith('.md'));
  const rules = new Set<number>();
  for (const doc of docs) {
    for (const match of readFileSync(path.join(REPO_ROOT, 'docs', doc), 'utf8').matchAll(/^#{2,4} §(\d+) /gm)) rules.add(Number(match[1]));
  }
  return rules;
}

/** `§N` cited in a text (ranges `§27–§33` cite both ends). */
export function citedRules(text: string): number[] {
  return [...text.matchAll(/§(\d+)/g)].map((match) => Number(match[1]));
}

/** What a build or a run makes (`.gitignore`): named in comments, absent from a clean checkout. */
const MADE = /^(web\/dist|web\/dist-ssr|bench\/results)\//;

/** Repository paths named in a text: a top-level folder of the repository, then a file with an extension. */
export function citedPaths(text: string): string[] {
  const found =
    text.match(
      /(?<![\w./#@-])(?:lambdas|web|shared|infra|test|bench|docs)\/[\w./-]*\w\.(?:ts|tsx|mjs|cjs|js|md|json|css|html)\b(?![\w/*{$-])/g,
    ) ?? [];
  return found;
}

describe('citations in comments', () => {
  const files = sourceFiles();
  const comments = files.map((file) => ({ file, text: commentsOf(readFileSync(path.join(REPO_ROOT, file), 'utf8')).join('\n') }));

  it('cite only rules the guides define', () => {
    const rules = definedRules();
    expect(rules.size).toBeGreaterThan(30);
    const unknown = comments.flatMap(({ file, text }) =>
      citedRules(text)
        .filter((rule) => !rules.has(rule))
        .map((rule) => `${file}: §${rule}`),
    );
    expect(unknown).toEqual([]);
  });

  it('name only files that exist', () => {
    const missing = comments.flatMap(({ file, text }) =>
      citedPaths(text)
        .filter((cited) => !MADE.test(cited) && !existsSync(path.join(REPO_ROOT, cited)))
        .map((cited) => `${file}: ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('can fail: an unknown rule and a missing file are found', () => {
    // Built from pieces, so this file's own source holds no such comment.
    const planted = `/${'*'}* See docs/design.md §${99} and lambdas/services/${'no-such-file'}.ts. *${'/'}`;
    const text = commentsOf(planted).join('\n');
    expect(citedRules(text)).toEqual([99]);
    expect(definedRules().has(99)).toBe(false);
    expect(citedPaths(text).filter((cited) => !existsSync(path.join(REPO_ROOT, cited)))).toEqual(['lambdas/services/no-such-file.ts']);
  });
});
