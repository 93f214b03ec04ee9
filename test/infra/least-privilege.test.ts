/**
 * Least privilege, proven on the synthesized template for every row of the route table and every
 * scheduled job: a function's
 * role names no table, bucket or mail resource its row does not grant, has no action wildcard, no
 * `Resource: *` (but for `ses:GetAccount` alone, which IAM gives no resource, with the `sesAccount` grant),
 * and reaches a table only through its ARN and the indexes the data model declares (never `table/*` or `index/*`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, photoProcessing } from '#lambdas/jobs.ts';
import { routes } from '#lambdas/routes.ts';
import type { Grant } from '#lambdas/route-grants.ts';
import { routeKeyOf } from '#infra/cloud/api.ts';
import { buckets, tables, type BucketKey, type TableKey } from '#lambdas/contracts/data-model.ts';
import { actionsOf, statementsOfRole, synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const tableKeys = Object.keys(tables) as TableKey[];
const bucketKeys = Object.keys(buckets) as BucketKey[];

/** Every CloudFormation reference (Ref / GetAtt) inside a value, by logical id. */
function referencedIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => referencedIds(item, into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner)) into.add(String(inner[0]));
      else referencedIds(inner, into);
    }
  }
  return into;
}

function grantedTables(grants: readonly Grant[]): TableKey[] {
  return grants.flatMap((grant) => ('table' in grant ? [grant.table] : []));
}

function grantedBuckets(grants: readonly Grant[]): BucketKey[] {
  return grants.flatMap((grant) => ('bucket' in grant ? [grant.bucket] : []));
}

/** Every function with its grants: one per route row, one per scheduled job. */
const subjects = [
  ...routes.map((route) => [routeKeyOf(route), route.grants, () => shop.stack.api.functions.get(routeKeyOf(route))!] as const),
  ...jobs.map((job) => [`scheduled ${job.name}`, job.grants, () => shop.stack.jobs.functions.get(job.name)!] as const),
  [`photo processing ${photoProcessing.name}`, photoProcessing.grants, () => shop.stack.photos.processor] as const,
];

describe.each(subjects)('%s', (key, grants: readonly Grant[], functionOf) => {
  const statements = () => statementsOfRole(shop.json, shop.logicalId(functionOf().role));

  it('has no action wildcard and no Resource "*" (but for ses:GetAccount alone, with its grant)', () => {
    for (const statement of statements()) {
      for (const action of actionsOf([statement])) expect(action, JSON.stringify(statement)).not.toMatch(/\*/);
      const resources = [statement.Resource].flat();
      if (actionsOf([statement]).includes('ses:GetAccount')) {
        expect(actionsOf([statement]), JSON.stringify(statement)).toEqual(['ses:GetAccount']);
        expect(
          grants.some((grant) => 'sesAccount' in grant),
          key,
        ).toBe(true);
        continue;
      }
      expect(resources, JSON.stringify(statement)).not.toContain('*');
    }
  });

  it('names only the tables and buckets its row grants', () => {
    const referenced = referencedIds(statements().map((s) => s.Resource));
    const allowedTables = grantedTables(grants);
    const allowedBuckets = grantedBuckets(grants);
    for (const table of tableKeys) {
      expect(referenced.has(shop.logicalId(shop.stack.data.tables[table])), `${key} → table ${table}`).toBe(allowedTables.includes(table));
    }
    for (const bucket of bucketKeys) {
      expect(referenced.has(shop.logicalId(shop.stack.data.buckets[bucket])), `${key} → bucket ${bucket}`).toBe(
        allowedBuckets.includes(bucket),
      );
    }
  });

  it('reaches a table only by its ARN and its declared indexes, with DynamoDB actions only there', () => {
    const tableIds = new Map(tableKeys.map((table) => [shop.logicalId(shop.stack.data.tables[table]), table] as const));
    for (const statement of statements()) {
      const dynamo = actionsOf([statement]).some((action) => action.startsWith('dynamodb:'));
      for (const resource of [statement.Resource].flat()) {
        const ids = [...referencedIds(resource)].filter((id) => tableIds.has(id));
        expect(ids.length > 0, `${JSON.stringify(resource)} in a ${dynamo ? 'DynamoDB' : 'non-DynamoDB'} statement`).toBe(dynamo);
        if (!dynamo) continue;
        const table = tableIds.get(ids[0]!)!;
        const arn = { 'Fn::GetAtt': [ids[0], 'Arn'] };
        const allowed = [arn, ...tables[table].indexes.map((index) => ({ 'Fn::Join': ['', [arn, `/index/${index.name}`]] }))];
        expect(allowed, `${key}: ${JSON.stringify(resource)}`).toContainEqual(resource);
      }
    }
  });

  it('may send mail only if its row grants mail, and read the sender identity only if it grants that', () => {
    const actions = actionsOf(statements()).filter((action) => action.startsWith('ses:'));
    expect(actions.some((action) => action !== 'ses:GetEmailIdentity' && action !== 'ses:GetAccount')).toBe(
      grants.some((grant) => 'mail' in grant),
    );
    // Whether the account is in SES's sandbox: ses:GetAccount only with the `sesAccount` grant (docs/design.md §33).
    expect(actions.includes('ses:GetAccount')).toBe(grants.some((grant) => 'sesAccount' in grant));
    const asksSes = grants.some((grant) => 'senderIdentity' in grant);
    expect(actions.includes('ses:GetEmailIdentity')).toBe(asksSes);
    // The go-live checklist's question reaches the sender's identity alone (docs/design.md §33).
    if (asksSes) {
      const identity = statements().filter((statement) => actionsOf([statement]).includes('ses:GetEmailIdentity'));
      expect(identity).toHaveLength(1);
      expect(actionsOf(identity)).toEqual(['ses:GetEmailIdentity']);
      expect([identity[0]!.Resource].flat()).toHaveLength(1);
      expect(JSON.stringify(identity[0]!.Resource)).toContain(':identity/');
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  const dashboardRoute = routes.find((route) => routeKeyOf(route) === 'GET /api/admin/dashboard')!;

  it('reads the counters, the catalogue and the settings only: no orders, messages or requests, and writes nothing', () => {
    const statements = statementsOfRole(shop.json, shop.logicalId(shop.stack.api.functions.get(routeKeyOf(dashboardRoute))!.role));
    const dynamo = statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
    const reached = new Set(dynamo.flatMap((statement) => [...referencedIds(statement.Resource)]));
    const tableOf = new Map(tableKeys.map((table) => [shop.logicalId(shop.stack.data.tables[table]), table] as const));
    expect([...reached].map((id) => tableOf.get(id)).sort()).toEqual(['counters', 'products', 'settings']);
    for (const action of actionsOf(dynamo)) expect(action).not.toMatch(/Put|Update|Delete|Write/);
    expect(dashboardRoute.grants).toEqual([
      { table: 'counters', access: 'read' },
      { table: 'products', access: 'read' },
      { table: 'settings', access: 'read' },
    ]);
  });
});
