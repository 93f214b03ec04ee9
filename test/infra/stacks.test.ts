/**
 * Stacks with room to grow (docs/design.md §32): no template above 300 resources (CloudFormation allows
 * 500), with today's route table and with 50 more rows, all public or all admin. The rows live in
 * route shards (nested stacks, `infra/cloud/api.ts`); the shop's own stack keeps the data with their
 * logical ids, so an existing deployment's tables and buckets are never replaced.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '#lambdas/routes.ts';
import { ROUTE_SHARDS, routeShard } from '#infra/cloud/api.ts';
import { makeHandlers, removeScratch, stackTemplates, synthShop, SYNTH_TIMEOUT_MS, type Synthesized } from './support.ts';

const LIMIT = 300;
const MORE = 50;

/** 50 rows more, of one access, each with a table grant (7 resources a row, as the real ones). */
function moreRows(access: Route['access']): Route[] {
  return Array.from(
    { length: MORE },
    (_, index) =>
      ({
        method: 'POST',
        path: `/api/${access === 'admin' ? 'admin/' : ''}more-${index}/{id}`,
        handler: `more/${access}-${index}`,
        access,
        grants: [{ table: 'products', access: 'read' }],
      }) as Route,
  );
}

const counts = (s: Synthesized) =>
  Object.fromEntries(Object.entries(stackTemplates(s.assemblyDir)).map(([file, t]) => [file, Object.keys(t.Resources).length]));

let today: Synthesized;
const grown: Partial<Record<Route['access'], Synthesized>> = {};
let handlersDir: string | undefined;
beforeAll(() => {
  today = synthShop();
  const extra = [...moreRows('public'), ...moreRows('admin')];
  handlersDir = makeHandlers([...routes, ...extra].map((route) => route.handler));
  for (const access of ['public', 'admin'] as const) grown[access] = synthShop({ routes: [...routes, ...moreRows(access)], handlersDir });
}, SYNTH_TIMEOUT_MS * 3);
afterAll(() => {
  removeScratch();
  if (handlersDir) fs.rmSync(handlersDir, { recursive: true, force: true });
});

describe('resource counts per template', () => {
  it(`today: every template at most ${LIMIT} resources, the rows in ${ROUTE_SHARDS.public + ROUTE_SHARDS.admin} route shards`, () => {
    const byFile = counts(today);
    console.log('resources per template, today:', byFile);
    expect(Object.keys(byFile).filter((file) => file.endsWith('.nested.template.json'))).toHaveLength(
      ROUTE_SHARDS.public + ROUTE_SHARDS.admin,
    );
    for (const [file, count] of Object.entries(byFile)) expect(count, file).toBeLessThanOrEqual(LIMIT);
  });

  it.each(['public', 'admin'] as const)(
    `with ${MORE} more %s rows, still at most ${LIMIT} per template, the shop's own stack unchanged in size`,
    (access) => {
      const byFile = counts(grown[access]!);
      console.log(`resources per template, ${MORE} more ${access} rows:`, byFile);
      for (const [file, count] of Object.entries(byFile)) expect(count, file).toBeLessThanOrEqual(LIMIT);
      expect(counts(grown[access]!)['JoiasInox-test.template.json']).toBe(counts(today)['JoiasInox-test.template.json']);
    },
  );
});

describe('route shards', () => {
  it('a row keeps its shard when rows are added: the shard is a hash of its own route key only', () => {
    for (const route of routes) expect(routeShard(route)).toBe(routeShard({ ...route }));
    const before = new Map(routes.map((route) => [`${route.method} ${route.path}`, routeShard(route)]));
    for (const route of [...moreRows('admin'), ...routes]) {
      const key = `${route.method} ${route.path}`;
      if (before.has(key)) expect(routeShard(route), key).toBe(before.get(key));
    }
  });

  it("the data keep their logical ids in the shop's own stack (an existing deployment's tables and buckets stay)", () => {
    const rootIds = Object.keys(JSON.parse(fs.readFileSync(`${today.assemblyDir}/JoiasInox-test.template.json`, 'utf8')).Resources);
    for (const table of Object.values(today.stack.data.tables)) expect(rootIds).toContain(today.logicalId(table));
    for (const bucket of Object.values(today.stack.data.buckets)) expect(rootIds).toContain(today.logicalId(bucket));
    expect(rootIds).toContain(today.logicalId(today.stack.auth.userPool));
    expect(rootIds.some((id) => id.startsWith('DataProductsTable'))).toBe(true);
  });
});
