/**
 * A public edge that bots cannot abuse (docs/design.md §20): per-client limits of the public write routes,
 * counted in DynamoDB per client address (as the front door, like CloudFront, passes it on) and per
 * e-mail; the origin lock refuses every request that did not come through the front door.
 * Through the real front door, gateway and handlers against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTexts } from '#shared/messages/index.ts';
import { routes } from '#lambdas/routes.ts';
import { clientId } from '#lambdas/services/rate-limits.ts';
import { nextClientAddress } from '../support/clients.ts';
import { createProduct, placeOrder, reservationBody, shippingForm } from '../support/factories.ts';
import { call, callRoute, twin } from '../support/twin.ts';

/** The route's shortest limit of a kind (the one a burst meets first). */
const limitOf = (key: string, by: 'client' | 'email') => {
  const route = routes.find((r) => `${r.method} ${r.path}` === key) as {
    limits?: readonly { by: string; max: number; windowSeconds: number }[];
  };
  return route.limits!.filter((l) => l.by === by).sort((a, b) => a.windowSeconds - b.windowSeconds)[0]!;
};
/** The fixed window a moment falls in, to tell a run that straddled two windows (then up to twice the limit passes). */
const windowOf = (ms: number, seconds: number) => Math.floor(ms / 1000 / seconds);

describe('per-client limits', () => {
  it('200 reservations from one client: the first N answered (2 reserve, others hit the hold cap), then 429, Retry-After', async () => {
    const { max, windowSeconds } = limitOf('POST /api/orders', 'client');
    const piece = await createProduct({ stock: 500 });
    const bot = nextClientAddress();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        callRoute(
          'POST /api/orders',
          { body: reservationBody([{ productId: piece.id, quantity: 1 }]) },
          { headers: { 'idempotency-key': randomUUID() }, client: bot },
        ),
      ),
    );
    const sameWindow = windowOf(started, windowSeconds) === windowOf(Date.now(), windowSeconds);
    const passed = answers.filter((a) => a.status === 201).length;
    // Past the request limit nothing is even tried; before it, one address holds at most two unpaid orders (docs/design.md §27).
    const answered = answers.filter((a) => a.status === 201 || (a.status === 409 && a.body.error.code === 'hold_limit')).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(passed).toBe(2);
    if (sameWindow) expect(answered).toBe(max);
    expect(answered + refused.length).toBe(200);
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(refused[0]!.body.error.code).toBe('too_many_requests');
    expect(refused[0]!.body.error.message).toMatch(
      /^Fizeste demasiados pedidos seguidos\. Por segurança, espera \d+ (segundos?|minutos?) e tenta novamente\.$/,
    );

    // Nothing was reserved for the refused ones.
    const stock = (await callRoute('GET /api/products/{id}', { params: { id: piece.id } })).body.product.stock;
    expect(stock).toBe(500 - passed);

    // Another shopper at the same moment reserves as usual.
    const honest = await callRoute(
      'POST /api/orders',
      { body: reservationBody([{ productId: piece.id, quantity: 1 }]) },
      { headers: { 'idempotency-key': randomUUID() }, client: nextClientAddress() },
    );
    expect(honest.status).toBe(201);
  });

  it('counts one e-mail across addresses, +aliases and Gmail dots: past the limit, that inbox is refused before any try', async () => {
    const { max } = limitOf('POST /api/orders', 'email');
    const piece = await createProduct({ stock: 100 });
    const inbox = `alvo${randomUUID().slice(0, 8).replace(/\d/g, 'x')}`;
    const statuses: string[] = [];
    for (let i = 0; i <= max; i++) {
      const local = i % 3 === 0 ? inbox.toUpperCase() : i % 3 === 1 ? `${inbox.slice(0, 2)}.${inbox.slice(2)}` : inbox;
      const email = `${local}+${i}@${i % 2 ? 'googlemail.com' : 'gmail.com'}`;
      const answer = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { email }));
      statuses.push(answer.status === 409 ? answer.body.error.code : String(answer.status));
    }
    // Two reservations, then the inbox's hold cap, until the request limit refuses even to look.
    expect(statuses.slice(0, max)).toEqual(['201', '201', ...Array(max - 2).fill('hold_limit')]);
    expect(statuses[max]).toBe('429');
  });

  it('a contact form flood from one client stops after the limit; the message is not stored', async () => {
    const { max } = limitOf('POST /api/contact-messages', 'client');
    const client = nextClientAddress();
    const send = (i: number) =>
      callRoute(
        'POST /api/contact-messages',
        {
          body: {
            name: 'Bot',
            email: `bot${i}.${randomUUID().slice(0, 6)}@example.com`,
            phone: '912345678',
            subject: 'Olá',
            message: `Spam ${i}`,
          },
        },
        { client },
      );
    const answers = [];
    for (let i = 0; i < max + 3; i++) answers.push(await send(i));
    expect(answers.slice(0, max).map((a) => a.status)).toEqual(Array(max).fill(201));
    expect(answers.slice(max).map((a) => a.status)).toEqual([429, 429, 429]);
    expect(answers[max]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('a client cannot pick its own address: the edge overwrites the viewer IP header', async () => {
    const { max } = limitOf('POST /api/uploads/proof', 'client');
    const client = nextClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const answer = await call('POST', '/api/uploads/proof', {
        body: { contentType: 'image/png', size: 100 },
        client,
        headers: { 'x-viewer-ip': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('every row with limits is a public write route and carries the rateLimits grant (else the function would be denied in AWS)', () => {
    const limited = routes.filter((r) => 'limits' in r && r.limits);
    expect(limited.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'POST /api/contact-messages',
        'POST /api/discount-codes/check',
        'POST /api/orders',
        'POST /api/orders/{id}/cancel',
        'POST /api/orders/{id}/payment-method',
        'POST /api/orders/{id}/proof',
        'POST /api/orders/lookup',
        'POST /api/stock-alerts',
        'POST /api/stock-alerts/confirm',
        'POST /api/uploads/proof',
      ].sort(),
    );
    for (const route of limited) expect(route.grants).toContainEqual({ table: 'rateLimits', access: 'write' });
  });
});

describe('who a client is', () => {
  it("an IPv4 viewer is its address; an IPv6 viewer is its /64 network (the rest is the subscriber's to change)", () => {
    expect(clientId('198.51.100.10', '10.0.0.1')).toBe('198.51.100.10');
    expect(clientId('2001:db8:0:1:aaaa:bbbb:cccc:dddd', undefined)).toBe('2001:db8:0:1::/64');
    expect(clientId('2001:db8:0:1::9', undefined)).toBe('2001:db8:0:1::/64');
    expect(clientId('2001:0db8:0000:0001:ffff::1', undefined)).toBe('2001:db8:0:1::/64');
    expect(clientId('2001:db8::1', undefined)).toBe('2001:db8:0:0::/64');
    expect(clientId('::ffff:203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(clientId(undefined, '203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('the origin lock', () => {
  it('the API origin (execute-api) refuses requests without the secret header, or with a wrong one', async () => {
    const bare = await call('GET', '/api/products', { base: twin().apiOriginUrl });
    expect(bare.status).toBe(403);
    expect(bare.body.error.message).toBe(apiTexts.originRefused);
    const wrong = await call('POST', '/api/contact-messages', {
      base: twin().apiOriginUrl,
      headers: { 'x-origin-verify': 'adivinha' },
      // Refused for the secret before any proof of work is looked at (and the origin gives none to solve).
      challenge: false,
      body: { name: 'A', email: shippingForm().email, phone: '912345678', subject: 'Olá', message: 'Olá' },
    });
    expect(wrong.status).toBe(403);
    const right = await call('GET', '/api/products', { base: twin().apiOriginUrl, headers: { 'x-origin-verify': twin().originSecret } });
    expect(right.status).toBe(200);
  });

  it('through the front door the same request passes', async () => {
    expect((await call('GET', '/api/products')).status).toBe(200);
  });
});
