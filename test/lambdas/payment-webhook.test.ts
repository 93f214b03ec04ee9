/**
 * The payment provider's webhook, `POST /api/payments/stripe` (docs/design.md §34), through the front
 * door (as CloudFront: the origin secret added, the web ACL's rules on), the gateway and the real
 * handler, against DynamoDB Local and the twin's provider (`infra/twin/payments-local.ts`) whose
 * events are signed as Stripe signs them. This file runs its own twin: its functions must get the
 * provider's keys secret and endpoint, which the shared twin does not give them yet.
 *
 * The reservation is made through `POST /api/orders`; its PaymentIntent is made on the twin's provider
 * with the Stripe adapter (`metadata.orderId`) and its id stored on the order, as the payments consumer
 * of the orders stream does once it is wired in.
 */
import http from 'node:http';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { paymentEventTexts } from '#shared/messages/index.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { logger } from '#lambdas/logger.ts';
import { stripeProvider } from '#lambdas/services/stripe-payments.ts';
import { SHOP } from '#lambdas/services/order-lifecycle.ts';
import type { PaymentProvider } from '#lambdas/services/payment-provider.ts';
import { EDGE_MAX_BODY_BYTES } from '#infra/common/edge-rules.ts';
import { startPaymentsLocal, TWIN_FEE, type PaymentsLocal } from '#infra/twin/payments-local.ts';
import { HOST, listen } from '#infra/twin/processes.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { readSecretJson } from '#lambdas/repositories/secrets.ts';
import { routes, type Route } from '#lambdas/routes.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, laterMailsTo, mailsTo, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { adminIdToken, call, callRoute, documentClient, twin, useOwnTwin } from '../support/twin.ts';

const SECRET_KEY = 'sk_test_twin_webhook_0123456789';
const WEBHOOK_SECRET = 'whsec_twin_webhook_current';
const WEBHOOK_PATH = '/api/payments/stripe';

let own: Twin;
let local: PaymentsLocal;
let provider: PaymentProvider;
let relay: http.Server;
/** What the provider sent through the relay (raw body and signature), newest last. */
const relayed: { body: string; signature: string }[] = [];
/** `forward`: the relay passes each event on to the shop; `hold`: it keeps it and answers 503 (the shop never sees it). */
let relayMode: 'forward' | 'hold' = 'forward';

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    edge: { enabled: true },
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  useOwnTwin(twinInfo(own));
  const arn = await own.secrets.ensure('payment-keys', () =>
    JSON.stringify({ provider: 'stripe', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }),
  );
  // A relay between the provider and the shop's front door, where the tests keep what the provider sent.
  relay = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      relayed.push({ body, signature });
      if (relayMode === 'hold') {
        response.writeHead(503).end();
        return;
      }
      void fetch(`${own.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type']), 'stripe-signature': signature },
        body,
      }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      });
    });
  });
  const port = await listen(relay);
  local = await startPaymentsLocal({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://${HOST}:${port}${WEBHOOK_PATH}`,
  });
  process.env[PAYMENT_KEYS_ENV.secretArn] = arn;
  process.env[PAYMENT_KEYS_ENV.endpoint] = local.url;
  provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecrets: [WEBHOOK_SECRET], endpoint: local.endpoint });
}, 180_000);

afterAll(async () => {
  await local?.stop();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await own?.stop();
});

const storedOrder = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item!;
const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const movementsOf = async (productId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_STOCK_MOVEMENTS,
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];
const eventRecord = async (eventId: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_IDEMPOTENCY, Key: { id: `payment-event#stripe#${eventId}` }, ConsistentRead: true }),
    )
  ).Item;
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
/** Sends a notification to the shop as the provider would (through the front door). */
const notify = (body: string, signature?: string) =>
  call('POST', WEBHOOK_PATH, {
    raw: body,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

/**
 * A reservation of one piece through `POST /api/orders`, with its MB WAY (or Multibanco) payment made on the twin's provider and stored on
 * it.
 */
async function reservedWithPayment(method: 'mbway' | 'multibanco' = 'mbway') {
  const piece = await createProduct({ stock: 4, priceCents: 2590 });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
  expect(placed.status).toBe(201);
  const order = placed.body.order;
  const payment = await provider.startPayment({
    orderId: order.id,
    amountCents: order.totalCents,
    method,
    phone: '+351912345678',
    email: order.email,
    description: `Joias Inox, encomenda ${order.orderNumber}`,
  });
  const record: ProviderPaymentRecord = { provider: 'stripe', method, status: 'pending', paymentId: payment.paymentId };
  await documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id: order.id },
      UpdateExpression: 'SET providerPayment = :p',
      ExpressionAttributeValues: { ':p': record },
    }),
  );
  return { piece, order, payment };
}

/** A succeeded payment whose event the relay kept from the shop: its raw body, as the provider sent it. */
async function heldSuccess(method: 'mbway' | 'multibanco' = 'mbway') {
  const reserved = await reservedWithPayment(method);
  relayMode = 'hold';
  try {
    if (method === 'mbway') await local.approve(reserved.payment.paymentId);
    else await local.payReference(reserved.payment.paymentId);
  } finally {
    relayMode = 'forward';
  }
  const body = relayed.at(-1)!.body;
  return { ...reserved, body, eventId: (JSON.parse(body) as Stripe.Event).id };
}

const confirmedMails = async (email: string) =>
  (await laterMailsTo(email)).filter((mail) => mail.subject.startsWith('Pagamento confirmado'));
const ownerPaidMails = async (orderNumber: number) =>
  (await mailsTo(twin().env.MAIL_FROM!)).filter((mail) => mail.subject.startsWith(`Encomenda paga: nº ${orderNumber} `));

describe('POST /api/payments/stripe: a payment the provider confirms', () => {
  it('approving the MB WAY request: Enviar within 5 s, one confirmation, owner told, stock taken once, one amount everywhere', async () => {
    const { piece, order, payment } = await reservedWithPayment();
    expect(await stockOf(piece.id)).toBe(3);
    const started = Date.now();
    const deliveries = await local.approve(payment.paymentId);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200]);
    const stored = await storedOrder(order.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stored.status).toBe('Enviar');
    const fee = Math.round(order.totalCents * TWIN_FEE.rate) + TWIN_FEE.fixedCents;
    expect(stored.providerPayment).toMatchObject({
      provider: 'stripe',
      method: 'mbway',
      status: 'succeeded',
      paymentId: payment.paymentId,
      feeCents: fee,
      netCents: order.totalCents - fee,
      paidAt: expect.any(String),
    });
    expect(stored.expiresAt).toBeUndefined();
    // Moved by the shop on the provider's word ("automaticamente" on the owner's page), not by the customer.
    expect(stored.timeline.filter((entry: { kind: string }) => entry.kind === 'status')).toEqual([
      expect.objectContaining({ from: 'Aguarda Pagamento', to: 'Enviar', by: SHOP, text: expect.stringContaining('MB WAY') }),
    ]);

    // The same amount in cents in the order, the PaymentIntent and the event.
    const intent = local.intents().find((candidate) => candidate.id === payment.paymentId)!;
    const event = JSON.parse(relayed.at(-1)!.body) as Stripe.Event;
    expect(event.type).toBe('payment_intent.succeeded');
    expect([
      intent.amount,
      intent.amount_received,
      (event.data.object as Stripe.PaymentIntent).amount_received,
      payment.amountCents,
    ]).toEqual(Array(4).fill(order.totalCents));

    const confirmed = await confirmedMails(order.email);
    expect(confirmed.map((mail) => mail.subject)).toEqual([`Pagamento confirmado: encomenda nº ${order.orderNumber}`]);
    // It says the provider confirmed it, and by which method.
    expect(confirmed[0]!.body.text).toContain('O pagamento por MB WAY da tua encomenda');
    expect(await ownerPaidMails(order.orderNumber)).toHaveLength(1);
    expect(await stockOf(piece.id)).toBe(3);
    expect(await movementsOf(piece.id)).toEqual([expect.objectContaining({ delta: -1, reason: 'reservation' })]);
    // The customer's view: paid, the payment succeeded, nothing of its fee.
    const view = await callRoute('GET /api/orders/{id}', { params: { id: order.id } }, { headers: { 'x-order-token': order.accessToken } });
    expect(view.body.order.status).toBe('Enviar');
  });

  it('a declined MB WAY request leaves the reservation Aguarda Pagamento, failed with a reason, payable by a manual method', async () => {
    const { piece, order, payment } = await reservedWithPayment();
    expect((await local.decline(payment.paymentId)).map((delivery) => delivery.status)).toEqual([200]);
    const stored = await storedOrder(order.id);
    expect(stored.status).toBe('Aguarda Pagamento');
    expect(stored.providerPayment).toMatchObject({
      status: 'failed',
      paymentId: payment.paymentId,
      failure: paymentEventTexts.failure.mbway,
    });
    expect(stored.expiresAt).toBe(order.expiresAt);
    expect(await stockOf(piece.id)).toBe(3);
    expect(await confirmedMails(order.email)).toEqual([]);
    // Still payable: the customer sends the proof of a transfer.
    const paid = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: order.id },
      body: { accessToken: order.accessToken, proofKey: await uploadProof() },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('Confirmar Pagamento');
  });
});

describe('POST /api/payments/stripe: what is refused or changes nothing', () => {
  it('the same event delivered 5 times at once (each a retry, signed anew) is one effect', async () => {
    const { piece, order, body, eventId } = await heldSuccess('multibanco');
    expect((await storedOrder(order.id)).status).toBe('Aguarda Pagamento');
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body, sign(body))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = await storedOrder(order.id);
    expect(stored.status).toBe('Enviar');
    expect(stored.timeline.filter((entry: { to?: string }) => entry.to === 'Enviar')).toHaveLength(1);
    expect(await eventRecord(eventId)).toMatchObject({ orderId: order.id });
    expect(await confirmedMails(order.email)).toHaveLength(1);
    expect(await ownerPaidMails(order.orderNumber)).toHaveLength(1);
    expect(await stockOf(piece.id)).toBe(3);
    // Later still (the provider's retries last days): the same answer, nothing more.
    expect((await notify(body, sign(body))).status).toBe(200);
    const moves = (timeline: { kind: string }[]) => timeline.filter((entry) => entry.kind !== 'email');
    expect(moves((await storedOrder(order.id)).timeline)).toEqual(moves(stored.timeline));
  });

  it('a forged, unsigned, tampered or stale event is a 400 and changes nothing', async () => {
    const { order, body, eventId } = await heldSuccess();
    const before = await storedOrder(order.id);
    const tampered = body.replace(`"amount_received":${order.totalCents}`, '"amount_received":1');
    expect(tampered).not.toBe(body);
    const stale = sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    for (const [what, answer] of [
      ['unsigned', await notify(body)],
      ['forged', await notify(body, sign(body, 'whsec_someone_else'))],
      ['tampered', await notify(tampered, sign(body))],
      ['stale', await notify(body, stale)],
    ] as const) {
      expect({ what, status: answer.status, code: answer.body?.error?.code }).toEqual({ what, status: 400, code: 'signature_invalid' });
    }
    expect(await storedOrder(order.id)).toEqual(before);
    expect(await eventRecord(eventId)).toBeUndefined();
  });

  it('a signed event an hour ahead is refused; another currency or amount is recorded, the owner told, the order not moved', async () => {
    const ahead = await heldSuccess();
    const future = await notify(ahead.body, sign(ahead.body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 3600));
    expect({ status: future.status, code: future.body?.error?.code }).toEqual({ status: 400, code: 'signature_invalid' });
    expect((await storedOrder(ahead.order.id)).status).toBe('Aguarda Pagamento');

    for (const [what, change] of [
      ['currency', (body: string) => body.replaceAll('"currency":"eur"', '"currency":"usd"')],
      ['amount', (body: string, total: number) => body.replace(`"amount_received":${total}`, `"amount_received":${total - 100}`)],
    ] as const) {
      const held = await heldSuccess();
      const body = change(held.body, held.order.totalCents);
      expect(body, what).not.toBe(held.body);
      const answer = await notify(body, sign(body));
      expect(answer.status, what).toBe(200);
      const stored = await storedOrder(held.order.id);
      expect(stored.status, what).toBe('Aguarda Pagamento');
      expect(stored.providerPayment, what).toMatchObject({ status: 'succeeded', mismatch: true });
      expect(
        stored.timeline.filter((entry: { kind: string }) => entry.kind === 'note'),
        what,
      ).toEqual([expect.objectContaining({ text: expect.stringContaining('devolve-o ao cliente') })]);
      const admin = await call<{ order: { financialStatus: string; ledger: { state: string; currency: string }[] } }>(
        'GET',
        `/api/admin/orders/${held.order.id}`,
        { token: await adminIdToken() },
      );
      expect(admin.body.order.financialStatus, what).toBe('failed');
      expect(admin.body.order.ledger.at(-1), what).toMatchObject({ state: 'failed', currency: what === 'currency' ? 'USD' : 'EUR' });
    }
  });

  it('an event for a payment the shop does not know is answered 200, logged, and changes nothing', async () => {
    const { order, body } = await heldSuccess();
    const before = await storedOrder(order.id);
    const warn = vi.spyOn(logger, 'warn');
    try {
      const otherPayment = body.replaceAll(before.providerPayment.paymentId, 'pi_notTheShops000000000');
      const otherOrder = body.replaceAll(`"orderId":"${order.id}"`, '"orderId":"999999999"');
      expect((await notify(otherPayment, sign(otherPayment))).status).toBe(200);
      expect((await notify(otherOrder, sign(otherOrder))).status).toBe(200);
      const logged = warn.mock.calls.filter(([message]) => message === 'payment notification for a payment the shop does not know');
      expect(logged).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
    expect(await storedOrder(order.id)).toEqual(before);
  });

  it('a body larger than what the edge inspects is refused there; a real event is far below it', async () => {
    const { body } = await heldSuccess();
    expect(Buffer.byteLength(body)).toBeLessThan(EDGE_MAX_BODY_BYTES / 4);
    const big = JSON.stringify({ padding: 'x'.repeat(EDGE_MAX_BODY_BYTES) });
    expect((await notify(big, sign(big))).status).toBe(413);
  });
});

describe('POST /api/payments/stripe: the route as the cloud runs it', () => {
  it('answers only through the front door (the origin lock): straight to the API, a signed event is a 403, changes nothing', async () => {
    const { order, body, eventId } = await heldSuccess();
    const direct = await fetch(`${own.apiOriginUrl}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
      body,
    });
    expect(direct.status).toBe(403);
    expect((await storedOrder(order.id)).status).toBe('Aguarda Pagamento');
    expect(await eventRecord(eventId)).toBeUndefined();
  });

  it('verifies the raw bytes when API Gateway passes the body base64 (a content type it does not take for text)', async () => {
    const { order, body } = await heldSuccess();
    const answer = await call('POST', WEBHOOK_PATH, {
      raw: body,
      headers: { 'content-type': 'application/octet-stream', 'stripe-signature': sign(body) },
    });
    expect(answer.status).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('Enviar');
  });

  it("the provider's keys and address are named only to a function whose row grants them, and read only by it", async () => {
    const row = routes.find((route) => route.path === WEBHOOK_PATH)! as Route;
    expect(row.grants).toContainEqual({ paymentKeys: true });
    expect('challenge' in row).toBe(false);
    const arn = process.env[PAYMENT_KEYS_ENV.secretArn]!;
    const as = <T>(grants: Route['grants'], work: () => Promise<T>) => asFunction({ name: 'test', grants, api: true }, work);
    const named = async () => [process.env[PAYMENT_KEYS_ENV.secretArn], process.env[PAYMENT_KEYS_ENV.endpoint]];
    expect(await as(row.grants, named)).toEqual([arn, local.url]);
    expect(await as([{ orderLinks: true }, { table: 'orders', access: 'readWrite' }], named)).toEqual([undefined, undefined]);
    expect(await as(row.grants, () => readSecretJson(arn))).toMatchObject({ secretKey: SECRET_KEY });
    await expect(as([{ orderLinks: true }], () => readSecretJson(arn))).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});

describe('POST /api/payments/stripe: a payment the order cannot keep', () => {
  it('a payment after the reservation closed is recorded, marked for refund in full; the order stays closed, its stock back', async () => {
    const { piece, order, payment } = await reservedWithPayment();
    const cancelled = await callRoute(
      'POST /api/orders/{id}/cancel',
      { params: { id: order.id } },
      { headers: { 'x-order-token': order.accessToken } },
    );
    expect(cancelled.body.order.status).toBe('Encerrada');
    expect(await stockOf(piece.id)).toBe(4);
    expect((await local.approve(payment.paymentId)).map((delivery) => delivery.status)).toEqual([200]);
    const stored = await storedOrder(order.id);
    expect(stored.status).toBe('Encerrada');
    expect(stored.providerPayment).toMatchObject({
      status: 'succeeded',
      paymentId: payment.paymentId,
      refundRequestedCents: order.totalCents,
    });
    expect(stored.timeline.filter((entry: { kind: string }) => entry.kind === 'note')).toEqual([
      expect.objectContaining({ text: expect.stringContaining('depois de a reserva ter fechado') }),
    ]);
    expect(await stockOf(piece.id)).toBe(4);
    expect(await confirmedMails(order.email)).toEqual([]);
  });

  it('a payment for an order the customer paid another way meanwhile leaves its status; the owner is told to give it back', async () => {
    const { order, payment } = await reservedWithPayment();
    const proof = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: order.id },
      body: { accessToken: order.accessToken, proofKey: await uploadProof() },
    });
    expect(proof.body.order.status).toBe('Confirmar Pagamento');
    expect((await local.approve(payment.paymentId)).map((delivery) => delivery.status)).toEqual([200]);
    const stored = await storedOrder(order.id);
    expect(stored.status).toBe('Confirmar Pagamento');
    expect(stored.providerPayment).toMatchObject({ status: 'succeeded', paymentId: payment.paymentId });
    expect(stored.providerPayment.refundRequestedCents).toBeUndefined();
    expect(stored.timeline.filter((entry: { kind: string }) => entry.kind === 'note')).toEqual([
      expect.objectContaining({ text: expect.stringContaining('já estava paga') }),
    ]);
    expect(await confirmedMails(order.email)).toEqual([]);
  });
});
