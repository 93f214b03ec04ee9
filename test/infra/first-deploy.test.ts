/**
 * A failed first deploy fails clean (`infra/cloud/keeping.ts`): the synth with
 * `-c firstDeploy=true` retains nothing a rollback would leave behind and protects nothing it must
 * delete; the synth without it (every deploy once the stack completed) retains and protects the data;
 * and going from the first to the second replaces nothing: the same logical ids and types, no table
 * name, and only properties CloudFormation updates in place differ.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeScratch, synthApp, SYNTH_TIMEOUT_MS } from './support.ts';

type App = ReturnType<typeof synthApp>;
type Resource = { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** Europe (Spain): the mail stack is there too (SES in Ireland), with its own termination protection. */
const CONTEXT = { stage: 'prod', region: 'eu-south-2' };
const AUTO_DELETE = 'Custom::S3AutoDeleteObjects';
const AUTO_DELETE_TAG = 'aws-cdk:auto-delete-objects';

let first: App;
let later: App;
beforeAll(() => {
  first = synthApp({ ...CONTEXT, firstDeploy: 'true' });
  later = synthApp(CONTEXT);
}, SYNTH_TIMEOUT_MS * 2);
afterAll(removeScratch);

const shopResources = (app: App): Record<string, Resource> => app.templates[`${app.shop.artifactId}.template.json`]!.Resources;
const allResources = (app: App): [string, string, Resource][] =>
  Object.entries(app.templates).flatMap(([file, template]) =>
    Object.entries(template.Resources as Record<string, Resource>).map(([id, r]) => [file, id, r] as [string, string, Resource]),
  );

/** Logical ids of the data: the tables, the buckets, the user pool and the backup vault. */
function dataIds(app: App): Record<'tables' | 'buckets' | 'retainedBuckets' | 'others', string[]> {
  const id = (construct: IConstruct) => app.shop.resolve((construct.node.defaultChild as CfnElement).logicalId) as string;
  const { data, auth, backups } = app.shop;
  const buckets = [...Object.values(data.buckets), data.accessLogs];
  return {
    tables: Object.values(data.tables).map(id),
    buckets: buckets.map(id),
    retainedBuckets: buckets.filter((bucket) => bucket !== data.buckets.uploads).map(id),
    others: [id(auth.userPool), id(backups.vault)],
  };
}

describe('first deploy (-c firstDeploy=true): a rollback deletes all it created', () => {
  it('no resource of any stack is plainly retained: the data are RetainExceptOnCreate or Delete', () => {
    const retained = allResources(first)
      .filter(([, , r]) => r.DeletionPolicy === 'Retain')
      .map(([file, id]) => `${file} ${id}`);
    expect(retained).toEqual([]);
    const resources = shopResources(first);
    const ids = dataIds(first);
    for (const id of [...ids.tables, ...ids.others]) expect(resources[id]!.DeletionPolicy, id).toBe('RetainExceptOnCreate');
    for (const id of ids.buckets) expect(resources[id]!.DeletionPolicy, id).toBe('Delete');
    // The log groups too; in the route shards (nested stacks, whose own creation may have completed
    // before the parent's rollback deletes them) plainly Delete.
    const logGroups = allResources(first).filter(([, , r]) => r.Type === 'AWS::Logs::LogGroup');
    expect(logGroups.length).toBeGreaterThan(50);
    for (const [file, id, r] of logGroups) {
      expect(file.endsWith('.nested.template.json') ? ['Delete'] : ['RetainExceptOnCreate', 'Delete'], `${file} ${id}`).toContain(
        r.DeletionPolicy,
      );
    }
    expect(logGroups.filter(([file]) => file.endsWith('.nested.template.json')).length).toBeGreaterThan(30);
  });

  it('nothing the rollback must delete is protected: tables, user pool, non-empty buckets, the stacks', () => {
    const resources = shopResources(first);
    const ids = dataIds(first);
    for (const id of ids.tables) expect(resources[id]!.Properties.Replicas[0].DeletionProtectionEnabled, id).toBe(false);
    expect(resources[ids.others[0]!]!.Properties.DeletionProtection).toBe('INACTIVE');
    const emptied = Object.values(resources)
      .filter((r) => r.Type === AUTO_DELETE)
      .map((r) => r.Properties.BucketName.Ref);
    expect(emptied.sort()).toEqual([...ids.buckets].sort());
    expect(first.shop.terminationProtection).toBe(false);
    expect(first.mail?.terminationProtection).toBe(false);
  });
});

describe('every later deploy (no context): the data retained and protected', () => {
  it('tables, user pool, vault and data buckets Retain on delete and on replacement; uploads go (as they always did)', () => {
    const resources = shopResources(later);
    const ids = dataIds(later);
    for (const id of [...ids.tables, ...ids.others, ...ids.retainedBuckets]) {
      expect([resources[id]!.DeletionPolicy, resources[id]!.UpdateReplacePolicy], id).toEqual(['Retain', 'Retain']);
    }
    const uploads = ids.buckets.find((id) => !ids.retainedBuckets.includes(id))!;
    expect(resources[uploads]!.DeletionPolicy).toBe('Delete');
  });

  it('protected, nothing emptied on delete, prod stacks with termination protection', () => {
    const resources = shopResources(later);
    const ids = dataIds(later);
    for (const id of ids.tables) expect(resources[id]!.Properties.Replicas[0].DeletionProtectionEnabled, id).toBe(true);
    expect(resources[ids.others[0]!]!.Properties.DeletionProtection).toBe('ACTIVE');
    expect(allResources(later).filter(([, , r]) => r.Type === AUTO_DELETE)).toEqual([]);
    expect(JSON.stringify(later.templates)).not.toContain(AUTO_DELETE_TAG);
    expect(later.shop.terminationProtection).toBe(true);
    expect(later.mail?.terminationProtection).toBe(true);
    expect(synthApp({ ...CONTEXT, stage: 'test' }).shop.terminationProtection).toBe(false);
  });
});

describe('from the first deploy to the next: an update in place, nothing replaced', () => {
  /** Properties that may differ, each one CloudFormation updates without replacing the resource. */
  const IN_PLACE: Record<string, (before: any, after: any) => boolean> = {
    // The table's replica: only its deletion protection (Replicas: "No interruption").
    'AWS::DynamoDB::GlobalTable Replicas': (before, after) =>
      isDeepStrictEqual(
        before.map((r: object) => ({ ...r, DeletionProtectionEnabled: true })),
        after,
      ) && after.every((r: any) => r.DeletionProtectionEnabled === true),
    'AWS::Cognito::UserPool DeletionProtection': (before, after) => before === 'INACTIVE' && after === 'ACTIVE',
    // Only CDK's auto-delete tag goes, before the clean-up removes the auto-delete resource.
    'AWS::S3::Bucket Tags': (before, after) =>
      isDeepStrictEqual(
        before.filter((tag: { Key: string }) => tag.Key !== AUTO_DELETE_TAG),
        after ?? [],
      ) && before.some((tag: { Key: string }) => tag.Key === AUTO_DELETE_TAG),
    // The auto-delete role's statements go.
    'AWS::S3::BucketPolicy PolicyDocument': () => true,
    // The route shards' templates carry their log groups' policies.
    'AWS::CloudFormation::Stack TemplateURL': () => true,
  };

  it('the same stacks, every resource of the later deploy already there with its logical id and type', () => {
    expect(Object.keys(later.templates).sort()).toEqual(Object.keys(first.templates).sort());
    for (const [file, id, resource] of allResources(later)) {
      expect(first.templates[file]!.Resources[id]?.Type, `${file} ${id}`).toBe(resource.Type);
    }
  });

  it('no property that would replace a resource changes; the tables keep the names CloudFormation gave them', () => {
    const changed: string[] = [];
    for (const [file, id, after] of allResources(later)) {
      const before = first.templates[file]!.Resources[id] as Resource;
      for (const key of new Set([...Object.keys(before.Properties ?? {}), ...Object.keys(after.Properties ?? {})])) {
        const [was, is] = [before.Properties?.[key], after.Properties?.[key]];
        if (isDeepStrictEqual(was, is)) continue;
        const allowed = IN_PLACE[`${after.Type} ${key}`];
        if (!allowed?.(was, is)) changed.push(`${id} ${after.Type} ${key}`);
      }
    }
    expect(changed).toEqual([]);
    const ids = dataIds(later);
    for (const id of ids.tables) expect(shopResources(later)[id]!.Properties.TableName, id).toBeUndefined();
  });

  it("what the first deploy alone has is the buckets' auto-delete (its resources, its provider, role and log group)", () => {
    const only = allResources(first)
      .filter(([file, id]) => !(id in later.templates[file]!.Resources))
      .map(([, id, r]) => `${r.Type} ${id}`);
    expect(
      only.filter((entry) => !entry.startsWith(AUTO_DELETE) && !entry.includes('CustomS3AutoDeleteObjectsCustomResourceProvider')),
    ).toEqual([]);
    expect(only.filter((entry) => entry.startsWith(AUTO_DELETE))).toHaveLength(dataIds(first).buckets.length);
    // The provider's log group goes with it: none is left behind by the next deploy.
    const providerLogs = allResources(first).find(
      ([, id, r]) => r.Type === 'AWS::Logs::LogGroup' && id.startsWith('CustomS3AutoDeleteObjectsCustomResourceProvider'),
    );
    expect(providerLogs?.[2].DeletionPolicy).toBe('Delete');
  });
});
