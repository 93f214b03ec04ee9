/**
 * The catalogue answer's bytes (`GET /api/products`, plain and gzipped as the front door sends it) and
 * its requests/s at 1 and 10 clients beside a bare Node server sending the same bytes in the same run
 * (the twin's own cost: the front door, the gateway, the function; target ≥ 0,5× the bare server).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

/** Rounds of each server at each client count (the best counts). */
const ROUNDS = 3;

export interface CatalogueBytes {
  readonly pieces: number;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface CatalogueSpeed {
  readonly clients: number;
  readonly twinPerSecond: number;
  readonly bareNodePerSecond: number;
  readonly ratio: number;
}

/** The answer's size, plain and as the front door gzips it. */
export async function catalogueBytes(url: string): Promise<CatalogueBytes> {
  const body = await (await fetch(`${url}/api/products`, { headers: { 'accept-encoding': 'identity' } })).text();
  const gzipped = await fetch(`${url}/api/products`, { headers: { 'accept-encoding': 'gzip' } });
  const raw = Buffer.from(body);
  const sent = gzipped.headers.get('content-encoding') === 'gzip' ? Number(gzipped.headers.get('content-length')) : gzipSync(raw).length;
  await gzipped.arrayBuffer();
  return { pieces: (JSON.parse(body) as { products: unknown[] }).products.length, bytes: raw.length, gzipBytes: sent };
}

/**
 * Requests/s of the twin's catalogue and of a bare Node server answering the same gzipped bytes, at each client count (the best of `ROUNDS`
 * alternating rounds).
 */
export async function catalogueSpeed(url: string, seconds: number, log: (line: string) => void): Promise<CatalogueSpeed[]> {
  // The answer as it travels, still gzipped (`fetch` would hand back the unzipped body under the gzip headers).
  const { headers, bytes } = await new Promise<{ headers: http.OutgoingHttpHeaders; bytes: Buffer }>((resolve, reject) =>
    http
      .get(`${url}/api/products`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: { ...res.headers }, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject),
  );
  if (Number(headers['content-length']) !== bytes.length)
    throw new Error(`the catalogue answer has ${bytes.length} bytes, its content-length says ${headers['content-length']}`);
  // The same headers but the connection's own (each server manages its connections).
  for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'date']) delete headers[name];
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', () => resolve()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/api/products`;
  const figures: CatalogueSpeed[] = [];
  try {
    for (const clients of [1, 10]) {
      log(`catalogue req/s, ${clients} clients: the twin, then a bare Node server with the same bytes`);
      // Three rounds, one server then the other: the machine is shared, so each keeps its best round.
      let twin = 0;
      let node = 0;
      for (let round = 0; round < ROUNDS; round++) {
        twin = Math.max(twin, await requestsPerSecond(`${url}/api/products`, clients, seconds));
        node = Math.max(node, await requestsPerSecond(bareUrl, clients, seconds));
      }
      figures.push({ clients, twinPerSecond: twin, bareNodePerSecond: node, ratio: Math.round((twin / node) * 100) / 100 });
    }
  } finally {
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
  return figures;
}

/**
 * Requests/s of `url` asking for gzip, with autocannon in a process of its own: the load tool's CPU
 * is not spent on the event loop of the server it measures (the twin's or the bare one's alike).
 * Only 2xx answers count.
 */
async function requestsPerSecond(url: string, connections: number, seconds: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    join(REPO_ROOT, 'node_modules', '.bin', 'autocannon'),
    ['-c', String(connections), '-d', String(seconds), '-H', 'accept-encoding=gzip', '--json', url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as { '2xx': number; duration: number };
  return Math.round(result['2xx'] / result.duration);
}
