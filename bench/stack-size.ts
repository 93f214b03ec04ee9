/**
 * Resources per CloudFormation template of the shop (docs/design.md §32): every template under
 * 300 (CloudFormation allows 500), today and with 50 more routes, is asserted by
 * `test/infra/stacks.test.ts`; this prints today's figures for `npm run bench`. Run by bench/run.ts as
 * a process of its own (`tsx bench/stack-size.ts <out.json>`): it synthesizes the app as the tests do.
 */
import { writeFile } from 'node:fs/promises';
import { removeScratch, stackTemplates, synthShop } from '#test/infra/support.ts';

export interface StackSizeFigures {
  /** Resources of each template, largest first (the shop stack, the mail stack, the route shards). */
  readonly templates: readonly { readonly template: string; readonly resources: number }[];
  readonly total: number;
}

export function stackSizes(): StackSizeFigures {
  try {
    const synthesized = synthShop();
    const templates = Object.entries(stackTemplates(synthesized.assemblyDir))
      .map(([template, json]) => ({ template: template.replace(/\.template\.json$/, ''), resources: Object.keys(json.Resources).length }))
      .sort((a, b) => b.resources - a.resources);
    return { templates, total: templates.reduce((sum, t) => sum + t.resources, 0) };
  } finally {
    removeScratch();
  }
}

if (process.argv[2]) await writeFile(process.argv[2], JSON.stringify(stackSizes()));
