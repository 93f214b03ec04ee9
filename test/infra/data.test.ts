/**
 * Tables follow `lambdas/contracts/data-model.ts` and keep their data safe; the buckets are private, encrypted and
 * SSL-only, and the proofs bucket cleans up abandoned uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { UPLOADS_EXPIRY_DAYS } from '#infra/cloud/data.ts';
import { MONTHLY_BACKUP_DAYS, MONTHLY_BACKUP_TABLES } from '#infra/cloud/backups.ts';
import { RESTORABLE_TABLES } from '#infra/ops/restore/tables.ts';
import { synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const tableEntries = Object.entries(tables) as [TableKey, TableDef][];

function keySchema(partition: { name: string }, sort?: { name: string }) {
  return [{ AttributeName: partition.name, KeyType: 'HASH' }, ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' }] : [])];
}

describe('DynamoDB tables', () => {
  it('there is one table per entry of the data model', () => {
    // TableV2 synthesizes as AWS::DynamoDB::GlobalTable (a one-region global table).
    expect(Object.keys(shop.template.findResources('AWS::DynamoDB::GlobalTable'))).toHaveLength(tableEntries.length);
    expect(Object.keys(shop.template.findResources('AWS::DynamoDB::Table'))).toHaveLength(0);
  });

  it.each(tableEntries)('%s: keys, indexes, on-demand, PITR, deletion protection, retained', (key, def) => {
    const resource = shop.json.Resources[shop.logicalId(shop.stack.data.tables[key])]!;
    expect(resource.Type).toBe('AWS::DynamoDB::GlobalTable');
    expect(resource.DeletionPolicy).toBe('Retain');
    expect(resource.UpdateReplacePolicy).toBe('Retain');
    const props = resource.Properties;
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.KeySchema).toEqual(keySchema(def.partitionKey, def.sortKey));
    expect(props.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    expect(props.Replicas).toEqual([
      expect.objectContaining({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    ]);
    expect(props.GlobalSecondaryIndexes ?? []).toEqual(
      def.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: keySchema(index.partitionKey, index.sortKey),
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const attributes = new Map(
      (props.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).map((a) => [a.AttributeName, a.AttributeType]),
    );
    for (const k of [def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]) {
      if (k) expect(attributes.get(k.name)).toBe(k.type);
    }
    if (def.ttlAttribute) expect(props.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    else expect(props.TimeToLiveSpecification).toBeUndefined();
  });

  it('idempotency records expire through TTL', () => {
    expect(tables.idempotency.ttlAttribute).toBeDefined();
    const props = shop.json.Resources[shop.logicalId(shop.stack.data.tables.idempotency)]!.Properties;
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: tables.idempotency.ttlAttribute, Enabled: true });
  });
});

describe('S3 buckets', () => {
  const blockAll = { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true };
  const sse = { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] };

  function bucket(name: 'proofs' | 'images' | 'uploads') {
    return shop.json.Resources[shop.logicalId(shop.stack.data.buckets[name])]!;
  }

  function policyOf(bucketLogicalId: string) {
    return Object.values(shop.json.Resources).find(
      (r) => r.Type === 'AWS::S3::BucketPolicy' && JSON.stringify(r.Properties.Bucket) === JSON.stringify({ Ref: bucketLogicalId }),
    )!.Properties.PolicyDocument.Statement as { Effect: string; Condition?: unknown; Principal?: unknown; Action: unknown }[];
  }

  it.each(['proofs', 'images'] as const)('%s: private, encrypted, versioned, logged, SSL only, retained', (name) => {
    const resource = bucket(name);
    expect(resource.DeletionPolicy).toBe('Retain');
    expect(resource.Properties.PublicAccessBlockConfiguration).toEqual(blockAll);
    expect(resource.Properties.BucketEncryption).toEqual(sse);
    expect(resource.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(resource.Properties.LoggingConfiguration.DestinationBucketName).toEqual({ Ref: shop.logicalId(shop.stack.data.accessLogs) });
    expect(policyOf(shop.logicalId(shop.stack.data.buckets[name]))).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('uploads (pending proofs): private, encrypted, logged, SSL only, NOT versioned, and emptied after one day', () => {
    const resource = bucket('uploads');
    expect(resource.Properties.PublicAccessBlockConfiguration).toEqual(blockAll);
    expect(resource.Properties.BucketEncryption).toEqual(sse);
    expect(resource.Properties.VersioningConfiguration).toBeUndefined();
    expect(resource.Properties.LoggingConfiguration.DestinationBucketName).toEqual({ Ref: shop.logicalId(shop.stack.data.accessLogs) });
    expect(UPLOADS_EXPIRY_DAYS).toBe(1);
    expect(resource.Properties.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' })]);
    expect(policyOf(shop.logicalId(shop.stack.data.buckets.uploads))).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('proofs: claimed proofs only (no pending prefix), moved to a cheaper class after 90 days', () => {
    const rules = bucket('proofs').Properties.LifecycleConfiguration.Rules as Record<string, any>[];
    expect(rules.some((r) => r.Prefix)).toBe(false);
    expect(rules).toContainEqual(
      expect.objectContaining({ Status: 'Enabled', Transitions: [{ StorageClass: 'STANDARD_IA', TransitionInDays: 90 }] }),
    );
  });

  it('uploads and images accept presigned POSTs from the shop pages (CORS); proofs only presigned reads', () => {
    expect(bucket('proofs').Properties.CorsConfiguration.CorsRules).toEqual([expect.objectContaining({ AllowedMethods: ['GET', 'HEAD'] })]);
    for (const name of ['uploads', 'images'] as const) {
      expect(bucket(name).Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({ AllowedMethods: expect.arrayContaining(['POST']), AllowedOrigins: ['https://*.cloudfront.net'] }),
      ]);
    }
  });

  it('images are readable only by this CloudFront distribution (OAC)', () => {
    const statements = policyOf(shop.logicalId(shop.stack.data.buckets.images));
    const allow = statements.filter((s) => s.Effect === 'Allow');
    expect(allow).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(allow[0]!.Condition)).toContain(shop.logicalId(shop.stack.web.distribution));
  });

  it('no bucket is public', () => {
    for (const [, resource] of Object.entries(shop.template.findResources('AWS::S3::Bucket'))) {
      expect(resource.Properties.PublicAccessBlockConfiguration).toEqual(blockAll);
    }
  });
});

describe('monthly backups, past the 35 days of point-in-time recovery', () => {
  it('on the 1st of every month, each record table, kept 12 months in a retained vault of the stage', () => {
    const [plan] = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::Backup::BackupPlan');
    const rules = plan!.Properties.BackupPlan.BackupPlanRule as { ScheduleExpression: string; Lifecycle: { DeleteAfterDays: number } }[];
    expect(rules).toHaveLength(1);
    expect(rules[0]!.ScheduleExpression).toBe('cron(0 3 1 * ? *)');
    expect(rules[0]!.Lifecycle.DeleteAfterDays).toBe(MONTHLY_BACKUP_DAYS);
    expect(MONTHLY_BACKUP_DAYS).toBeGreaterThanOrEqual(365);
    const [vault] = Object.entries(shop.json.Resources).filter(([, r]) => r.Type === 'AWS::Backup::BackupVault');
    expect(vault![1].DeletionPolicy).toBe('Retain');
    expect(vault![1].Properties.BackupVaultName).toBe('joias-inox-test-monthly');
    const [selection] = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::Backup::BackupSelection');
    const backedUp = JSON.stringify(selection!.Properties.BackupSelection.Resources);
    for (const key of Object.keys(tables) as TableKey[]) {
      expect(backedUp.includes(shop.logicalId(shop.stack.data.tables[key])), key).toBe(
        (MONTHLY_BACKUP_TABLES as readonly string[]).includes(key),
      );
    }
    // The same tables `npm run restore` takes back: a monthly backup comes back through it.
    expect([...MONTHLY_BACKUP_TABLES].sort()).toEqual([...RESTORABLE_TABLES].sort());
  });
});
