/**
 * The mail templates a twin creates, rendered once and kept under `.cache/mail-templates/`: rendering
 * the MJML (and loading mjml) took about 0.5 CPU-seconds of every twin's start, and a CI run starts
 * about 34 twins (docs/testing.md#ci). Kept by a hash of everything the rendering reads (each
 * template's MJML, subject and text, the renderer's own source, the locked dependencies), so a change to
 * any of them renders again, checked as strictly as before (`mail/render.ts`).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAIL_TEMPLATE_IDS } from '#lambdas/contracts/mail-templates.ts';
import type { RenderedMailTemplates } from '../common/mail/render.ts';
import { mailTemplateSources } from '../common/mail/index.ts';
import { mailLayout, textLayout } from '../common/mail/layout.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

const CACHE_DIR = join(REPO_ROOT, '.cache', 'mail-templates');

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', 'infra/common/mail/render.ts']) hash.update(await readFile(join(REPO_ROOT, file)));
  for (const id of MAIL_TEMPLATE_IDS) {
    const source = mailTemplateSources[id];
    hash.update(JSON.stringify([id, source.subject, mailLayout(source), textLayout(source)]));
  }
  return hash.digest('hex').slice(0, 24);
}

/** Every mail template rendered (`renderMailTemplates`), from the cache when its inputs have not changed. */
export async function cachedMailTemplates(): Promise<RenderedMailTemplates> {
  const file = join(CACHE_DIR, `${await inputsHash()}.json`);
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as RenderedMailTemplates;
  const { renderMailTemplates } = await import('../common/mail/render.ts');
  const rendered = await renderMailTemplates();
  // Written whole under a name of its own, then renamed: a twin starting meanwhile never reads half of it.
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}-${Date.now()}.partial`;
  await writeFile(partial, JSON.stringify(rendered));
  await rename(partial, file);
  return rendered;
}
