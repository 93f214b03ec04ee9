/**
 * What strangers can spend (docs/abuse.md): a caller without a valid admin token never reduces what the
 * owner can do, and unsolved public writes never spend what a solving customer needs. Through a twin of
 * its own whose front door applies the web ACL's rules (`infra/twin/edge-waf.ts`, windows a tenth of
 * the real ones) and whose gateway throttles like the stages and checks tokens like the JWT authorizer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { ASK_AGAIN_WAITS_MS } from '#web/features/checkout/ask-again.ts';
import { twinInfo } from '../support/global-setup.ts';
import { clientFetch, nextClientAddress, solvedChallenge } from '../support/clients.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { adminIdToken, call, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: true,
    scheduledJobs: false,
    edge: { windowScale: 0.1 },
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 120_000);
afterAll(() => own?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `addresses` strangers, each sending `perSecond` requests (`send(address, i)`) at a steady pace until
 * `stop()`; the statuses they got.
 */
function strangers(
  addresses: number,
  perSecond: number,
  send: (address: string, i: number) => Promise<Response>,
): { stop: () => Promise<number[]> } {
  let running = true;
  const statuses: number[] = [];
  const sent: Promise<void>[] = [];
  const loops = Array.from({ length: addresses }, async (_, n) => {
    const address = nextClientAddress();
    // Spread over the first second, as independent machines would be.
    await sleep((n * 1000) / addresses / perSecond);
    for (let i = 0; running; i++) {
      sent.push(
        send(address, i)
          .then(async (answer) => {
            statuses.push(answer.status);
            await answer.arrayBuffer();
          })
          .catch(() => undefined),
      );
      await sleep(1000 / perSecond);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      await Promise.all(sent);
      return statuses;
    },
  };
}

/** The owner's `count` calls, one after another, alternating the orders list and the dashboard; their statuses. */
async function ownerCalls(count: number): Promise<number[]> {
  const owner = nextClientAddress();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await call('GET', i % 2 ? '/api/admin/dashboard' : '/api/admin/orders', { token, client: owner })).status);
    await sleep(50);
  }
  return statuses;
}

describe('the owner is never slowed by callers without a valid token', () => {
  const attack = (authorization: string) =>
    strangers(12, 9.5, (address, i) =>
      clientFetch(`${own.url}${i % 2 ? '/api/admin/dashboard' : '/api/admin/orders'}`, { client: address, headers: { authorization } }),
    );

  it("12 addresses at 9,5 requests/s with `Authorization: Bearer x`: the owner's 60 calls all succeed", async () => {
    const flood = attack('Bearer x');
    await sleep(1_500);
    const owner = await ownerCalls(60);
    const statuses = await flood.stop();
    expect(owner).toEqual(Array(60).fill(200));
    // `Bearer x` is no token: the edge's anonymous rule stops most of it; the rest the authorizer (401).
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(statuses.filter((s) => s === 401).length);
    expect(statuses.every((s) => s === 429 || s === 401)).toBe(true);
  }, 120_000);

  it("12 addresses at 9,5 requests/s with a JWT-shaped junk token: the owner's 60 calls all succeed", async () => {
    const part = (json: string) => Buffer.from(json).toString('base64url');
    const junk = `Bearer ${part('{"alg":"RS256","kid":"x"}')}.${part('{"sub":"x"}')}.assinatura`;
    const flood = attack(junk);
    await sleep(1_500);
    const owner = await ownerCalls(60);
    const statuses = await flood.stop();
    expect(owner).toEqual(Array(60).fill(200));
    // Through the edge (under its admin rule), refused by the authorizer: no function ran for them.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(200);
    expect(statuses.every((s) => s === 429 || s === 401)).toBe(true);
  }, 120_000);
});

describe('unsolved public writes never spend what a solving customer needs', () => {
  /** A reservation as the shop's page sends it: asked again after the stage's own 429 (no Retry-After), at most once per wait. */
  async function checkoutAsThePageDoes(productId: string, sent: { count: number }): Promise<number> {
    const client = nextClientAddress();
    // The challenge, then each ask.
    sent.count += 1;
    const body = JSON.stringify(reservationBody([{ productId, quantity: 1 }]));
    const headers = { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-altcha': await solvedChallenge(own.url) };
    for (let attempt = 0; ; attempt++) {
      sent.count += 1;
      const answer = await clientFetch(`${own.url}/api/orders`, { method: 'POST', client, headers, body, challenge: false });
      await answer.arrayBuffer();
      const wait = ASK_AGAIN_WAITS_MS[attempt];
      if (answer.status !== 429 || answer.headers.get('retry-after') || wait === undefined) return answer.status;
      await sleep(wait);
    }
  }

  it("20 addresses at 1 unsolved POST /api/orders a second: 32 of 32 honest checkouts succeed within the page's tries", async () => {
    const piece = await createProduct({ stock: 100 });
    const body = JSON.stringify(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const reachedGateway = own.invocations.requests;
    const honestSent = { count: 0 };
    const flood = strangers(20, 1, (address, i) =>
      clientFetch(`${own.url}/api/orders`, {
        method: 'POST',
        client: address,
        challenge: false,
        // Without a proof, or with junk where it goes.
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(i % 2 ? { 'x-altcha': 'x' } : {}) },
        body,
      }),
    );
    await sleep(1_500);
    const honest: number[] = [];
    for (let round = 0; round < 8; round++)
      honest.push(...(await Promise.all(Array.from({ length: 4 }, () => checkoutAsThePageDoes(piece.id, honestSent)))));
    const statuses = await flood.stop();
    expect(honest).toEqual(Array(32).fill(201));
    // Each stranger's write was refused at the edge, 400 (no proof, or none of a proof's shape) or 429:
    // none reached the gateway, so none spent the checkout's bucket.
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(own.invocations.requests - reachedGateway).toBe(honestSent.count);
  }, 180_000);

  it('the edge answers an unsolved write as the function would, in Portuguese', async () => {
    const missing = await call('POST', '/api/contact-messages', { body: { message: 'olá' }, challenge: false });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { code: 'challenge_required', message: expect.stringMatching(/robô/) } });
    const junk = await call('POST', '/api/stock-alerts', { body: {}, headers: { 'x-altcha': 'nao-e-uma-prova' }, challenge: false });
    expect(junk.status).toBe(400);
    expect(junk.body).toMatchObject({ error: { code: 'challenge_invalid' } });
  });
});
