/**
 * The proof of work of every public write (docs/design.md §28): `GET /api/challenge` hands out a signed
 * ALTCHA challenge; each of the five public writes refuses a request without a solved one (400
 * `challenge_required`), with a wrong or expired one (`challenge_invalid`) or with one already used
 * (`challenge_used`), and then writes nothing. A browser retrying a lost answer (same Idempotency-Key,
 * same proof) gets the first answer back. Through the real front door, handlers and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { botCheckTexts as apiTexts } from '#shared/messages/index.ts';
import { routes } from '#lambdas/routes.ts';
import { CHALLENGE_SECONDS, newChallenge } from '#lambdas/services/challenges.ts';
import { ORDER_LINK_ENV } from '#lambdas/contracts/env.ts';
import { solvedChallenge } from '../support/clients.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { call, documentClient, twin, type Answer } from '../support/twin.ts';

type Write =
  'POST /api/orders' | 'POST /api/orders/lookup' | 'POST /api/contact-messages' | 'POST /api/stock-alerts' | 'POST /api/uploads/proof';

/** What each public write is sent, and how to tell it wrote nothing. */
interface Case {
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  /** A reading of what the write would change, taken before and after a refused request. */
  readonly state: () => Promise<unknown>;
}

const scanCount = async (table: string, field: string, value: string) => {
  const { Items = [] } = await documentClient().send(
    new ScanCommand({
      TableName: twin().env[table],
      FilterExpression: '#f = :v',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
  return Items.length;
};

async function cases(): Promise<Record<Write, Case>> {
  const piece = await createProduct({ stock: 5 });
  const soldOut = await createProduct({ stock: 0 });
  const email = `robo.${randomUUID().slice(0, 8)}@example.com`;
  const placed = await call('POST', '/api/orders', {
    body: reservationBody([{ productId: piece.id, quantity: 1 }], { email }),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status).toBe(201);
  const stock = async () => (await call('GET', `/api/products/${piece.id}`)).body.product.stock as number;
  return {
    'POST /api/orders': {
      body: reservationBody([{ productId: piece.id, quantity: 1 }]),
      headers: { 'idempotency-key': randomUUID() },
      state: stock,
    },
    'POST /api/orders/lookup': {
      body: { orderNumber: String(placed.body.order.orderNumber), email },
      state: () => scanCount('TABLE_OUTBOX', 'to', email),
    },
    'POST /api/contact-messages': {
      body: { name: 'Robô', email, phone: '912345678', subject: 'Olá', message: 'Mensagem de teste.' },
      state: () => scanCount('TABLE_CONTACT_MESSAGES', 'email', email),
    },
    'POST /api/stock-alerts': { body: { email, productId: soldOut.id }, state: () => scanCount('TABLE_STOCK_ALERTS', 'email', email) },
    'POST /api/uploads/proof': {
      body: { contentType: 'image/png', size: 1000 },
      state: async () => 'presigns write nothing: the answer carries no upload',
    },
  };
}

const send = (key: Write, c: Case, proof: string | undefined): Promise<Answer<any>> =>
  call('POST', key.slice(5), {
    body: c.body,
    headers: { ...c.headers, ...(proof !== undefined ? { 'x-altcha': proof } : {}) },
    challenge: false,
  });

/** A challenge the shop signed `ageSeconds` ago (with its own key), solved: expired once older than its life. */
async function solvedOldChallenge(ageSeconds: number): Promise<string> {
  process.env[ORDER_LINK_ENV.secretArn] = twin().env[ORDER_LINK_ENV.secretArn];
  const challenge = (await newChallenge(200, 1, { held: 0, free: 0 }, new Date(Date.now() - ageSeconds * 1000))) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A solved payload with one thing changed after solving. */
function tampered(
  proof: string,
  change: (payload: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void,
): string {
  const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const expectRefused = (answer: Answer<any>, code: string, message: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({ code, message });
};

describe('GET /api/challenge', () => {
  it('hands out a signed ALTCHA v2 challenge with an expiry, never cached, a new one each time', async () => {
    const [a, b] = await Promise.all([call('GET', '/api/challenge'), call('GET', '/api/challenge')]);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyLength: 32 });
    expect(a.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(a.body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + CHALLENGE_SECONDS - 30);
    expect(a.body.parameters.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + CHALLENGE_SECONDS + 1);
    expect(b.body.parameters.nonce).not.toBe(a.body.parameters.nonce);
  });

  it('guards exactly the six public writes of the design', () => {
    const guarded = routes.filter((r) => 'challenge' in r && r.challenge).map((r) => `${r.method} ${r.path}`);
    expect(guarded.sort()).toEqual([
      'POST /api/contact-messages',
      'POST /api/discount-codes/check',
      'POST /api/orders',
      'POST /api/orders/lookup',
      'POST /api/stock-alerts',
      'POST /api/uploads/proof',
    ]);
  });
});

describe('every public write needs its own solved challenge, and writes nothing without one', () => {
  it.each([
    'POST /api/orders',
    'POST /api/orders/lookup',
    'POST /api/contact-messages',
    'POST /api/stock-alerts',
    'POST /api/uploads/proof',
  ] as const)('%s: without, wrong, forged, expired, reused → 400 with its code; nothing written', async (key) => {
    const c = (await cases())[key];
    const before = await c.state();

    expectRefused(await send(key, c, undefined), 'challenge_required', apiTexts.challengeRequired);
    expectRefused(await send(key, c, ''), 'challenge_required', apiTexts.challengeRequired);
    expectRefused(await send(key, c, 'não-é-base64{'), 'challenge_invalid', apiTexts.challengeInvalid);

    const good = await solvedChallenge(twin().url);
    // A key not derived from the number, a changed parameter (a cheaper cost), a signature of its own.
    expectRefused(
      await send(
        key,
        c,
        tampered(good, (p) => {
          p.solution.derivedKey = p.solution.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0'));
        }),
      ),
      'challenge_invalid',
      apiTexts.challengeInvalid,
    );
    expectRefused(
      await send(
        key,
        c,
        tampered(good, (p) => {
          p.challenge.parameters.cost = 1;
        }),
      ),
      'challenge_invalid',
      apiTexts.challengeInvalid,
    );
    expectRefused(
      await send(
        key,
        c,
        tampered(good, (p) => {
          p.challenge.signature = '0'.repeat(64);
        }),
      ),
      'challenge_invalid',
      apiTexts.challengeInvalid,
    );
    expectRefused(await send(key, c, await solvedOldChallenge(CHALLENGE_SECONDS + 5)), 'challenge_invalid', apiTexts.challengeInvalid);
    expect(await c.state()).toEqual(before);

    // The solved one serves once; the same proof again is refused and writes nothing more.
    const first = await send(key, c, good);
    expect(first.status).toBeLessThan(300);
    const afterFirst = await c.state();
    const again = await send(
      key,
      { ...c, headers: { ...c.headers, ...(c.headers?.['idempotency-key'] ? { 'idempotency-key': randomUUID() } : {}) } },
      good,
    );
    expectRefused(again, 'challenge_used', apiTexts.challengeUsed);
    expect(again.body.upload).toBeUndefined();
    expect(await c.state()).toEqual(afterFirst);
  });

  it('a challenge a little old but not expired still passes (the form may take minutes)', async () => {
    const c = (await cases())['POST /api/contact-messages'];
    expect((await send('POST /api/contact-messages', c, await solvedOldChallenge(CHALLENGE_SECONDS - 60))).status).toBe(201);
  });
});

describe('a lost answer retried by the browser', () => {
  it('the same Idempotency-Key, body and proof again → the same order, once; the proof with another key → challenge_used', async () => {
    const piece = await createProduct({ stock: 5 });
    const body = reservationBody([{ productId: piece.id, quantity: 1 }]);
    const key = randomUUID();
    const proof = await solvedChallenge(twin().url);
    const post = (idempotencyKey: string) =>
      call('POST', '/api/orders', { body, headers: { 'idempotency-key': idempotencyKey, 'x-altcha': proof } });

    const first = await post(key);
    expect(first.status).toBe(201);
    const retried = await post(key);
    expect(retried.status).toBe(200);
    expect(retried.body.order.id).toBe(first.body.order.id);
    expectRefused(await post(randomUUID()), 'challenge_used', apiTexts.challengeUsed);
    expect((await call('GET', `/api/products/${piece.id}`)).body.product.stock).toBe(4);
  });

  it('the same key and proof with another body → challenge_used, nothing more reserved', async () => {
    const piece = await createProduct({ stock: 5 });
    const key = randomUUID();
    const proof = await solvedChallenge(twin().url);
    // Another body the proof is priced for (one unit, another buyer's e-mail).
    const post = (email: string) =>
      call('POST', '/api/orders', {
        body: reservationBody([{ productId: piece.id, quantity: 1 }], { email }),
        headers: { 'idempotency-key': key, 'x-altcha': proof },
      });
    expect((await post('primeira@example.com')).status).toBe(201);
    expectRefused(await post('outra@example.com'), 'challenge_used', apiTexts.challengeUsed);
    expect((await call('GET', `/api/products/${piece.id}`)).body.product.stock).toBe(4);
  });

  it.each(['POST /api/orders/lookup', 'POST /api/contact-messages', 'POST /api/stock-alerts', 'POST /api/uploads/proof'] as const)(
    '%s keeps no idempotency record: one proof with a fixed Idempotency-Key serves once, the same request again → challenge_used',
    async (key) => {
      const c = (await cases())[key];
      const fixed = { ...c, headers: { 'idempotency-key': 'fixed-key-0001' } };
      const proof = await solvedChallenge(twin().url);
      const first = await send(key, fixed, proof);
      expect(first.status).toBeLessThan(300);
      const afterFirst = await c.state();
      const again = await send(key, fixed, proof);
      expectRefused(again, 'challenge_used', apiTexts.challengeUsed);
      expect(again.body.upload).toBeUndefined();
      expect(await c.state()).toEqual(afterFirst);
    },
  );
});
