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

/** Fails with a clear message when something already listens on the port. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use. Stop whatever uses it, or choose another port (see README).`
            : `Cannot listen on ${HOST}:${port} (${what}): ${error.message}`,
        ),
      ),
    );
    server.listen(port, HOST, () => server.close(() => resolve()));
  });
}

/** Resolves once a TCP connection to the port succeeds; rejects after `timeoutMs`. */
export async function waitForPort(port: number, what: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
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
    if (!stopping && code && code !== 130 && code !== 143 && !signal) process.stderr.write(`[${options.name}] exited with ${code}:\n${tail.join('')}\n`);
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
