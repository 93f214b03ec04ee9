/**
 * DynamoDB Local (the official jar) for the twin and the tests.
 *
 * The jar comes from the npm registry: the tarball of `amplify-dynamodb-simulator`, which carries
 * DynamoDB Local in its `emulator/` folder, fetched with `npm pack` (none of its ~370 MB of
 * dependencies), checked against a pinned integrity, unpacked once under `.cache/`. It runs with the
 * machine's Java through a tiny launcher that binds it to 127.0.0.1 (it has no bind option), compiled
 * once per machine into `.cache/` by the JRE's own compiler module (Java's single-file source mode would
 * compile it again at every start: 3 to 5 s of a busy 2-core machine, and a test run starts 30 twins).
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
    // Two twins starting at once on a fresh machine (CI's lanes) both fetch it: the first one's folder
    // stays (the same verified jar), never removed under the other's compiler or JVM reading it.
    await rename(join(work, 'package', 'emulator'), emulator).catch(async (error: NodeJS.ErrnoException) => {
      if (existsSync(join(emulator, 'DynamoDBLocal.jar'))) return;
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      // A folder left without its jar (an interrupted unpack of an older version): replaced.
      await rm(emulator, { recursive: true, force: true });
      await rename(join(work, 'package', 'emulator'), emulator);
    });
    return emulator;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const LAUNCHER_CLASS = 'LocalDynamoLauncher';

/**
 * The folder holding the compiled launcher, named by its source's hash: compiled on first use with
 * `java -m jdk.compiler` (the JRE has the module: source mode uses it; there may be no `javac`), into a
 * temporary folder renamed into place, so twins starting at once never run a half-written class.
 */
async function compiledLauncher(emulator: string, classPath: string): Promise<string> {
  const source = await readFile(LAUNCHER);
  const dir = join(dirname(emulator), `launcher-${createHash('sha256').update(source).digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) return dir;
  const work = await mkdtemp(join(dirname(emulator), 'launcher-build-'));
  try {
    await run('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-d', work, '-cp', classPath, LAUNCHER]);
    await rename(work, dir).catch((error: NodeJS.ErrnoException) => {
      // Another twin compiled it meanwhile: theirs is the same class.
      if (!existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) throw error;
    });
    return dir;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** DynamoDB Local fetched and its launcher compiled, once, before many twins start at the same time (CI). */
export async function prepareDynamoDbLocal(): Promise<void> {
  await assertJava();
  const emulator = await ensureDynamoDbLocal();
  await compiledLauncher(emulator, `${join(emulator, 'DynamoDBLocal.jar')}:${join(emulator, 'DynamoDBLocal_lib')}/*`);
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
  const classPath = `${join(emulator, 'DynamoDBLocal.jar')}:${lib}/*`;
  const launcher = await compiledLauncher(emulator, classPath);
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
      `${launcher}:${classPath}`,
      LAUNCHER_CLASS,
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
