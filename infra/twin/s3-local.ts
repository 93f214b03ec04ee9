/**
 * The S3-compatible server (s3rver, in process) with the shop's buckets and their CORS rules.
 * s3rver checks neither signatures nor POST policy conditions: the API itself checks every uploaded
 * object (size, first bytes) before accepting it, which is the real guard in the cloud too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import S3Object from 's3rver/lib/models/object.js';
import { HOST } from './processes.ts';

export interface S3LocalOptions {
  readonly directory: string;
  readonly buckets: readonly string[];
  /** Origins allowed to upload from the browser (the front door). */
  readonly allowedOrigins: readonly string[];
  /** Called with the S3 event notification of every object created or deleted (as S3 sends it to a Lambda). */
  readonly onEvent?: (event: S3Event) => void;
}

function corsXml(origins: readonly string[]): string {
  const rule = (origin: string) => `
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`;
  return `<CORSConfiguration>${origins.map(rule).join('')}\n</CORSConfiguration>`;
}

/** What the conditional-write middleware reads of Koa's context. */
interface S3Context {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: string;
}

/** The metadata s3rver keeps of an object (`S3Object.ALLOWED_METADATA`), besides the `x-amz-meta-*` ones. */
const KEPT_METADATA = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-type',
  'expires',
  'x-amz-storage-class',
  'x-amz-website-redirect-location',
];

/**
 * Replaces a file at once: written under a temporary name, then renamed over it (atomic on one file
 * system). s3rver's delete removes the folders it leaves empty: a delete under the same prefix (another
 * proof of payment claimed, `proofs/pending/`) could remove the folder between this write's `mkdir` and
 * its file, and the upload failed 500 `InternalError` (once in a whole `npm test`). S3 has no folders:
 * each try makes the folder, and a try whose folder went meanwhile is made again.
 */
async function replaceFile(path: string, content: Buffer | string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temporary, content);
      await rename(temporary, path);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 10) throw error;
      await rm(temporary, { force: true });
    }
  }
}

/**
 * S3 replaces an object at once: a reader gets the old object or the new one, never a part of either.
 * s3rver writes in place (the object's file is truncated then written, its metadata after it), so a
 * page read while a publisher rewrote it could come out cut short or without its content type (a
 * browser then downloads it). Its store's two writes are replaced by ones that write each file under a
 * temporary name and rename it over the old one; and its read takes the object's file whole in one
 * read, with the length and ETag of those very bytes (it announced the length of one version and sent
 * the bytes of the next, and the client waited for the rest forever).
 */
function atomicWrites(store: S3rver['store']): void {
  const putMetadata = async (bucket: string, key: string, metadata: Record<string, string>, md5?: string) => {
    const kept = Object.fromEntries(
      Object.entries(metadata).filter(([name]) => KEPT_METADATA.includes(name) || name.startsWith('x-amz-meta-')),
    );
    if (md5) await replaceFile(store.getResourcePath(bucket, key, 'object.md5'), md5);
    await replaceFile(store.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(kept, null, 2));
  };
  store.putMetadata = putMetadata;
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    const content = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content as Readable);
    const md5 = createHash('md5').update(content).digest('hex');
    // The metadata first: a new object's file never exists without it (s3rver would then answer
    // `binary/octet-stream`, and a browser downloads the page).
    await putMetadata(object.bucket, object.key, object.metadata, md5);
    await replaceFile(path, content);
    return { size: content.length, md5 };
  };
  store.getObject = async (bucket, key, options) => {
    let content: Buffer;
    let metadata: Record<string, string | number>;
    try {
      content = await readFile(store.getResourcePath(bucket, key, 'object'));
      metadata = { ...(await store.getMetadata(bucket, key)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    metadata['content-length'] = content.length;
    metadata.etag = JSON.stringify(createHash('md5').update(content).digest('hex'));
    // As s3rver's own read does with a range (`bytes=start-end`), on the bytes read.
    const last = Math.max(0, content.length - 1);
    const ranged = options !== undefined && (options.start !== undefined || options.end !== undefined);
    const range = { start: options?.start ?? 0, end: Math.min(options?.end ?? Number.POSITIVE_INFINITY, last) };
    const satisfiable = !(range.start < 0 || range.end < range.start);
    const object = new S3Object(bucket, key, satisfiable ? Readable.from([content.subarray(range.start, range.end + 1)]) : null, metadata);
    if (ranged) object.range = range;
    return object;
  };
}

export async function startS3Local(options: S3LocalOptions): Promise<{ endpoint: string; stop(): Promise<void> }> {
  await mkdir(options.directory, { recursive: true });
  const server = new S3rver({
    // Port 0: the system's choice at the moment of listening (no other process can take it in between).
    port: 0,
    address: HOST,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsXml(options.allowedOrigins)] })),
  });
  if (options.onEvent) server.on('event', options.onEvent);
  atomicWrites(server.store);
  // S3's conditional writes (since 2024): a PutObject with `If-None-Match: *` fails with 412 when the key
  // exists, one with `If-Match: <etag>` when the object is missing or has another ETag; of several at
  // once, one wins. s3rver ignores both headers; this runs before its router and answers as S3 does,
  // with the writes of one key one after the other (the check and the write are then one step).
  const writing = new Map<string, Promise<void>>();
  const conditionalWrite = async (ctx: S3Context, next: () => Promise<void>) => {
    const [bucket, ...key] = decodeURIComponent(ctx.path.slice(1)).split('/');
    if (ctx.method !== 'PUT' || !bucket || key.length === 0 || ctx.headers['x-amz-copy-source']) return next();
    const id = `${bucket}/${key.join('/')}`;
    const before = writing.get(id) ?? Promise.resolve();
    let done!: () => void;
    const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    writing.set(id, mine);
    await before;
    try {
      const absent = ctx.headers['if-none-match'] === '*';
      const match = typeof ctx.headers['if-match'] === 'string' ? ctx.headers['if-match'] : undefined;
      if (absent || match) {
        const current = (await server.store.existsObject(bucket, key.join('/')))
          ? String((await server.store.getMetadata(bucket, key.join('/'))).etag)
          : undefined;
        if (absent ? current !== undefined : current !== match) {
          ctx.status = 412;
          ctx.type = 'application/xml';
          ctx.body =
            `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the ` +
            `pre-conditions you specified did not hold</Message><Condition>${absent ? 'If-None-Match' : 'If-Match'}</Condition></Error>`;
          return;
        }
      }
      await next();
    } finally {
      done();
      if (writing.get(id) === mine) writing.delete(id);
    }
  };
  server.middleware.unshift(conditionalWrite as (ctx: never, next: () => Promise<void>) => Promise<void>);
  const { port } = await server.run();
  // Node's close ends the connections idle at that moment; one with a call under way (a page publication
  // at the twin's stop) then stays open, idle, until its keep-alive runs out (5 s), and the close waits
  // for it. All are closed at once, as the twin's other servers close theirs.
  const stop = () => {
    server.httpServer?.closeAllConnections();
    return server.close();
  };
  return { endpoint: `http://${HOST}:${port}`, stop };
}
