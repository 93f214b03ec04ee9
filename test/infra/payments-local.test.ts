/**
 * The Stripe adapter (`lambdas/services/stripe-payments.ts`) against the twin's payment provider
 * (`infra/twin/payments-local.ts`), both real: the official `stripe` client sends its requests to the
 * local provider, and the provider's webhook events reach a receiver that verifies them with the
 * adapter, as the shop's webhook will. What is checked here is the contract both sides keep: amounts in
 * cents unchanged end to end, one payment per order however often it is asked, events signed so that a
 * forged, tampered or stale one is refused, refunds never above what was paid.
 */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaymentsLocal, TWIN_FEE, WEBHOOK_ATTEMPTS, type PaymentsLocal } from '#infra/twin/payments-local.ts';
import { HOST, listen } from '#infra/twin/processes.ts';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from '#lambdas/services/payment-provider.ts';
import { stripeProvider } from '#lambdas/services/stripe-payments.ts';

const SECRET_KEY = 'sk_test_twin_0123456789';
const WEBHOOK_SECRET = 'whsec_twin_current';
const OLD_WEBHOOK_SECRET = 'whsec_twin_previous';

let local: PaymentsLocal;
let provider: PaymentProvider;
let receiver: http.Server;
/** What the receiver verified, and what it refused. */
const received: PaymentEvent[] = [];
const refused: string[] = [];
/** The receiver's answer (500 makes the provider send again). */
let answer = 200;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        received.push(
          provider.verifyEvent(Buffer.concat(chunks).toString('utf8'), {
            'stripe-signature': request.headers['stripe-signature'] as string | undefined,
          }),
        );
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
      }
      response.writeHead(answer);
      response.end();
    });
  });
  const port = await listen(receiver);
  local = await startPaymentsLocal({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://${HOST}:${port}/api/payments/stripe`,
  });
  provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecrets: [WEBHOOK_SECRET, OLD_WEBHOOK_SECRET], endpoint: local.endpoint });
});

afterAll(async () => {
  await local.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  refused.length = 0;
  answer = 200;
});

const request = (orderId: string, amountCents = 3180) => ({
  orderId,
  amountCents,
  phone: '+351912345678',
  email: 'ana@example.pt',
  description: `Joias Inox, encomenda ${orderId}`,
});

describe('MB WAY through the Stripe adapter', () => {
  it('creates one payment per order, pending until the customer approves; the approval arrives signed, in cents', async () => {
    const first = await provider.startPayment({ ...request('100001'), method: 'mbway' });
    const again = await provider.startPayment({ ...request('100001'), method: 'mbway' });
    expect(first).toMatchObject({ method: 'mbway', amountCents: 3180, status: 'pending' });
    expect(again.paymentId).toBe(first.paymentId);
    expect(local.intents().filter((intent) => intent.metadata.orderId === '100001')).toHaveLength(1);

    await local.approve(first.paymentId);
    expect(refused).toEqual([]);
    expect(received).toEqual([
      {
        eventId: expect.stringMatching(/^evt_/),
        kind: 'succeeded',
        paymentId: first.paymentId,
        orderId: '100001',
        amountCents: 3180,
        currency: 'EUR',
      },
    ]);
    expect((await provider.payment(first.paymentId)).status).toBe('succeeded');
    const fee = Math.round(3180 * TWIN_FEE.rate) + TWIN_FEE.fixedCents;
    expect(await provider.settlement(first.paymentId)).toEqual({ feeCents: fee, netCents: 3180 - fee });
  });

  it('a declined request is a failed payment with its reason, and has no settlement', async () => {
    const payment = await provider.startPayment({ ...request('100002'), method: 'mbway' });
    await local.decline(payment.paymentId);
    expect(received).toEqual([
      {
        eventId: expect.any(String),
        kind: 'failed',
        paymentId: payment.paymentId,
        orderId: '100002',
        reason: expect.stringContaining('declined'),
      },
    ]);
    expect((await provider.payment(payment.paymentId)).status).toBe('failed');
    expect(await provider.settlement(payment.paymentId)).toBeUndefined();
  });

  it('refuses a request the provider cannot make: no phone, or less than 0,50 €', async () => {
    await expect(provider.startPayment({ ...request('100003'), phone: undefined, method: 'mbway' })).rejects.toMatchObject({
      kind: 'request',
    });
    await expect(provider.startPayment({ ...request('100004', 49), method: 'mbway' })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Multibanco through the Stripe adapter', () => {
  it('gives entidade, referência, the same amount and an expiry; paying it is a succeeded payment', async () => {
    const payment = await provider.startPayment({ ...request('100010', 12345), method: 'multibanco' });
    expect(payment).toMatchObject({ method: 'multibanco', status: 'pending', amountCents: 12345 });
    expect(payment.multibanco).toMatchObject({
      entity: expect.stringMatching(/^\d{5}$/),
      reference: expect.stringMatching(/^\d{9}$/),
      amountCents: 12345,
    });
    expect(Date.parse(payment.multibanco!.expiresAt)).toBeGreaterThan(Date.now());
    await local.payReference(payment.paymentId);
    expect(received).toMatchObject([{ kind: 'succeeded', paymentId: payment.paymentId, orderId: '100010', amountCents: 12345 }]);
  });

  it('an expired reference is a failed payment', async () => {
    const payment = await provider.startPayment({ ...request('100011'), method: 'multibanco' });
    await local.expireReference(payment.paymentId);
    expect(received).toMatchObject([{ kind: 'failed', paymentId: payment.paymentId, reason: expect.stringContaining('expired') }]);
  });
});

describe('webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_forged',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_x', amount_received: 100, currency: 'eur', metadata: { orderId: '1' } } },
  });
  const sign = (payload: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`;

  it('accepts the current and, during a rotation, the previous endpoint secret', () => {
    expect(provider.verifyEvent(body, { 'stripe-signature': sign(body, WEBHOOK_SECRET) })).toMatchObject({
      kind: 'succeeded',
      eventId: 'evt_forged',
    });
    expect(provider.verifyEvent(body, { 'stripe-signature': sign(body, OLD_WEBHOOK_SECRET) })).toMatchObject({ kind: 'succeeded' });
  });

  it('refuses an unsigned, forged, tampered or stale event', () => {
    expect(() => provider.verifyEvent(body, {})).toThrow(PaymentSignatureError);
    expect(() => provider.verifyEvent(body, { 'stripe-signature': sign(body, 'whsec_someone_else') })).toThrow(PaymentSignatureError);
    expect(() =>
      provider.verifyEvent(body.replace('"amount_received":100', '"amount_received":1'), {
        'stripe-signature': sign(body, WEBHOOK_SECRET),
      }),
    ).toThrow(PaymentSignatureError);
    expect(() =>
      provider.verifyEvent(body, { 'stripe-signature': sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) }),
    ).toThrow(PaymentSignatureError);
  });

  it('the provider sends an event again while the shop answers an error, and stops at the first 2xx', async () => {
    const payment = await provider.startPayment({ ...request('100020'), method: 'mbway' });
    answer = 500;
    const deliveries = await local.approve(payment.paymentId);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array.from({ length: WEBHOOK_ATTEMPTS }, () => 500));
    // Every attempt is the same event, so the shop's idempotency per event id makes it one effect.
    expect(new Set(received.map((event) => event.eventId)).size).toBe(1);
    expect(received).toHaveLength(WEBHOOK_ATTEMPTS);
  });
});

describe('refunds and keys', () => {
  it('refunds part, then the rest, never more than what was paid; a repeated key is one refund', async () => {
    const payment = await provider.startPayment({ ...request('100030', 5000), method: 'mbway' });
    await local.approve(payment.paymentId);
    const part = await provider.refund(payment.paymentId, 1200, 'refund-100030-1');
    const same = await provider.refund(payment.paymentId, 1200, 'refund-100030-1');
    expect(same.refundId).toBe(part.refundId);
    await expect(provider.refund(payment.paymentId, 4000, 'refund-100030-2')).rejects.toMatchObject({ kind: 'request' });
    const rest = await provider.refund(payment.paymentId, undefined, 'refund-100030-3');
    expect([part.amountCents, rest.amountCents]).toEqual([1200, 3800]);
    await expect(provider.refund(payment.paymentId, undefined, 'refund-100030-4')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('cannot refund a payment that did not succeed', async () => {
    const payment = await provider.startPayment({ ...request('100031'), method: 'mbway' });
    await expect(provider.refund(payment.paymentId, undefined, 'refund-100031')).rejects.toMatchObject({ kind: 'request' });
  });

  it('checks the keys with a harmless call: the right key passes, a wrong one is a credentials error', async () => {
    await expect(provider.checkCredentials()).resolves.toBeUndefined();
    const wrong = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecrets: [WEBHOOK_SECRET], endpoint: local.endpoint });
    await expect(wrong.checkCredentials()).rejects.toMatchObject({ kind: 'credentials' });
  });

  it('answers only with a key: a request without one is refused as Stripe refuses it', async () => {
    const answer = await fetch(`${local.url}/v1/balance`);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
