/**
 * European Portuguese in one voice: every text a customer or the owner reads in
 * `shared/`, `web/src` and the mail templates says "tu", "stock", "carregar/enviar o comprovativo",
 * "e-mail", "MB WAY", "Anéis". The test reads every string literal, template text and JSX text of
 * those files (not identifiers or comments) and fails on a Brazilian, English or formal form; the
 * allow-list names the few strings that are code (a route, a key), not words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

/** Forms a Portuguese customer would notice, with what to write instead. */
export const FORBIDDEN: readonly (readonly [pattern: RegExp, instead: string])[] = [
  [/\bestoque\b/i, 'stock'],
  [/\b(?:fazer|faça|faz|fizer) upload\b|\buploads?\b(?! ?[/.])/i, 'carregar/enviar o comprovativo'],
  [/\bEmail\b/, 'e-mail'],
  // In a sentence (a text with a space): a field name or a key alone is code.
  [/^(?=[^]*\s)[^]*(?<![-.@/#{])\bemails?\b(?![-.@/}])/, 'e-mail'],
  [/\bMBWay\b|\bMB Way\b|\bMbway\b/, 'MB WAY'],
  [/\bAneis\b/, 'Anéis'],
  [/©\s*\d{4}\s*[-–]\s*\d{4}/, 'o ano corrente, calculado'],
  [/\bfica atento\b/, 'Fica atento (frase nova, maiúscula)'],
  [/\b(?:você|vocês|celular|cadastr\w*|usuári[oa]s?|arquivo|contato|equipe|registrad[oa]s?|registrar)\b/i, 'português europeu'],
  [
    /\b(?:preencha|faça|tente|verifique|clique (?:em|aqui|no|na)|selecione|insira|contacte|aguarde|digite|utilize|escreva|introduza)\b/i,
    'tu: preenche, faz, tenta…',
  ],
  [/\baceite (?:os|as|o|a)\b/i, 'tu: aceita'],
  [/(?:^|[.!?]\s+|, )(?:Escolha|Indique|Envie|Volte|Confirme|Leia|Consulte)\b/, 'tu: escolhe, indica, envia…'],
  [/\b(?:Loading|Please|Thank you|Submit|Sorry)\b/, 'português'],
  [/Obrigad[oa]\b[^]*\bObrigad[oa]\b/i, 'um só «Obrigado»'],
];

/** Strings that are code, not words (file: the exact text). */
const ALLOWED: readonly string[] = [
  // Developers' messages (the console, an Error's text), never shown.
  'web/src/features/my-order/proof-upload.tsx: Proof upload failed',
  'web/src/lib/presigned-upload.ts: Upload aborted',
  'web/src/lib/presigned-upload.ts: upload failed with status ',
  // A test id.
  'web/src/features/my-order/proof-upload.tsx: proof-upload',
];

const ROOTS = ['shared', 'web/src', 'infra/common/mail'];

function sourceFiles(path: string): string[] {
  const full = join(REPO_ROOT, path);
  if (/\.tsx?$/.test(path)) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(path, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(full, entry.name)]
        : [],
  );
}

/** Every text of a file: string literals, template texts, JSX text. */
function texts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // An import's module name is code.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      found.push(node.text);
    else if (ts.isJsxText(node) && node.text.trim()) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ROOTS.flatMap(sourceFiles);
/** Every text, as `file: text`. */
const all = files.flatMap((file) => texts(file).map((text) => ({ text, where: `${relative(REPO_ROOT, file)}: ${text}` })));

describe('one voice: European Portuguese, "tu"', () => {
  it('reads the files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN.map(([pattern, instead]) => [String(pattern), pattern, instead] as const))(
    'no text says %s',
    (_name, pattern, instead) => {
      const hits = all.filter(({ text, where }) => pattern.test(text) && !ALLOWED.includes(where)).map(({ where }) => where);
      expect(hits, `write «${instead}»`).toEqual([]);
    },
  );
});
