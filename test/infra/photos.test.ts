/**
 * The photo-processing function on the synthesized template: arm64 with the memory sharp needs, sharp
 * left out of the bundle (it ships as the function's node_modules), exactly the images bucket's
 * object actions it needs, and run by the bucket's notification for the upload prefix only. The
 * raw uploads expire after a day, old versions included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { photoProcessing } from '#lambdas/jobs.ts';
import { sharpArm64Commands, SHARP_ARM64_DIR } from '#infra/cloud/photos.ts';
import { actionsOf, removeScratch, statementsOfRole, synthShop, SYNTH_TIMEOUT_MS, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

describe('photo processing function', () => {
  it('runs on arm64 with 2 GB and a minute', () => {
    const fn = shop.json.Resources[shop.logicalId(shop.stack.photos.processor.function)]!;
    expect(fn.Properties).toMatchObject({ Architectures: ['arm64'], MemorySize: 2048, Timeout: 60 });
    expect(fn.Properties.Runtime).toMatch(/^nodejs2\d\.x$/);
    expect(fn.Properties.Environment.Variables.BUCKET_IMAGES).toEqual({ Ref: shop.logicalId(shop.stack.data.buckets.images) });
  });

  it('reads and deletes only raw uploads, writes only derivatives, manifests and results, in the images bucket only', () => {
    const statements = statementsOfRole(shop.json, shop.logicalId(shop.stack.photos.processor.role));
    const images = shop.logicalId(shop.stack.data.buckets.images);
    const s3 = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('s3:')));
    expect([...new Set(actionsOf(s3))].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    for (const statement of s3) expect(JSON.stringify(statement.Resource)).toContain(images);
    // Each object action names its prefix: deleting and reading only under the upload prefix.
    const objectResources = (action: string) => s3.filter((s) => actionsOf([s]).includes(action)).map((s) => JSON.stringify(s.Resource));
    for (const resource of [...objectResources('s3:DeleteObject'), ...objectResources('s3:GetObject')])
      expect(resource).toContain(photoProcessing.prefix);
    const writes = objectResources('s3:PutObject');
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const resource of writes) expect(resource).not.toContain(photoProcessing.prefix);
    const others = actionsOf(statements).filter((a) => !a.startsWith('s3:'));
    expect(
      others.every((a) => a.startsWith('logs:')),
      others.join(),
    ).toBe(true);
  });

  it('is run by the images bucket for objects created under the upload prefix', () => {
    shop.template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: shop.logicalId(shop.stack.data.buckets.images) },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: photoProcessing.prefix }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [shop.logicalId(shop.stack.photos.processor.function), 'Arn'] },
          },
        ],
      },
    });
    shop.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [shop.logicalId(shop.stack.photos.processor.function), 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [shop.logicalId(shop.stack.data.buckets.images), 'Arn'] },
    });
  });

  it('is retried twice and drops an event older than the age the back-office gives up at', () => {
    shop.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: shop.logicalId(shop.stack.photos.processor.function) },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: photoProcessing.maxEventAgeSeconds,
    });
  });

  it('expires raw uploads and their old versions after a day', () => {
    shop.template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Prefix: 'uploads/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });

  it("ships sharp's linux-arm64 build as node_modules, fetched once per sharp version from the registry", () => {
    const [fetch, copy] = sharpArm64Commands('/asset', '0.34.5');
    expect(fetch).toContain('--os=linux --cpu=arm64 --libc=glibc');
    expect(fetch).toContain('sharp@0.34.5');
    expect(fetch).toMatch(/^test -f .*sharp-linux-arm64\/0\.34\.5\/node_modules\/@img\/sharp-linux-arm64\/package\.json" \|\| npm install/);
    expect(fetch).toContain(`--prefix "${SHARP_ARM64_DIR}/0.34.5"`);
    expect(copy).toBe(`cp -R "${SHARP_ARM64_DIR}/0.34.5/node_modules" "/asset/node_modules"`);
  });

  it('a sharp version bump fills a new cache folder instead of shipping the old build', () => {
    const [fetchOld] = sharpArm64Commands('/asset', '0.34.5');
    const [fetchNew, copyNew] = sharpArm64Commands('/asset', '0.35.0');
    expect(fetchNew).not.toBe(fetchOld!.replace('sharp@0.34.5', 'sharp@0.35.0'));
    expect(fetchNew).toContain(`sharp-linux-arm64/0.35.0/node_modules/@img`);
    expect(copyNew).toContain(`${SHARP_ARM64_DIR}/0.35.0/node_modules`);
    expect(() => sharpArm64Commands('/asset', '0.35.0"; rm -rf /; "')).toThrow(/Not a sharp version/);
  });
});

describe('the functions that check proofs of payment (docs/design.md §29)', () => {
  it.each(['POST /api/orders', 'POST /api/orders/{id}/proof'] as const)(
    '%s: 1 GB, 10 s; reads and deletes uploads, only puts proofs',
    (key) => {
      const fn = shop.stack.api.functions.get(key)!;
      expect(shop.json.Resources[shop.logicalId(fn.function)]!.Properties).toMatchObject({
        Architectures: ['arm64'],
        MemorySize: 1024,
        Timeout: 10,
      });
      const statements = statementsOfRole(shop.json, shop.logicalId(fn.role)).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('s3:')),
      );
      const on = (bucket: 'uploads' | 'proofs') =>
        actionsOf(statements.filter((s) => JSON.stringify(s.Resource).includes(shop.logicalId(shop.stack.data.buckets[bucket])))).sort();
      expect(on('uploads')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket']);
      expect(on('proofs')).toEqual(['s3:PutObject']);
    },
  );
});
