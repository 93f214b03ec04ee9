/**
 * The twin's ports (CI of stop 43 hung 180 s: a service of the twin listened on a port chosen free a
 * moment before, another process had taken it, and the refusal became an uncaught exception while the
 * start waited forever). Servers in the twin's own process now listen on port 0, and a refusal rejects.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openFrontDoor } from '#infra/twin/front-door.ts';
import { allStarted, HOST, listen } from '#infra/twin/processes.ts';

const open: http.Server[] = [];
const server = () => {
  const made = http.createServer((_req, res) => res.end('ok'));
  open.push(made);
  return made;
};
afterEach(async () => {
  for (const made of open.splice(0)) await new Promise<void>((resolve) => (made.listening ? made.close(() => resolve()) : resolve()));
});

describe('listening', () => {
  it('port 0 gives the port the system chose, listened on from that moment', async () => {
    const port = await listen(server());
    expect(port).toBeGreaterThan(0);
    expect(await (await fetch(`http://${HOST}:${port}/`)).text()).toBe('ok');
  });

  it('a port already taken rejects with the reason (no uncaught exception, no wait); a chosen one names the service', async () => {
    const port = await listen(server());
    await expect(listen(server(), port, undefined, 'the shop')).rejects.toThrow(`Port ${port} (the shop) is already in use`);
  });
});

describe("the twin's services, started at once", () => {
  it('one fails: the stops of those that started are kept, so the twin stops them before it starts again', async () => {
    const stopped: string[] = [];
    const service = (name: string) => ({ stop: async () => void stopped.push(name) });
    const stops: (() => Promise<void>)[] = [];
    const failing = Promise.reject(new Error('listen EADDRINUSE'));
    await expect(allStarted(stops, [Promise.resolve(service('dynamodb')), failing, Promise.resolve(service('ses'))])).rejects.toThrow(
      'EADDRINUSE',
    );
    for (const stop of stops) await stop();
    expect(stopped).toEqual(['dynamodb', 'ses']);
  });

  it('all started: each in the order given; one stop stops them all at once, not one after the other', async () => {
    const stops: (() => Promise<void>)[] = [];
    const running = new Set<string>();
    let together = 0;
    const slow = (name: string) => ({
      name,
      stop: async () => {
        running.add(name);
        together = Math.max(together, running.size);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running.delete(name);
      },
    });
    const [a, b] = await allStarted(stops, [Promise.resolve(slow('a')), Promise.resolve(slow('b'))]);
    expect([a.name, b.name]).toEqual(['a', 'b']);
    expect(stops).toHaveLength(1);
    await stops[0]!();
    expect(together).toBe(2);
  });
});

describe("the twin's front door", () => {
  it('holds its port from the start and answers 503 with Retry-After until it serves the shop', async () => {
    const door = await openFrontDoor(0);
    try {
      const early = await fetch(`${door.url}/`);
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');
      await expect(openFrontDoor(door.port)).rejects.toThrow('already in use');
      // Paused on the way out (before the services stop), it says so again.
      door.pause();
      expect((await fetch(`${door.url}/`)).status).toBe(503);
    } finally {
      await door.stop();
    }
  });
});
