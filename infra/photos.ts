/**
 * The photo-processing function (DESIGN rule 21): arm64, sharp's prebuilt linux-arm64 build shipped
 * as the function's own `node_modules`, run by the images bucket's notification when an object is
 * created under the upload prefix (`photoProcessing` in `lambdas/jobs.ts`), with exactly that row's
 * grants (the images bucket).
 *
 * sharp is a native module: esbuild leaves it out of the bundle, and after bundling the hook copies
 * `.cache/sharp-linux-arm64/node_modules` into the asset. That folder is filled once by npm from the
 * registry (`npm install --os=linux --cpu=arm64 --libc=glibc sharp@<the locked version>`, which takes
 * `@img/sharp-linux-arm64` and `@img/sharp-libvips-linux-arm64` whatever this machine is), so later
 * syntheses work offline and no Docker is needed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { photoProcessing } from '../lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { REPO_ROOT, ShopFunction } from './constructs/shop-function.ts';

/** Where npm puts sharp's linux-arm64 build for the function's `node_modules`. */
export const SHARP_ARM64_DIR = path.join(REPO_ROOT, '.cache', 'sharp-linux-arm64');

/** The sharp version the repository locks (the one the tests and the twin run). */
export function lockedSharpVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The shell commands that fill the cache when needed and copy sharp's arm64 `node_modules` into the asset. */
export function sharpArm64Commands(outputDir: string, version = lockedSharpVersion()): string[] {
  const dir = SHARP_ARM64_DIR;
  const marker = path.join(dir, 'node_modules', '@img', 'sharp-linux-arm64', 'package.json');
  return [
    `test -f "${marker}" || npm install --no-save --no-package-lock --no-audit --no-fund --os=linux --cpu=arm64 --libc=glibc --prefix "${dir}" sharp@${version}`,
    `cp -R "${dir}/node_modules" "${outputDir}/node_modules"`,
  ];
}

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
      timeout: Duration.minutes(1),
      nodeModules: {
        externalModules: ['sharp'],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) => sharpArm64Commands(outputDir),
        },
      },
    });
    for (const grant of photoProcessing.grants) bindGrant(this.processor.function, grant, props.targets);
    props.imagesBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.processor.function), {
      prefix: photoProcessing.prefix,
    });

    // The notification is configured by CDK's own singleton function (BucketNotificationsHandler).
    const handler = Stack.of(this).node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (handler) {
      acknowledgeNag(handler, 'IAM4', 'CDK\'s BucketNotificationsHandler (runs only at deploy time) uses the AWSLambdaBasicExecutionRole managed policy.');
      acknowledgeNag(handler, 'IAM5', 'CDK\'s BucketNotificationsHandler must call s3:PutBucketNotification; CDK writes its policy.');
      acknowledgeNag(handler, 'L1', 'CDK\'s BucketNotificationsHandler runtime is chosen by aws-cdk-lib.');
    }
  }
}
