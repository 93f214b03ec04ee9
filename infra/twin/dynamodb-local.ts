/**
 * DynamoDB Local (the official jar) for the twin and the tests.
 *
 * The jar comes from the npm registry: the tarball of `amplify-dynamodb-simulator`, which carries
 * DynamoDB Local in its `emulator/` folder, fetched with `npm pack` (none of its ~370 MB of
 * dependencies), checked against a pinned integrity, unpacked once under `.cache/`. It runs with the
 * machine's Java through a tiny launcher that binds it to 127.0.0.1 (it has no bind option), compiled
 * once per machine into `.cache/` by the JRE's own compiler module (Java's single-file source mode would
 * compile it again at every start: 3 to 5 s of a busy 2-core machine, and a test run starts 30 twins),
 * with the classes a run loads archived once too (`dynamodb-archive.ts`).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeClassArchive } from './dynamodb-archive.ts';
import { HOST, childListening, startChild, type Child } from './processes.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

const run = promisify(execFile);

export const DYNAMODB_LOCAL_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
export const DYNAMODB_LOCAL_INTEGRITY = 'sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ==';

const here = dirname(fileURLToPath(import.meta.url));
const LAUNCHER = join(here, 'dynamodb', 'LocalDynamoLauncher.java');

/** Checks that `java` 17+ is installed (and gives what `java -version` says); throws a message saying what to install otherwise. */
export async function assertJava(): Promise<string> {
  let output: string;
  try {
    const result = await run('java', ['-version']);
    output = `${result.stderr}${result.stdout}`;
  } catch {
    throw new Error(
      'Java was not found. DynamoDB Local needs Java 17 or newer: install it (Debian: `apt-get install openjdk-17-jre-headless`).',
    );
  }
  const major = Number(/version "(\d+)/.exec(output)?.[1] ?? 0);
  if (major < 17) throw new Error(`Java ${major || '?'} found; DynamoDB Local here needs Java 17 or newer.`);
  return output;
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
    const digest = `sha512-${createHash('sha512')
      .update(await readFile(tarball))
      .digest('base64')}`;
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
/** The JVM's flags, the same when the class archive is made and used (a small heap, a quick start). */
const JVM_FLAGS = ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
/** The launcher and DynamoDB Local as plain jars: what Java's class archive (CDS) takes; bump to remake them. */
const JARS_LAYOUT = 'jars-1';

const jar = (...args: string[]) => run('java', ['-m', 'jdk.jartool/sun.tools.jar.Main', ...args]);

/**
 * The folder holding the launcher as a jar and a copy of DynamoDBLocal.jar, named by the launcher's
 * hash: made on first use (the launcher compiled with `java -m jdk.compiler`: the JRE has the module,
 * there may be no `javac`) in a temporary folder renamed into place, so twins starting at once never
 * run a half-written jar. Java's class archive takes jars only, and the original jar's manifest puts
 * its own folder on the class path (`Class-Path: .`): the copy's names nothing (every jar of
 * `DynamoDBLocal_lib/` is on the class path anyway).
 */
async function launcherJars(emulator: string, libPath: string): Promise<string> {
  const source = await readFile(LAUNCHER);
  const dir = join(dirname(emulator), `launcher-${createHash('sha256').update(source).update(JARS_LAYOUT).digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, `${LAUNCHER_CLASS}.jar`))) return dir;
  const work = await mkdtemp(join(dirname(emulator), 'launcher-build-'));
  try {
    await run('java', [
      '-m',
      'jdk.compiler/com.sun.tools.javac.Main',
      '-nowarn',
      '-d',
      join(work, 'classes'),
      '-cp',
      `${join(emulator, 'DynamoDBLocal.jar')}:${libPath}`,
      LAUNCHER,
    ]);
    await copyFile(join(emulator, 'DynamoDBLocal.jar'), join(work, 'DynamoDBLocal.jar'));
    await writeFile(join(work, 'manifest.txt'), 'Class-Path: \n');
    await jar('--update', '--file', join(work, 'DynamoDBLocal.jar'), '--manifest', join(work, 'manifest.txt'));
    await jar('--create', '--file', join(work, `${LAUNCHER_CLASS}.jar`), '-C', join(work, 'classes'), '.');
    await Promise.all([rm(join(work, 'classes'), { recursive: true }), rm(join(work, 'manifest.txt'))]);
    await rename(work, dir).catch((error: NodeJS.ErrnoException) => {
      // Another twin made them meanwhile: theirs are the same jars.
      if (!existsSync(join(dir, `${LAUNCHER_CLASS}.jar`))) throw error;
    });
    return dir;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What runs DynamoDB Local on this machine: its class path (jars only), and its class archive once made. */
interface Runtime {
  readonly lib: string;
  readonly classPath: string;
  /** The classes a run loads, archived for this Java (`dynamodb-archive.ts`): a start reads them mapped instead of loading each. */
  readonly archive: string;
}

async function runtime(): Promise<Runtime> {
  const version = await assertJava();
  const emulator = await ensureDynamoDbLocal();
  const lib = join(emulator, 'DynamoDBLocal_lib');
  const dir = await launcherJars(emulator, `${lib}/*`);
  const classPath = `${join(dir, `${LAUNCHER_CLASS}.jar`)}:${join(dir, 'DynamoDBLocal.jar')}:${lib}/*`;
  return { lib, classPath, archive: join(dir, `classes-${createHash('sha256').update(version).digest('hex').slice(0, 12)}.jsa`) };
}

/** Starts the JVM on `port` (not yet listening when this returns). */
function launch(
  machine: Runtime,
  port: number,
  jvm: readonly string[],
  storage: readonly string[],
  options: { verbose?: boolean; cwd: string },
): Child {
  return startChild(
    'java',
    [
      ...JVM_FLAGS,
      ...jvm,
      `-Dbind.host=${HOST}`,
      `-Djava.library.path=${machine.lib}`,
      '-cp',
      machine.classPath,
      LAUNCHER_CLASS,
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    // DynamoDB Local writes a metadata file into its working folder.
    { name: 'dynamodb', verbose: options.verbose, cwd: options.cwd },
  );
}

/** The class archive made once a machine (a few seconds), unless there is one: a start with it is about 1 s and 1 CPU-second shorter. */
async function ensureArchive(machine: Runtime): Promise<void> {
  if (existsSync(machine.archive)) return;
  await makeClassArchive(machine.archive, (port, jvm) => launch(machine, port, jvm, ['-inMemory'], { cwd: tmpdir() }));
}

/** DynamoDB Local fetched, its launcher compiled and its class archive made, once, before many twins start at the same time (CI). */
export async function prepareDynamoDbLocal(): Promise<void> {
  await ensureArchive(await runtime());
}

export interface DynamoDbLocalOptions {
  readonly port: number;
  /** Folder for the persistent database; in memory when absent. */
  readonly dbPath?: string;
  readonly verbose?: boolean;
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<Child & { endpoint: string }> {
  const machine = await runtime();
  await ensureArchive(machine);
  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  const archive = existsSync(machine.archive) ? [`-XX:SharedArchiveFile=${machine.archive}`] : [];
  const child = launch(machine, options.port, archive, storage, { verbose: options.verbose, cwd: options.dbPath ?? tmpdir() });
  await childListening(child, options.port, 'DynamoDB Local', 60_000);
  return { ...child, endpoint: `http://${HOST}:${options.port}` };
}
