/**
 * The mail room (`infra/common/mail/`): one file per template under `templates/`, named by its id.
 * That every id has exactly one source, in order, the compiler checks in `index.ts`; this checks the
 * names, so a template is found where its id says.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_IDS } from '#lambdas/contracts/mail-templates.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';
import type { MailTemplateFile } from '#infra/common/mail/parts.ts';

const TEMPLATES = join(REPO_ROOT, 'infra/common/mail/templates');

describe('the mail room', () => {
  it('holds one file per template id, and nothing else', () => {
    expect(readdirSync(TEMPLATES).sort()).toEqual(MAIL_TEMPLATE_IDS.map((id) => `${id}.ts`).sort());
  });

  it.each(MAIL_TEMPLATE_IDS)('%s.ts is the source of %s', async (id) => {
    const files = Object.values(await import(join(TEMPLATES, `${id}.ts`))) as MailTemplateFile[];
    expect(files.map((file) => file.id)).toEqual([id]);
  });
});
