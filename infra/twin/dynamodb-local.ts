/**
 * DynamoDB Local (the official jar) for the twin and the tests.
 *
 * The jar comes from the npm registry: the tarball of `amplify-dynamodb-simulator`, which carries
 * DynamoDB Local in its `emulator/` folder, fetched with `npm pack` (none of its ~370 MB of
 * dependencies), checked against a pinned integrity, unpacked once under `.cache/`. It runs with the
 * machine's Java through a tiny launcher that binds it to 127.0.0.1 (it has no bind option).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HOST, childListening, startChild, type Child } from './processes.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

const run = promisify(execFile);

export const DYNAMODB_LOCAL_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
export const DYNAMODB_LOCAL_INTEGRITY =
  'sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ==';

const here = dirname(fileURLToPath(import.meta.url));
const LAUNCHER = join(here, 'dynamodb', 'LocalDynamoLauncher.java');

/** Checks that `java` 17+ is installed; throws a message saying what to install otherwise. */
export async function assertJava(): Promise<void> {
  let output: string;
  try {
    const result = await run('java', ['-version']);
    output = `${result.stderr}${result.stdout}`;
  } catch {
    throw new Error('Java was not found. DynamoDB Local needs Java 17 or newer: install it (Debian: `apt-get install openjdk-17-jre-headless`).');
  }
  const major = Number(/version "(\d+)/.exec(output)?.[1] ?? 0);
  if (major < 17) throw new Error(`Java ${major || '?'} found; DynamoDB Local here needs Java 17 or newer.`);
}

/** Folder holding DynamoDBLocal.jar and DynamoDBLocal_lib/, downloaded and verified on first use. */
export async function ensureDynamoDbLocal(cacheDir = join(REPO_ROOT, '.cache', 'dynamodb-local')): Promise<string> {
  const emulator = join(cacheDir, 'emulator');
  if (existsSync(join(emulator, 'DynamoDBLocal.jar'))) return emulator;
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'ddb-local-'));
  try {
    const { stdout } = await run('npm', ['pack', DYNAMODB_LOCAL_PACKAGE, '--silent', '--pack-destination', work], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const tarball = join(work, stdout.trim().split('\n').pop()!.trim());
    const digest = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
    if (digest !== DYNAMODB_LOCAL_INTEGRITY) {
      throw new Error(`${DYNAMODB_LOCAL_PACKAGE}: integrity mismatch (got ${digest}); refusing to run it.`);
    }
    await run('tar', ['-xzf', tarball, '-C', work, 'package/emulator']);
    await rm(emulator, { recursive: true, force: true });
    await rename(join(work, 'package', 'emulator'), emulator);
    return emulator;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface DynamoDbLocalOptions {
  readonly port: number;
  /** Folder for the persistent database; in memory when absent. */
  readonly dbPath?: string;
  readonly verbose?: boolean;
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<Child & { endpoint: string }> {
  await assertJava();
  const emulator = await ensureDynamoDbLocal();
  const lib = join(emulator, 'DynamoDBLocal_lib');
  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  const child = startChild(
    'java',
    [
      '-Xmx256m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      `-Dbind.host=${HOST}`,
      `-Djava.library.path=${lib}`,
      '-cp',
      `${join(emulator, 'DynamoDBLocal.jar')}:${lib}/*`,
      LAUNCHER,
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    // DynamoDB Local writes a metadata file into its working folder.
    { name: 'dynamodb', verbose: options.verbose, cwd: options.dbPath ?? tmpdir() },
  );
  await childListening(child, options.port, 'DynamoDB Local', 60_000);
  return { ...child, endpoint: `http://${HOST}:${options.port}` };
}
