/**
 * The start of automatic payments (docs/design.md §34): a reservation with MB WAY or
 * Multibanco taken by the provider gets its payment from the orders stream's payments consumer, within
 * seconds, once however often it is asked; its reservation e-mail carries the reference or the request;
 * a closed provider-paid order asking for a refund is refunded once, on its timeline (with the methods
 * off the shop works as before: `payments-off.test.ts`). Through the real handlers, the stream consumers, the twin's SES and its
 * local provider (`infra/twin/payments-local.ts`), in a twin of this file's own whose keys are saved and
 * whose automatic methods are on.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { LOCAL_PAYMENT_KEYS_SECRET } from '#infra/twin/twin-payments.ts';
import type { Order, PaymentMethodsResponse } from '#shared/api.ts';
import { checkoutTexts, paymentStartTexts, paymentTexts } from '#shared/messages/index.ts';
import { groupedReference } from '#shared/automatic-payments.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, mailsTo, placeOrder, reservationBody, type SentMail } from '../support/factories.ts';
import { adminIdToken, call, callRoute, documentClient, useOwnTwin } from '../support/twin.ts';
import { until } from '../support/wait.ts';
import { streamConsumers } from '#lambdas/jobs.ts';
import { PROVIDER_START_ATTEMPTS } from '#lambdas/services/provider-payments.ts';

let own: Twin;
let token: string;
let stripe: Stripe;

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
    automaticPayments: { mbway: true, multibanco: true },
  });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
  // The test looks at the provider's side with the official client and the twin's own keys, as the adapter does.
  const keys = JSON.parse(own.secrets.current(LOCAL_PAYMENT_KEYS_SECRET)) as PaymentKeys;
  stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port: Number(new URL(own.payments.url).port), protocol: 'http' });
}, 180_000);
afterAll(() => own?.stop());

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: own.env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order & {
    mbwayMonth?: string;
  };
/** The order once the payments consumer has answered for it (within seconds). */
const started = (id: string) =>
  until(
    `order ${id}'s payment started`,
    () => stored(id),
    (order) => order.providerPayment?.status !== 'starting',
    15_000,
  );
/** The texts of the order's payment entries on its timeline, oldest first. */
const paymentEntries = (order: Order) => order.timeline.filter((entry) => entry.kind === 'payment').map((entry) => entry.text);
const intentsOf = (id: string) => own.payments.intents().filter((intent) => intent.metadata.orderId === id);

describe('the checkout offers the provider methods', () => {
  it('MB WAY and Multibanco are available and automatic: no MB WAY number of the month', async () => {
    const { body } = await call<PaymentMethodsResponse>('GET', '/api/payment-methods');
    const byId = Object.fromEntries(body.methods.map((method) => [method.id, method]));
    expect(byId.mbway).toMatchObject({ available: true, instructions: { method: 'mbway', automatic: true } });
    expect(byId.multibanco).toMatchObject({ available: true, instructions: { method: 'multibanco', automatic: true } });
    expect(JSON.stringify(byId.mbway)).not.toContain('phone');
    // The manual methods stay side by side.
    expect(byId.transferencia).toMatchObject({ available: true, instructions: { method: 'transferencia' } });
  });
});

describe('reserving with automatic MB WAY', () => {
  it('the order gets its payment id, `pending`, in seconds: one PaymentIntent of its amount, metadata.orderId; mail: approve', async () => {
    const piece = await createProduct({ stock: 3, priceCents: 2390 });
    const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 2 }], { paymentMethod: 'mbway' }));
    expect(status).toBe(201);
    const { order } = body;
    expect(order.instructions).toEqual({ method: 'mbway', automatic: true });
    expect(order.providerPayment).toEqual({ method: 'mbway', status: 'starting' });
    const placedAt = Date.now();
    const done = await started(order.id);
    expect(Date.now() - placedAt).toBeLessThan(10_000);
    expect(done.providerPayment).toMatchObject({
      provider: 'stripe',
      method: 'mbway',
      status: 'pending',
      paymentId: expect.stringMatching(/^pi_/),
    });
    // No number of the month and no slot: the request goes to the customer's own phone.
    expect(done.mbwayNumber).toBeUndefined();
    expect(done.mbwayMonth).toBeUndefined();
    const intents = intentsOf(order.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      id: done.providerPayment!.paymentId,
      amount: order.totalCents,
      currency: 'eur',
      payment_method_types: ['mb_way'],
      status: 'requires_action',
    });
    expect(order.totalCents).toBe(2 * 2390 + order.shippingCents);
    expect(paymentEntries(done)).toEqual([paymentStartTexts.timeline.mbwayStarted(done.providerPayment!.paymentId!)]);
    const mails = await mailsTo(order.email);
    expect(mails).toHaveLength(1);
    // Queued once the request exists: it says the request was sent, and asks for no proof.
    expect(mails[0]!.body.text).toContain('Enviámos um pedido de pagamento MB WAY para o telemóvel que indicaste');
    expect(mails[0]!.body.text).toContain(paymentTexts.instructionsText({ method: 'mbway', automatic: true }));
    // The customer's view: the request's state, never the provider's ids.
    const view = await callRoute('GET /api/orders/{id}', { params: { id: order.id } }, { headers: { 'x-order-token': order.accessToken } });
    expect(view.body.order.providerPayment).toEqual({ method: 'mbway', status: 'pending' });
  });

  it('asked twice, one PaymentIntent: the same key answers the same order; the consumer asked again gets the same payment', async () => {
    const piece = await createProduct({ stock: 3, priceCents: 1500 });
    const body = reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' });
    const first = await placeOrder(body, 'pay-start-twice-0001');
    const again = await placeOrder(body, 'pay-start-twice-0001');
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.order.id).toBe(first.body.order.id);
    const id = first.body.order.id;
    const paymentId = (await started(id)).providerPayment!.paymentId;
    // A record delivered again before the start was written (the consumer died after asking): `starting` once more.
    await documentClient().send(
      new UpdateCommand({
        TableName: own.env.TABLE_ORDERS,
        Key: { id },
        UpdateExpression: 'SET providerPayment.#s = :starting REMOVE providerPayment.paymentId',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':starting': 'starting' },
      }),
    );
    const restarted = await started(id);
    expect(restarted.providerPayment).toMatchObject({ status: 'pending', paymentId });
    expect(intentsOf(id)).toHaveLength(1);
  });
});

describe('reserving with Multibanco', () => {
  it('the reference is stored, the reservation holds until it expires; the mail has entidade, referência, montante, validity', async () => {
    const piece = await createProduct({ stock: 2, priceCents: 4200 });
    const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'multibanco' }));
    expect(status).toBe(201);
    const done = await started(body.order.id);
    const reference = done.providerPayment!.multibanco!;
    expect(reference).toMatchObject({ entity: '99999', reference: expect.stringMatching(/^\d{9}$/), amountCents: body.order.totalCents });
    expect(done.expiresAt).toBe(reference.expiresAt);
    const [intent] = intentsOf(body.order.id);
    expect(intent!.next_action!.multibanco_display_details).toMatchObject({ entity: reference.entity, reference: reference.reference });
    const [mail] = (await mailsTo(body.order.email)) as [SentMail];
    const until = checkoutTexts.deadline(formatDate(reference.expiresAt), formatTime(reference.expiresAt));
    const text = mail.body.text!;
    for (const line of [
      'Entidade: 99999',
      `Referência: ${groupedReference(reference.reference)}`,
      `Montante: ${formatCents(body.order.totalCents)}`,
      `Válida até: ${until}`,
    ])
      expect(text).toContain(line);
    expect(mail.body.html).toContain(groupedReference(reference.reference));
  });
});

/** Closes a reservation through the owner's route (stock back), as the back-office does. */
const close = (id: string) => callRoute('PATCH /api/admin/orders/{id}', { params: { id }, body: { status: 'Encerrada' } }, { token });

describe('the provider unreachable', () => {
  it(`after ${PROVIDER_START_ATTEMPTS} tries the start is given up: manual methods and the mail at once, none pending`, async () => {
    own.payments.setOutage(true);
    try {
      const piece = await createProduct({ stock: 2, priceCents: 1800 });
      const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
      expect(status).toBe(201);
      const { order } = body;
      // Before the stream's own retries are spent (the record would go to the dead-letter queue, the order stay `starting`).
      const done = await until(
        `order ${order.id}'s start given up`,
        () => stored(order.id),
        (o) => o.providerPayment?.status !== 'starting',
        60_000,
      );
      expect(done.providerPayment).toMatchObject({
        status: 'failed',
        failure: paymentStartTexts.unavailable,
        startAttempts: PROVIDER_START_ATTEMPTS - 1,
      });
      expect(done.providerPayment!.paymentId).toBeUndefined();
      expect(done.status).toBe('Aguarda Pagamento');
      expect(paymentEntries(done)).toEqual([paymentStartTexts.timeline.startFailed(paymentStartTexts.unavailable)]);
      expect(intentsOf(order.id)).toEqual([]);
      // One reservation mail, with why and the way to pay by hand.
      const mails = await until(
        'the reservation mail',
        () => mailsTo(order.email),
        (list) => list.length > 0,
        15_000,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body.text).toContain(paymentStartTexts.startFailed(paymentStartTexts.unavailable));
      const view = await callRoute(
        'GET /api/orders/{id}',
        { params: { id: order.id } },
        { headers: { 'x-order-token': order.accessToken } },
      );
      expect(view.body.order.providerPayment).toMatchObject({ method: 'mbway', status: 'failed', failure: paymentStartTexts.unavailable });
    } finally {
      own.payments.setOutage(false);
    }
  }, 120_000);

  it("gives up before the stream's retries of a record are spent", () => {
    const consumer = streamConsumers.find((c) => c.handler === 'order-payments')!;
    expect(PROVIDER_START_ATTEMPTS).toBeLessThanOrEqual(consumer.retryAttempts);
  });
});

describe('refunds through the provider', () => {
  it('a payment that came after the reservation closed: one refund of the amount, on the timeline, and the customer told', async () => {
    const piece = await createProduct({ stock: 2, priceCents: 3100 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    const { id, totalCents, email } = body.order;
    const paymentId = (await started(id)).providerPayment!.paymentId!;
    expect((await close(id)).status).toBe(200);
    // The customer approves late: the provider takes the money and tells the shop's webhook, which asks
    // for all of it back (docs/design.md §34).
    await own.payments.approve(paymentId);
    const refunded = await until(
      'the refund',
      () => stored(id),
      (order) => (order.providerPayment?.refunds?.length ?? 0) > 0,
      15_000,
    );
    expect(refunded.providerPayment!.refunds).toEqual([
      { refundId: expect.stringMatching(/^re_/), amountCents: totalCents, at: expect.any(String), reason: 'late' },
    ]);
    expect(refunded.providerPayment!.refundRequestedCents).toBeUndefined();
    expect(paymentEntries(refunded).at(-1)).toBe(paymentStartTexts.timeline.refunded(formatCents(totalCents), true));
    const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
    expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(totalCents);
    const told = (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Devolvemos'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body.text).toContain(formatCents(totalCents));
  });

  it('the owner closes a paid order with a partial refund: exactly that amount, once, no mail about a late payment', async () => {
    const piece = await createProduct({ stock: 2, priceCents: 5000 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'multibanco' }));
    const { id, email } = body.order;
    const paymentId = (await started(id)).providerPayment!.paymentId!;
    // Paid: the provider's notification moves the order to `Enviar` (the webhook).
    await own.payments.payReference(paymentId);
    await until(
      'the order paid',
      () => stored(id),
      (order) => order.status === 'Enviar' && order.providerPayment?.status === 'succeeded',
      15_000,
    );
    // The owner closes it giving back 12,34 € of it.
    const closed = await callRoute(
      'PATCH /api/admin/orders/{id}',
      { params: { id }, body: { status: 'Encerrada', refundCents: 1234 } },
      { token },
    );
    expect(closed.status).toBe(200);
    const refunded = await until(
      'the refund',
      () => stored(id),
      (order) => (order.providerPayment?.refunds?.length ?? 0) > 0,
      15_000,
    );
    expect(refunded.providerPayment!.refunds).toEqual([expect.objectContaining({ amountCents: 1234, reason: 'cancel' })]);
    expect(paymentEntries(refunded).at(-1)).toBe(paymentStartTexts.timeline.refunded(formatCents(1234), false));
    // Later records of the order (its own write among them) make no second refund.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await stored(id)).providerPayment!.refunds).toHaveLength(1);
    const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
    expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(1234);
    expect((await mailsTo(email)).filter((mail) => mail.subject.startsWith('Devolvemos'))).toEqual([]);
  });
});
