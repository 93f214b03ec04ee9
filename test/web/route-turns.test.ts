/**
 * The back-office sends one route at most `OWNER_CALLS_PER_ROUTE` calls at once: each
 * owner route runs a reserved number of executions in the cloud, and a page's eighth photo upload at once
 * would meet Lambda's refusal (API Gateway's 500). The reservation is sized from the same figures.
 */
import { describe, expect, it } from 'vitest';
import { OWNER_CALLS_PER_ROUTE, OWNER_ROUTE_EXECUTIONS, OWNER_SESSIONS } from '#shared/owner-calls.ts';
import { RESERVED_CONCURRENCY } from '#infra/common/concurrency.ts';
import { inTurn } from '#web/lib/admin/route-turns.ts';

/** A call that runs until it is let go, counting how many of its route run at once. */
function gate(counts: { now: number; peak: number }) {
  const releases: (() => void)[] = [];
  const call = () =>
    new Promise<string>((resolve, reject) => {
      counts.now++;
      counts.peak = Math.max(counts.peak, counts.now);
      releases.push(() => {
        counts.now--;
        if (releases.length % 2 === 0) reject(new Error('refused'));
        else resolve('ok');
      });
    });
  return { call, releases };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('owner calls take turns per route', () => {
  it('eight uploads at once: three run, the rest wait, in order; a failed call frees its place too', async () => {
    const counts = { now: 0, peak: 0 };
    const { call, releases } = gate(counts);
    const started: number[] = [];
    const results = Array.from({ length: 8 }, (_, i) =>
      inTurn('POST /api/admin/uploads/image', () => {
        started.push(i);
        return call();
      }).catch((error: Error) => error.message),
    );
    await tick();
    expect(counts.now).toBe(OWNER_CALLS_PER_ROUTE);
    expect(started).toEqual([0, 1, 2]);
    // Let the calls end one at a time (some fail): each end lets exactly the next one start.
    for (let ended = 0; ended < 8; ended++) {
      releases.shift()!();
      await tick();
      expect(counts.now).toBe(Math.min(OWNER_CALLS_PER_ROUTE, 8 - ended - 1));
    }
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(counts.peak).toBe(OWNER_CALLS_PER_ROUTE);
    expect(new Set(await Promise.all(results))).toEqual(new Set(['ok', 'refused']));
  });

  it("another route does not wait for this one's turn", async () => {
    const busy = { now: 0, peak: 0 };
    const { call, releases } = gate(busy);
    const uploads = Array.from({ length: 5 }, () => inTurn('GET /api/admin/uploads/image/{id}', call).catch(() => undefined));
    await tick();
    const other = await inTurn('GET /api/admin/dashboard', async () => 'dashboard');
    expect(other).toBe('dashboard');
    while (releases.length > 0 || busy.now > 0) {
      releases.shift()?.();
      await tick();
    }
    await Promise.all(uploads);
  });

  it("each owner route's reservation runs every tab's turns at once", () => {
    expect(OWNER_ROUTE_EXECUTIONS).toBe(OWNER_SESSIONS * OWNER_CALLS_PER_ROUTE);
    expect(RESERVED_CONCURRENCY.admin).toBeGreaterThanOrEqual(OWNER_SESSIONS * OWNER_CALLS_PER_ROUTE);
  });
});
