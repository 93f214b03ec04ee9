/**
 * Where `npm start` keeps the twin's data: `.data/` in the repository, or `TWIN_DATA_DIR`.
 */
import { isAbsolute, join, relative, resolve } from 'node:path';

/** The data directory: `TWIN_DATA_DIR` (resolved against the working directory) when set, else `<repo>/.data`. */
export function twinDataDir(env: NodeJS.ProcessEnv, repoRoot: string): string {
  const chosen = env.TWIN_DATA_DIR?.trim();
  return chosen ? resolve(chosen) : join(repoRoot, '.data');
}

/**
 * The start message's line about the data: names the directory actually used (relative to the
 * repository when it is inside it).
 *
 * @example dataDirNotice('/repo/.data', '/repo') // 'Data is kept under .data/ (delete it for a fresh start).'
 */
export function dataDirNotice(dataDir: string, repoRoot: string): string {
  const inside = relative(repoRoot, dataDir);
  const shown = inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : dataDir;
  return `Data is kept under ${shown}/ (delete it for a fresh start).`;
}
