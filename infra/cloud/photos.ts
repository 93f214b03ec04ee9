/**
 * The photo-processing function (docs/design.md §21): arm64, sharp's prebuilt linux-arm64 build shipped
 * as the function's own `node_modules`, run by the images bucket's notification when an object is
 * created under the upload prefix (`photoProcessing` in `lambdas/jobs.ts`), with exactly that row's
 * grants (the images bucket).
 *
 * sharp is a native module: esbuild leaves it out of the bundle, and after bundling the hook copies
 * `.cache/sharp-linux-arm64/<version>/node_modules` into the asset. That folder is filled once per
 * sharp version by npm from the registry (`npm install --os=linux --cpu=arm64 --libc=glibc
 * sharp@<the locked version>`, which takes `@img/sharp-linux-arm64` and `@img/sharp-libvips-linux-arm64`
 * whatever this machine is), so later syntheses work offline and no Docker is needed; a version bump in
 * `package-lock.json` fills a new folder instead of shipping the old build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { photoProcessing } from '#lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { ShopFunction } from './constructs/shop-function.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

/** Where npm puts sharp's linux-arm64 builds for the function's `node_modules`, one folder per version. */
export const SHARP_ARM64_DIR = path.join(REPO_ROOT, '.cache', 'sharp-linux-arm64');

/** The folder of one sharp version's linux-arm64 build. */
export function sharpArm64Dir(version: string): string {
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`Not a sharp version: "${version}"`);
  return path.join(SHARP_ARM64_DIR, version);
}

/** The sharp version the repository locks (the one the tests and the twin run). */
export function lockedSharpVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The shell commands that fill the cache when needed and copy sharp's arm64 `node_modules` into the asset. */
export function sharpArm64Commands(outputDir: string, version = lockedSharpVersion()): string[] {
  const dir = sharpArm64Dir(version);
  const marker = path.join(dir, 'node_modules', '@img', 'sharp-linux-arm64', 'package.json');
  return [
    `test -f "${marker}" || npm install --no-save --no-package-lock --no-audit ` +
      `--no-fund --os=linux --cpu=arm64 --libc=glibc --prefix "${dir}" sharp@${version}`,
    `cp -R "${dir}/node_modules" "${outputDir}/node_modules"`,
  ];
}

/**
 * sharp left out of a function's bundle and put in its `node_modules` (the arm64 build): the photo
 * function, and the API functions that check proofs of payment (`checksProofs` in `lambdas/routes.ts`).
 */
export const SHARP_NODE_MODULES = {
  externalModules: ['sharp'],
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir: string, outputDir: string) => sharpArm64Commands(outputDir),
  },
} as const;

export interface PhotosProps {
  readonly targets: BindTargets;
  readonly imagesBucket: s3.Bucket;
}

export class Photos extends Construct {
  readonly processor: ShopFunction;

  constructor(scope: Construct, id: string, props: PhotosProps) {
    super(scope, id);
    this.processor = new ShopFunction(this, photoProcessing.name, {
      entry: path.join(REPO_ROOT, 'lambdas', 'consumers', `${photoProcessing.handler}.ts`),
      description: `Processes product photos uploaded under ${photoProcessing.prefix} (sharp, arm64)`,
      // A 20 MB, 12-megapixel photo decodes into ~36 MB of pixels; more memory also means more CPU.
      memorySize: 2048,
      timeout: Duration.seconds(photoProcessing.timeoutSeconds),
      grants: photoProcessing.grants,
      nodeModules: SHARP_NODE_MODULES,
    });
    for (const grant of photoProcessing.grants) bindGrant(this.processor.function, grant, props.targets);
    // S3 calls it asynchronously: two retries, and an event older than this is dropped, not kept for
    // the default six hours, so an upload with no result after it has failed for good.
    this.processor.function.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.seconds(photoProcessing.maxEventAgeSeconds) });
    props.imagesBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.processor.function), {
      prefix: photoProcessing.prefix,
    });

    // The notification is configured by CDK's own singleton function (BucketNotificationsHandler).
    const handler = Stack.of(this).node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (handler) {
      acknowledgeNag(
        handler,
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "Role of CDK's BucketNotificationsHandler custom resource, generated by aws-cdk-lib " +
          "and run only while deploying (it sets the images bucket's notification).",
      );
    }
  }
}
