/**
 * `npm run seed`: writes the demo catalogue again (collections, products, pictures), replacing the
 * demo pieces and leaving everything else alone. Uses the running twin if there is one (its
 * addresses are in `.data/twin.json`), otherwise starts the local services for the time it takes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedCatalogue } from './seed.ts';
import { handlerEnv, startTwin, type Twin } from './twin.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

const dataDir = join(REPO_ROOT, '.data');
const runtimeFile = join(dataDir, 'twin.json');

async function alive(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  let twin: Twin | undefined;
  const running = existsSync(runtimeFile)
    ? (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string; endpoints: Twin['endpoints'] })
    : undefined;
  if (running && (await alive(running.endpoints.dynamodb))) {
    Object.assign(process.env, handlerEnv(running.endpoints, running.url));
  } else {
    twin = await startTwin({ dataDir, port: 0, seed: false });
  }
  try {
    const count = await seedCatalogue({ force: true });
    process.stdout.write(`Seeded ${count} demo products${twin ? '' : ' into the running twin'}.\n`);
  } finally {
    await twin?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
