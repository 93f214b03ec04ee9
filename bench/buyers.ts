/**
 * The buyers of `bench/checkouts.ts`, in a process of their own: a thousand phones are not the shop's
 * CPU, so their requests are not made on the twin's event loop. Each buyer's connection to the front
 * door is open first, from an address of their own (their browser has loaded the checkout page over
 * it, as CloudFront keeps it); then every order is sent at once, and each buyer's time runs from their
 * request's sending to the end of its answer. Reads `{ url, buyers }` as JSON on stdin, writes the
 * answers as JSON on stdout. Run by `checkoutFigures`; alone it has nothing to do.
 */
import http from 'node:http';
import net from 'node:net';
import { text } from 'node:stream/consumers';

export interface BuyerRequest {
  /** The buyer's local address (`nextClientAddress`). */
  readonly client: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface BuyerAnswer {
  /** 0 when no answer came (the connection failed). */
  readonly status: number;
  readonly seconds: number;
  /** The refusal's `error.code` (the shop's or API Gateway's answer), when it has one. */
  readonly code?: string;
}

/** The `error.code` of a refusal's JSON body (`{ error: { code } }`), if it is one. */
function errorCode(body: Buffer): string | undefined {
  try {
    const code = (JSON.parse(body.toString('utf8')) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** One open connection per buyer, from their own address. */
function connect(target: URL, client: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: client }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends every buyer's order at once over their open connection; each answer with its time. */
export async function sendAtOnce(url: string, buyers: readonly BuyerRequest[]): Promise<BuyerAnswer[]> {
  const target = new URL(url);
  const sockets: net.Socket[] = [];
  for (let i = 0; i < buyers.length; i += 50)
    sockets.push(...(await Promise.all(buyers.slice(i, i + 50).map((b) => connect(target, b.client)))));
  return Promise.all(
    buyers.map(
      (buyer, i) =>
        new Promise<BuyerAnswer>((resolve) => {
          const began = performance.now();
          const done = (status: number, code?: string) =>
            resolve({ status, seconds: Math.round(performance.now() - began) / 1000, ...(code ? { code } : {}) });
          const body = Buffer.from(buyer.body);
          const req = http.request(
            {
              createConnection: () => sockets[i]!,
              host: target.hostname,
              port: target.port,
              path: `${target.pathname}${target.search}`,
              method: 'POST',
              headers: { ...buyer.headers, 'content-length': String(body.length) },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.once('end', () => done(res.statusCode ?? 0, errorCode(Buffer.concat(chunks))));
              res.once('error', () => done(0));
            },
          );
          req.once('error', () => done(0));
          req.end(body);
        }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, buyers } = JSON.parse(await text(process.stdin)) as { url: string; buyers: BuyerRequest[] };
  const answers = await sendAtOnce(url, buyers);
  process.stdout.write(JSON.stringify(answers));
  process.exit(0);
}
