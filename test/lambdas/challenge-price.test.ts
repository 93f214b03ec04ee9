/**
 * What a proof of work costs (docs/abuse.md, "Holding the catalogue costs"; `shared/proof-of-work.ts`):
 * a checkout's challenge is priced by the units it reserves, and every unit costs more as more of the
 * catalogue is held unpaid. Through the real front door, handlers and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { botCheckTexts } from '#shared/messages/index.ts';
import { HELD_SHARE_TOP_FACTOR, heldLimit } from '#shared/proof-of-work.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { solvedChallenge } from '../support/clients.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { handler as expiryJob } from '#lambdas/consumers/expire-reservations.ts';
import { call, documentClient, twin } from '../support/twin.ts';

// It reads what the whole catalogue holds unpaid, which other files' reservations move: a twin of its own.
twinOfItsOwn();

/** The test twin's max number for one unit (the smallest the owner may set). */
const BASE = SETTINGS_LIMITS.challengeMaxNumber.min;
const SNAPSHOT = { name: 'snapshot#held-units' };
const snapshot = async () => (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_COUNTERS, Key: SNAPSHOT }))).Item;
const stockOf = async (id: string) => (await call('GET', `/api/products/${id}`)).body.product.stock as number;

describe('GET /api/challenge?units=', () => {
  it('prices a checkout by its units, says so under the signature, and refuses what is not a cart', async () => {
    const [one, three] = await Promise.all([call('GET', '/api/challenge'), call('GET', '/api/challenge?units=3')]);
    expect(one.body.parameters.data).toMatchObject({ units: 1 });
    expect(three.body.parameters.data).toMatchObject({ units: 3 });
    const [a, b] = [one.body.parameters.data.maxNumber as number, three.body.parameters.data.maxNumber as number];
    expect(a).toBeGreaterThanOrEqual(BASE);
    expect(b).toBeGreaterThanOrEqual(3 * a - 3);
    expect(b).toBeLessThanOrEqual(3 * a);
    for (const units of ['0', '201', 'três', '1e3', '-1']) {
      const refused = await call('GET', `/api/challenge?units=${encodeURIComponent(units)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_query', fields: { units: botCheckTexts.challengeUnits } });
    }
  });
});

describe('a checkout needs a proof priced for its units', () => {
  it('3 units with a proof for 1 → challenge_invalid, nothing reserved, the proof not spent; with a proof for 3 → 201', async () => {
    const piece = await createProduct({ stock: 6 });
    // A new shop: its held units never counted yet (its first checkout counts them, `firstHeldCount`).
    expect(await snapshot()).toBeUndefined();
    const three = reservationBody([{ productId: piece.id, quantity: 3 }]);
    const cheap = await solvedChallenge(twin().url, 1);
    const refused = await call('POST', '/api/orders', { body: three, headers: { 'idempotency-key': randomUUID(), 'x-altcha': cheap } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'challenge_invalid', message: botCheckTexts.challengeInvalid });
    expect(await stockOf(piece.id)).toBe(6);
    // Not spent: it still serves the one unit it was priced for.
    const one = await call('POST', '/api/orders', {
      body: reservationBody([{ productId: piece.id, quantity: 1 }]),
      headers: { 'idempotency-key': randomUUID(), 'x-altcha': cheap },
    });
    expect(one.status).toBe(201);
    expect(await snapshot()).toMatchObject({ held: 1, free: 5 });
    const placed = await call('POST', '/api/orders', {
      body: three,
      headers: { 'idempotency-key': randomUUID(), 'x-altcha': await solvedChallenge(twin().url, 3) },
    });
    expect(placed.status).toBe(201);
    expect(await stockOf(piece.id)).toBe(2);
  });

  it('a reservation records the units held unpaid and free, which the next challenges are priced with', async () => {
    const piece = await createProduct({ stock: 4 });
    const placed = await call('POST', '/api/orders', {
      body: reservationBody([{ productId: piece.id, quantity: 2 }]),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status).toBe(201);
    const recorded = await snapshot();
    expect(recorded?.held).toBeGreaterThanOrEqual(2);
    expect(recorded?.free).toBeGreaterThanOrEqual(2);
    expect(Date.parse(String(recorded?.at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it(`all held: a proof solved while quiet is refused at once; a new challenge costs ${HELD_SHARE_TOP_FACTOR} times a unit`, async () => {
    const put = (held: number, free: number) =>
      documentClient().send(
        new PutCommand({ TableName: twin().env.TABLE_COUNTERS, Item: { ...SNAPSHOT, held, free, at: new Date().toISOString() } }),
      );
    const piece = await createProduct({ stock: 3 });
    await put(0, 150);
    const quiet = await solvedChallenge(twin().url, 1);
    await put(150, 0);
    try {
      // The checkout reads the share afresh: the quiet price is under half of today's.
      const late = await call('POST', '/api/orders', {
        body: reservationBody([{ productId: piece.id, quantity: 1 }]),
        headers: { 'idempotency-key': randomUUID(), 'x-altcha': quiet },
      });
      expect(late.body.error).toMatchObject({ code: 'challenge_invalid' });
      expect(await stockOf(piece.id)).toBe(3);
      const held = await call('GET', '/api/challenge?units=2');
      expect(held.body.parameters.data).toEqual({ units: 2, maxNumber: 2 * BASE * HELD_SHARE_TOP_FACTOR });
    } finally {
      // Priced as a quiet shop again for the tests after this one (each reservation records the real count too).
      await put(0, 150);
    }
  });

  it('a burst of proofs solved while quiet: each reservation is priced at the share the ones before it left', async () => {
    const piece = await createProduct({ stock: 200 });
    // The expiry job's count (every 5 minutes in the cloud) records the exact units, the new piece's 200 among the free.
    await expiryJob();
    const before = await snapshot();
    const [held, total] = [Number(before?.held), Number(before?.held) + Number(before?.free)];
    expect(total).toBeGreaterThanOrEqual(200);
    // Twenty customers of 10 units each, every proof asked and solved while the shop is this quiet.
    const proofs = await Promise.all(Array.from({ length: 20 }, () => solvedChallenge(twin().url, 10)));
    const answers = await Promise.all(
      proofs.map((proof) =>
        call('POST', '/api/orders', {
          body: reservationBody([{ productId: piece.id, quantity: 10 }]),
          headers: { 'idempotency-key': randomUUID(), 'x-altcha': proof },
        }),
      ),
    );
    // Each proof pays up to `limit` units held (a third of the catalogue at the quiet price): the takes
    // stop there, one after another, where all twenty passed the share read before the first.
    const limit = heldLimit(10 * BASE, BASE, 10, total);
    const expected = Math.floor((limit - held) / 10) + 1;
    const placed = answers.filter((answer) => answer.status === 201).length;
    expect(expected).toBeLessThan(15);
    expect(placed).toBe(expected);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused.body.error).toMatchObject({ code: 'challenge_invalid' });
    expect(await stockOf(piece.id)).toBe(200 - 10 * placed);
    expect(Number((await snapshot())?.held)).toBe(held + 10 * placed);
  });
});
