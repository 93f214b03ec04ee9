/**
 * The shop's build (`npm run build:web`: the SPA in `web/dist`, the pre-renderer in `web/dist-ssr`)
 * and the stack. A stack the CDK bundles (`cdk synth`, `deploy`, `diff`: the functions are built)
 * needs the build and refuses to go on without it, naming the command. A stack it only lists
 * (`cdk ls`, `cdk bootstrap`, which skip bundling) synthesizes without the site upload, so a clean
 * clone can bootstrap an account before anything is built, in the order the operations guide gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Annotations, type Stack } from 'aws-cdk-lib';

export interface ShopBuild {
  /** The built SPA (`web/dist`), uploaded to the site bucket. */
  readonly webDistDir: string;
  /** The built pre-renderer (`web/dist-ssr`), bundled with the functions that render pages. */
  readonly rendererDir: string;
}

/** The file of each part of the build that says the part is there. */
export const BUILD_MARKERS = { webDistDir: 'index.html', rendererDir: 'render-page.js' } as const satisfies Record<keyof ShopBuild, string>;

/** The marker files of `build` that do not exist. */
export function missingBuildFiles(build: ShopBuild): string[] {
  return (Object.keys(BUILD_MARKERS) as (keyof ShopBuild)[])
    .map((part) => path.join(build[part], BUILD_MARKERS[part]))
    .filter((file) => !fs.existsSync(file));
}

/**
 * Whether the shop is built. Without the build, a stack that is bundled throws (a deploy never goes
 * out without its shop); one that is not gets an info annotation and no site upload.
 */
export function checkShopBuild(stack: Stack, build: ShopBuild): boolean {
  const missing = missingBuildFiles(build);
  if (missing.length === 0) return true;
  if (stack.bundlingRequired) {
    throw new Error(
      `The shop is not built (missing ${missing.join(', ')}): run \`npm run build:web\` first. ` +
        '`npm run deploy` and `npm run synth` build it themselves; `cdk ls` and `cdk bootstrap` need no build.',
    );
  }
  Annotations.of(stack).addInfo(
    `No shop build (${missing.join(', ')}): synthesized without the site upload, for listing or bootstrapping only.`,
  );
  return false;
}
