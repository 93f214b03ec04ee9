/**
 * The twin's edge (docs/design.md §30): the front door applies the web ACL's rate
 * rules per source address (`infra/twin/edge-waf.ts`, figures of `infra/common/edge-rules.ts`), so one
 * address's flood is stopped before it drains the stage's shared route buckets. A twin of its own,
 * throttling like the stage, with windows a tenth of the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { EDGE_MAX_BODY_BYTES } from '#infra/common/edge-rules.ts';
import { twinInfo } from '../support/global-setup.ts';
import { clientFetch, nextClientAddress } from '../support/clients.ts';
import { adminIdToken, call, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: true, scheduledJobs: false, edge: { windowScale: 0.1 } });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 120_000);
afterAll(() => own?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `workers` requests at a time from `address` to `path` until `until`; the statuses it got. */
async function flood(address: string, path: string, until: number, workers = 24, headers: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const answer = await clientFetch(`${own.url}${path}`, { client: address, headers }).catch(() => undefined);
        if (answer) {
          statuses.push(answer.status);
          await answer.arrayBuffer();
        }
      }
    }),
  );
  return statuses;
}

describe('the edge in front of the twin', () => {
  it('an anonymous flood of /api/admin/orders from one address for 8 s: the owner, elsewhere, gets 20 of 20 answers', async () => {
    const start = Date.now();
    const flooding = flood(nextClientAddress(), '/api/admin/orders', start + 8_000);
    const owner = nextClientAddress();
    const answers: number[] = [];
    await sleep(1_000);
    for (let i = 0; i < 20; i++) {
      answers.push((await call('GET', '/api/admin/orders', { token, client: owner })).status);
      await sleep(300);
    }
    const statuses = await flooding;
    expect(answers).toEqual(Array(20).fill(200));
    // The flood was there, and stopped at the edge: its 429s outnumber what reached the gateway (401).
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(statuses.filter((s) => s === 401).length);
  });

  it('one address flooding GET /api/payment-methods: at least 27 of 30 other customers are answered', async () => {
    const until = Date.now() + 6_000;
    const flooding = flood(nextClientAddress(), '/api/payment-methods', until);
    await sleep(1_000);
    const others: number[] = [];
    for (let i = 0; i < 30; i++) {
      others.push((await call('GET', '/api/payment-methods')).status);
      await sleep(120);
    }
    await flooding;
    expect(others.filter((s) => s !== 429).length).toBeGreaterThanOrEqual(27);
  });

  it("over a rule's limit: 429 in the shop's Portuguese shape with Retry-After, before the API", async () => {
    const address = nextClientAddress();
    // The strictest rule: 10 anonymous admin requests per window (6 s here).
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call('GET', '/api/admin/orders', { client: address }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    const refused = answers[10]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'too_many_requests', message: expect.stringMatching(/demasiados pedidos/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(6);
    // Another address, and the same address with a token (another rule), are not refused.
    expect((await call('GET', '/api/admin/orders', { client: nextClientAddress() })).status).toBe(401);
    expect((await call('GET', '/api/admin/orders', { token, client: address })).status).toBe(200);
  });

  it('a body over the edge limit: 413 in Portuguese, and the handler never sees it', async () => {
    const answer = await call('POST', '/api/contact-messages', { body: { message: 'a'.repeat(EDGE_MAX_BODY_BYTES) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: { code: 'payload_too_large', message: 'O pedido é demasiado grande.' } });
  });
});
