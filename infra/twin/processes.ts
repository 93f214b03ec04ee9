/**
 * Small helpers for the local twin's child processes and ports.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

export const HOST = '127.0.0.1';

/** A free TCP port on 127.0.0.1, chosen by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Listens on the port (0: one the system chooses at that moment, never taken in between) and gives the
 * port it got; a refusal (`EADDRINUSE`) rejects instead of becoming an uncaught exception.
 */
export async function listen(server: net.Server, port = 0, backlog?: number, what = 'a local service'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' && port !== 0 ? portInUse(port, what) : error);
    server.once('error', refused);
    server.listen({ port, host: HOST, ...(backlog ? { backlog } : {}) }, () => {
      server.off('error', refused);
      resolve();
    });
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** What a port chosen by the caller (the shop's, `PORT`) says when something else listens on it. */
const portInUse = (port: number, what: string) =>
  new Error(`Port ${port} (${what}) is already in use. Stop whatever uses it, or choose another port (see README).`);

/** Fails with a clear message when something already listens on the port. */
async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? portInUse(port, what) : new Error(`Cannot listen on ${HOST}:${port} (${what}): ${error.message}`),
      ),
    );
    server.listen(port, HOST, () => server.close(() => resolve()));
  });
}

/** Why a child exited before it listened: its port taken by another process in between says `EADDRINUSE` (the twin then starts again). */
async function exitedEarly(port: number, what: string, code: number): Promise<Error> {
  const taken = await assertPortFree(port, what).then(
    () => false,
    (error: Error) => /already in use/.test(error.message),
  );
  return new Error(
    `${what} exited with code ${code} before it was ready${taken ? ` (EADDRINUSE: port ${port} was taken in between)` : ''}`,
  );
}

/** Resolves once a TCP connection to the port succeeds; rejects after `timeoutMs`. */
export async function waitForPort(port: number, what: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw await exitedEarly(port, what, child.exitCode);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, HOST);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    if (Date.now() > deadline) throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for a child process to listen on its port; when it never does (exited, or too slow), it is stopped and the reason thrown. */
export async function childListening(child: Child, port: number, what: string, timeoutMs: number): Promise<void> {
  try {
    await waitForPort(port, what, timeoutMs, child.process);
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * Starts them all at once, and adds one stop to `stops` that stops all that started, at once too: when
 * one fails, those that started are stopped with the rest (a start again must not leave a DynamoDB Local
 * or a server behind). Stopped one after the other, the stream consumers alone took 2-4 s of each twin's
 * stop (a consumer waits up to 2 s for its running batch), about 37 times in a CI run.
 */
export async function allStarted<T extends readonly { stop(): Promise<void> }[]>(
  stops: (() => Promise<void>)[],
  starts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(starts as readonly Promise<{ stop(): Promise<void> }>[]);
  const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (started.length > 0) stops.push(async () => void (await Promise.all(started.map((one) => one.stop().catch(() => undefined)))));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export interface Child {
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a child process whose output is kept (last lines) for error messages, and which is stopped
 * with SIGTERM (then SIGKILL after 3 s).
 */
export function startChild(command: string, args: string[], options: SpawnOptions & { name: string; verbose?: boolean }): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.verbose) process.stderr.write(`[${options.name}] ${text}`);
    tail.push(text);
    if (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  child.on('exit', (code, signal) => {
    // 130 and 143: the child got Ctrl-C or SIGTERM along with us (same process group).
    if (!stopping && code && code !== 130 && code !== 143 && !signal)
      process.stderr.write(`[${options.name}] exited with ${code}:\n${tail.join('')}\n`);
  });
  return {
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Hop-by-hop and encoding headers a proxy must not copy from the answer it forwards. */
const NOT_FORWARDED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);

/** The headers of an upstream answer that a local proxy passes on to its caller. */
export function forwardableHeaders(upstream: Response): Record<string, string> {
  const out: Record<string, string> = {};
  upstream.headers.forEach((value, key) => {
    if (!NOT_FORWARDED.has(key)) out[key] = value;
  });
  return out;
}
