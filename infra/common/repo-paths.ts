/**
 * Where things are in the repository, for the cloud app, the twin, the operator commands, tests and
 * benchmarks alike (one definition; this file is `<root>/infra/common/repo-paths.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The built pre-renderer (`npm run build:web`: `render-page.js`, `template.html`, `manifest.json`), bundled with the functions that render
 * pages and loaded by the twin.
 */
export const RENDERER_DIST = path.join(REPO_ROOT, 'web', 'dist-ssr');
/** The built shop (`npm run build:web`), served by CloudFront's bucket and by the twin's front door. */
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
/** cdk.json: the deploy-time context the cloud app and the operator commands read. */
export const CDK_JSON = path.join(REPO_ROOT, 'cdk.json');
