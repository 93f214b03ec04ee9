/**
 * Automatic payments end to end (docs/design.md §34), with no part stood in for: the reservation is
 * made through `POST /api/orders` at the front door, the orders stream's payments consumer starts the
 * payment on the twin's provider (`infra/twin/payments-local.ts`), a tester answers it in the payments
 * viewer (its own forms, as a click posts them), the provider's signed notification reaches
 * `POST /api/payments/stripe` through the front door, and the outbox sends the mails to the twin's SES.
 * A twin of this file's own, whose keys are saved and whose automatic methods are both on. A relay
 * between the provider and the front door only keeps a copy of each notification (to compare amounts).
 */
import http from 'node:http';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { HOST, listen } from '#infra/twin/processes.ts';
import { LOCAL_PAYMENT_KEYS_SECRET, PAYMENT_WEBHOOK_PATH } from '#infra/twin/twin-payments.ts';
import type { Order } from '#shared/api.ts';
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { paymentEventTexts } from '#shared/messages/index.ts';
import { groupedReference } from '#shared/automatic-payments.ts';
import { formatCents } from '#shared/money.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { twinInfo } from '../support/global-setup.ts';
import {
  createProduct,
  customerOrderView,
  isReservationMail,
  mailsTo,
  placeOrder,
  reservationBody,
  uploadProof,
  type SentMail,
} from '../support/factories.ts';
import { adminIdToken, callRoute, documentClient, useOwnTwin } from '../support/twin.ts';
import { until } from '../support/wait.ts';

let own: Twin;
let stripe: Stripe;
let relay: http.Server;
/** Every notification the provider sent to the shop, as sent (raw body), oldest first. */
const notifications: string[] = [];

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
    automaticPayments: { mbway: true, multibanco: true },
  });
  useOwnTwin(twinInfo(own));
  const keys = JSON.parse(own.secrets.current(LOCAL_PAYMENT_KEYS_SECRET)) as PaymentKeys;
  stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port: Number(new URL(own.payments.url).port), protocol: 'http' });
  // The relay passes each notification on to the front door unchanged (its answer too) and keeps a copy.
  relay = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      notifications.push(body);
      void fetch(`${own.url}${PAYMENT_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': String(request.headers['content-type']),
          'stripe-signature': String(request.headers['stripe-signature']),
        },
        body,
      }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      });
    });
  });
  const port = await listen(relay);
  own.payments.setWebhookUrl(`http://${HOST}:${port}${PAYMENT_WEBHOOK_PATH}`);
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await own?.stop();
});

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: own.env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order;
const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: own.env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const movementsOf = async (productId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: own.env.TABLE_STOCK_MOVEMENTS,
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];
/** The order once the payments consumer has started its payment (a payment id on it). */
const started = (id: string) =>
  until(
    `order ${id}'s payment started`,
    () => stored(id),
    (order) => Boolean(order.providerPayment?.paymentId),
    15_000,
  );
const subjects = (mails: readonly SentMail[], start: string) => mails.filter((mail) => mail.subject.startsWith(start));

/** What a tester does in the payments viewer: opens it, finds the payment's button, clicks it (the form posts); when it was clicked. */
async function clickInViewer(action: 'approve' | 'decline' | 'payReference', paymentId: string) {
  const page = await (await fetch(`${own.payments.url}/`)).text();
  const form = `action="/viewer/${action}/${paymentId}"`;
  expect(page).toContain(form);
  const clickedAt = Date.now();
  const answer = await fetch(`${own.payments.url}/viewer/${action}/${paymentId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  // The viewer answers once the shop has been told (its webhook answered).
  expect(answer.status).toBe(303);
  return clickedAt;
}

/** A reservation of `quantity` pieces through the front door, with an automatic method, once its payment started. */
async function reserve(method: 'mbway' | 'multibanco', priceCents: number, quantity = 1) {
  const piece = await createProduct({ stock: 5, priceCents });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity }], { paymentMethod: method }));
  expect(placed.status).toBe(201);
  const order = placed.body.order;
  expect(order.providerPayment).toEqual({ method, status: 'starting' });
  const done = await started(order.id);
  return { piece, order, paymentId: done.providerPayment!.paymentId!, done };
}

describe('automatic MB WAY, approved', () => {
  it('the consumer starts it, the viewer approves, Enviar within 5 s: one confirmation, owner told once, stock taken once', async () => {
    const { piece, order, paymentId } = await reserve('mbway', 2390, 2);
    expect(await stockOf(piece.id)).toBe(3);
    const approvedAt = await clickInViewer('approve', paymentId);
    const paid = await until(
      'the order paid',
      () => stored(order.id),
      (current) => current.status === 'Enviar',
      5000,
    );
    expect(Date.now() - approvedAt).toBeLessThan(5000);
    expect(paid.providerPayment).toMatchObject({ provider: 'stripe', method: 'mbway', status: 'succeeded', paymentId });
    expect(paid.timeline.filter((entry) => entry.kind === 'status')).toEqual([
      expect.objectContaining({ from: 'Aguarda Pagamento', to: 'Enviar' }),
    ]);

    // One amount in cents: the order's, the PaymentIntent's, the notification's.
    const intent = await stripe.paymentIntents.retrieve(paymentId);
    const events = notifications
      .map((body) => JSON.parse(body) as Stripe.Event)
      .filter((event) => (event.data.object as { id?: string }).id === paymentId);
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    const event = events[0]!.data.object as Stripe.PaymentIntent;
    expect(order.totalCents).toBe(2 * 2390 + order.shippingCents);
    expect([intent.amount, intent.amount_received, event.amount, event.amount_received]).toEqual(Array(4).fill(order.totalCents));

    const customer = await mailsTo(order.email);
    expect(subjects(customer, 'Pagamento confirmado').map((mail) => mail.subject)).toEqual([
      `Pagamento confirmado: encomenda nº ${order.orderNumber}`,
    ]);
    expect(subjects(await mailsTo(own.env.MAIL_FROM!), `Encomenda paga: nº ${order.orderNumber} `)).toHaveLength(1);
    // The stock was taken once, by the reservation; the payment took none.
    expect(await stockOf(piece.id)).toBe(3);
    expect(await movementsOf(piece.id)).toEqual([expect.objectContaining({ delta: -2, reason: 'reservation' })]);
    const view = await customerOrderView(order.id, order.accessToken!);
    expect(view.body.order).toMatchObject({ status: 'Enviar', providerPayment: { method: 'mbway', status: 'succeeded' } });
    // The customer's history: the reservation and the payment's move, with nothing of the provider's (its ids, its name).
    expect(view.body.order.timeline).toEqual([
      expect.objectContaining({ kind: 'reserved' }),
      { at: expect.any(String), kind: 'status', from: 'Aguarda Pagamento', to: 'Enviar', by: 'loja' },
    ]);
    expect(JSON.stringify(view.body)).not.toMatch(/pi_|stripe/i);
  });
});

describe('automatic MB WAY, declined', () => {
  it('the order stays Aguarda Pagamento, its payment failed with a reason in Portuguese; a transfer proof can still be sent', async () => {
    const { piece, order, paymentId } = await reserve('mbway', 1800);
    await clickInViewer('decline', paymentId);
    const failed = await until(
      'the payment failed',
      () => stored(order.id),
      (current) => current.providerPayment?.status === 'failed',
      5000,
    );
    expect(failed.status).toBe('Aguarda Pagamento');
    expect(failed.providerPayment).toMatchObject({ status: 'failed', paymentId, failure: paymentEventTexts.failure.mbway });
    expect(failed.expiresAt).toBe(order.expiresAt);
    expect(Date.parse(failed.expiresAt!)).toBeGreaterThan(Date.now());
    expect(await stockOf(piece.id)).toBe(4);
    expect(subjects(await mailsTo(order.email), 'Pagamento confirmado')).toEqual([]);
    const view = await customerOrderView(order.id, order.accessToken!);
    expect(view.body.order).toMatchObject({
      status: 'Aguarda Pagamento',
      providerPayment: { method: 'mbway', status: 'failed', failure: paymentEventTexts.failure.mbway },
    });
    // Before the deadline, a manual method's proof is still taken.
    const proof = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: order.id },
      body: { accessToken: order.accessToken, proofKey: await uploadProof() },
    });
    expect(proof.status).toBe(200);
    expect(proof.body.order.status).toBe('Confirmar Pagamento');
  });
});

describe('automatic Multibanco', () => {
  it('the reference is on the order page and in the reservation mail; paid in the viewer, the order is Enviar', async () => {
    const { order, paymentId, done } = await reserve('multibanco', 4200);
    const reference = done.providerPayment!.multibanco!;
    expect(reference).toMatchObject({ entity: '99999', reference: expect.stringMatching(/^\d{9}$/), amountCents: order.totalCents });
    const view = await customerOrderView(order.id, order.accessToken!);
    expect(view.body.order.providerPayment).toMatchObject({
      method: 'multibanco',
      status: 'pending',
      multibanco: { entity: reference.entity, reference: reference.reference, amountCents: order.totalCents },
    });
    const reservationMails = (await mailsTo(order.email)).filter(isReservationMail);
    expect(reservationMails).toHaveLength(1);
    expect(reservationMails[0]!.body.text).toContain(`Referência: ${groupedReference(reference.reference)}`);
    expect(reservationMails[0]!.body.text).toContain(`Entidade: ${reference.entity}`);
    expect(reservationMails[0]!.body.text).toContain(`Montante: ${formatCents(order.totalCents)}`);

    const paidAt = await clickInViewer('payReference', paymentId);
    const paid = await until(
      'the order paid',
      () => stored(order.id),
      (current) => current.status === 'Enviar',
      5000,
    );
    expect(Date.now() - paidAt).toBeLessThan(5000);
    expect(paid.providerPayment).toMatchObject({ method: 'multibanco', status: 'succeeded', paymentId });
    expect(subjects(await mailsTo(order.email), 'Pagamento confirmado')).toHaveLength(1);
  });
});

/** The reservation's time runs out now, and the expiry job runs (as the schedule would). */
async function expire(id: string) {
  await documentClient().send(
    new UpdateCommand({
      TableName: own.env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
  await expireReservations(new Date());
  expect((await stored(id)).status).toBe('Encerrada');
}

describe('a payment after the reservation expired', () => {
  for (const [method, action] of [
    ['mbway', 'approve'],
    ['multibanco', 'payReference'],
  ] as const) {
    it(`${method}: refunded once in full, the customer gets the order-refunded mail, the order stays closed`, async () => {
      const { piece, order, paymentId } = await reserve(method, 3100);
      await expire(order.id);
      expect(await stockOf(piece.id)).toBe(5);
      await clickInViewer(action, paymentId);
      const refunded = await until(
        'the refund',
        () => stored(order.id),
        (current) => (current.providerPayment?.refunds?.length ?? 0) > 0,
        15_000,
      );
      expect(refunded.providerPayment!.refunds).toEqual([expect.objectContaining({ amountCents: order.totalCents, reason: 'late' })]);
      // Later records of the order make no second refund.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = await stored(order.id);
      expect(after.status).toBe('Encerrada');
      expect(after.providerPayment!.refunds).toHaveLength(1);
      // The provider's side: one refund, of the full amount.
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
      expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(order.totalCents);
      const refundEvents = notifications
        .map((body) => JSON.parse(body) as Stripe.Event)
        .filter((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === paymentId);
      expect(refundEvents).toHaveLength(1);
      expect((refundEvents[0]!.data.object as Stripe.Charge).amount_refunded).toBe(order.totalCents);
      // The customer is told, once, by the `order-refunded` mail.
      const told = subjects(await mailsTo(order.email), 'Devolvemos');
      expect((await stored(order.id)).timeline.filter((entry) => entry.kind === 'email' && entry.email === 'order-refunded')).toEqual([
        expect.objectContaining({ outcome: 'sent' }),
      ]);
      expect(told.map((mail) => mail.subject)).toEqual([
        `Devolvemos-te ${formatCents(order.totalCents)} da encomenda nº ${order.orderNumber}`,
      ]);
      expect(told[0]!.body.text).toContain('chegou depois de a reserva terminar');
      expect(told[0]!.body.text).toContain(formatCents(order.totalCents));
      expect(subjects(await mailsTo(order.email), 'Pagamento confirmado')).toEqual([]);
      expect(await stockOf(piece.id)).toBe(5);
    });
  }
});

describe("a refund made in the provider's own dashboard", () => {
  it("is recorded once from its notification, beside the shop's own refunds, never counted twice", async () => {
    const { order, paymentId } = await reserve('mbway', 3000);
    await clickInViewer('approve', paymentId);
    await until(
      'the order paid',
      () => stored(order.id),
      (current) => current.status === 'Enviar',
      5000,
    );
    // The owner gives 7,00 € back in Stripe's dashboard (no key of the shop's): the notification tells the shop.
    await stripe.refunds.create({ payment_intent: paymentId, amount: 700 });
    const outside = await until(
      'the outside refund recorded',
      () => stored(order.id),
      (current) => (current.providerPayment?.refunds?.length ?? 0) === 1,
      10_000,
    );
    expect(outside.providerPayment!.refunds).toEqual([expect.objectContaining({ amountCents: 700, reason: 'outside' })]);
    expect(outside.timeline.filter((entry) => entry.kind === 'payment').map((entry) => entry.text)).toContain(
      paymentEventTexts.outsideRefund(formatCents(700)),
    );
    const admin = (await callRoute('GET /api/admin/orders/{id}', { params: { id: order.id } }, { token: await adminIdToken() })).body.order;
    expect(admin.financialStatus).toBe('partially_refunded');
    // Delivered again (the provider retries): nothing more.
    const event = notifications.findLast((body) => body.includes('charge.refunded') && body.includes(paymentId))!;
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: (JSON.parse(own.secrets.current(LOCAL_PAYMENT_KEYS_SECRET)) as PaymentKeys).webhookSecret,
    });
    const again = await fetch(`${own.url}${PAYMENT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: event,
    });
    expect(again.status).toBe(200);
    // The shop's own refund ("Devolver parte do pagamento"): its notification, whenever it comes, is not a second refund.
    const asked = await callRoute(
      'POST /api/admin/orders/{id}/refunds',
      { params: { id: order.id }, body: { refundCents: 500, expectedLeftCents: order.totalCents - 700 } },
      { token: await adminIdToken() },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const both = await until(
      'the shop refund recorded',
      () => stored(order.id),
      (current) => (current.providerPayment?.refunds?.length ?? 0) >= 2 && current.providerPayment?.refundRequestedCents === undefined,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await stored(order.id);
    expect(after.providerPayment!.refunds!.map((refund) => [refund.amountCents, refund.reason])).toEqual([
      [700, 'outside'],
      [500, 'partial'],
    ]);
    expect(both.providerPayment!.refunds).toHaveLength(2);
    const charge = (await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
    expect(charge.amount_refunded).toBe(1200);
  });
});
