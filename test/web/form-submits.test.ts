/**
 * Every form of the web app's features that sends something goes through `useFormSubmit`
 * (`web/src/lib/use-submit.ts`): its `<form onSubmit>` is a form submit's `onSubmit` (`form.onSubmit`,
 * `step.onSubmit`, or an `onSubmit` a hook of the feature returns), and the feature calls
 * `useFormSubmit`. The forms that send nothing (a search, the shop's filters, a range of dates: they
 * only change the page's query) are named here, each with what it does instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

const FEATURES = join(REPO_ROOT, 'web/src/features');

/** Forms that send nothing, by file: they turn what was typed into the page's query or filters. */
const NOT_SENDING: Readonly<Record<string, string>> = {
  'catalog/filter-panel.tsx': "the shop's filters: the list's query",
  'catalog/search-page.tsx': 'the search box: the search page',
  'orders/order-filters.tsx': "the orders' search: the list's query",
  'products/products-page.tsx': "the products' search: filters as typed",
  'sales/sales-page.tsx': 'the range of days: the figures shown',
};

/** The `onSubmit={…}` handler of each `<form` in `source` (its text between the braces). */
function formHandlers(source: string): string[] {
  const handlers: string[] = [];
  for (const match of source.matchAll(/<form\b/g)) {
    const rest = source.slice(match.index);
    // The form's opening tag ends at the first `>` not inside braces.
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      const c = rest[end];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    const tag = rest.slice(0, end);
    const at = tag.indexOf('onSubmit={');
    if (at < 0) continue;
    let open = 0;
    let i = at + 'onSubmit='.length;
    const start = i + 1;
    for (; i < tag.length; i++) {
      if (tag[i] === '{') open++;
      else if (tag[i] === '}' && --open === 0) break;
    }
    handlers.push(tag.slice(start, i).trim());
  }
  return handlers;
}

/**
 * A handler that is a form submit's own: `onSubmit` or a property chain ending in `.onSubmit`, or a
 * function that passes its event on to one (`(event) => void form.onSubmit(event)`).
 */
function isFormSubmit(handler: string): boolean {
  return /^(?:[A-Za-z_$][\w$]*\.)*onSubmit$/.test(handler) || /^\((\w+)\) =>[^]*\b[\w$]+\.onSubmit\(\1\)/.test(handler);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('forms send through useFormSubmit', () => {
  const files = sources(FEATURES);

  it('each <form onSubmit> in web/src/features is a form submit, or a form that sends nothing', () => {
    const offenders: string[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const name = relative(FEATURES, file);
      for (const handler of formHandlers(readFileSync(file, 'utf8'))) {
        if (name in NOT_SENDING) seen.add(name);
        else if (!isFormSubmit(handler)) offenders.push(`${name}: onSubmit={${handler.split('\n')[0]}}`);
      }
    }
    expect(offenders).toEqual([]);
    // The list names only forms that still exist.
    expect([...seen].sort()).toEqual(Object.keys(NOT_SENDING).sort());
  });

  it('each feature with such a form calls useFormSubmit', () => {
    const byFeature = new Map<string, string[]>();
    for (const file of files) {
      const feature = relative(FEATURES, file).split('/')[0]!;
      byFeature.set(feature, [...(byFeature.get(feature) ?? []), readFileSync(file, 'utf8')]);
    }
    const missing = [...byFeature]
      .filter(([, texts]) => {
        const sends = texts.some((text) => formHandlers(text).some(isFormSubmit));
        return sends && !texts.some((text) => text.includes('useFormSubmit('));
      })
      .map(([feature]) => feature);
    expect(missing).toEqual([]);
  });

  it('reads a handler as the linted text gives it', () => {
    expect(formHandlers('<form ref={form.formRef} onSubmit={form.onSubmit} noValidate>')).toEqual(['form.onSubmit']);
    expect(formHandlers('<form className="x" onSubmit={(e) => { e.preventDefault(); go(); }}>')).toEqual([
      '(e) => { e.preventDefault(); go(); }',
    ]);
    expect(formHandlers('<form className="x">')).toEqual([]);
    expect(isFormSubmit('change.form.onSubmit')).toBe(true);
    expect(isFormSubmit('onSubmit')).toBe(true);
    expect(isFormSubmit('save')).toBe(false);
    expect(isFormSubmit('(event) => void form.onSubmit(event)')).toBe(true);
    expect(isFormSubmit('(event) => { note(); void form.onSubmit(event); }')).toBe(true);
    expect(isFormSubmit('(event) => { event.preventDefault(); save(); }')).toBe(false);
  });
});
