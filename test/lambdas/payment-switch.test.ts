/**
 * Paying by hand after a failed automatic payment (docs/payment-switch.md), through the real handlers
 * and the twin's payment provider: an automatic MB WAY reservation is declined in the provider's viewer
 * (its signed notification reaches `POST /api/payments/stripe`), the customer chooses a transfer
 * (`POST /api/orders/{id}/payment-method`) and the reservation holds for the transfer's time, once.
 * Every refusal changes nothing. A twin of this file's own, with automatic MB WAY on.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { apiTexts, checkoutTexts, paymentSwitchTexts, validationTexts } from '#shared/messages/index.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { openReservationId } from '#lambdas/repositories/open-reservations.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { createProduct, customerOrderView, mailsTo, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { call, callRoute, documentClient } from '../support/twin.ts';
import { until } from '../support/wait.ts';

const own = twinOfItsOwn({ automaticPayments: { mbway: true, multibanco: false } });

const MINUTE = 60_000;
const TRANSFER_MS = DEFAULT_SETTINGS.holdMinutes.transferencia * MINUTE;
const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: own().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order;
const choose = (id: string, token: string, body: unknown) =>
  call('POST', `/api/orders/${id}/payment-method`, { body, headers: { [ORDER_TOKEN_HEADER]: token } });

/** An automatic MB WAY reservation whose request reached the provider (pending). */
async function reserveMbWay() {
  const piece = await createProduct({ stock: 5, priceCents: 2100 });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
  expect(placed.status).toBe(201);
  const order = placed.body.order;
  const started = await until(
    `order ${order.id}'s payment started`,
    () => stored(order.id),
    (current) => Boolean(current.providerPayment?.paymentId),
    15_000,
  );
  return { order, token: order.accessToken!, paymentId: started.providerPayment!.paymentId!, started };
}

/** The tester declines the request in the provider's viewer; the order once its payment is failed. */
async function decline(id: string, paymentId: string) {
  const answer = await fetch(`${own().payments.url}/viewer/decline/${paymentId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(answer.status).toBe(303);
  return until(
    'the payment failed',
    () => stored(id),
    (current) => current.providerPayment?.status === 'failed',
    10_000,
  );
}

/** What a refusal must leave as it was. */
const untouched = (order: Order) => ({
  expiresAt: order.expiresAt,
  proofMethod: order.proofMethod,
  proofMethodAt: order.proofMethodAt,
  // The outbox records its mails' outcomes on the timeline meanwhile: everything else stays.
  timeline: order.timeline.filter((entry) => entry.kind !== 'email'),
});

describe('a declined MB WAY paid by transfer', () => {
  it("the transfer's hold from the reservation, recorded once; the ledger and the owner's timeline say it; expiry honours it", async () => {
    const { order, token, paymentId, started } = await reserveMbWay();
    // The MB WAY hold: 30 minutes.
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(DEFAULT_SETTINGS.holdMinutes.mbway * MINUTE);
    // Before the provider said no, nothing to switch: 409, nothing changed.
    const early = await choose(order.id, token, { method: 'transferencia' });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'payment_not_failed', message: paymentSwitchTexts.notFailed });
    expect(untouched(await stored(order.id))).toEqual(untouched(started));

    const failed = await decline(order.id, paymentId);
    // A wrong token: 403, nothing changed.
    const stranger = await choose(order.id, 'x'.repeat(43), { method: 'transferencia' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe(apiTexts.orderAccessDenied);
    // The failed method itself (the shop's MB WAY numbers are not used while the provider takes MB WAY): 409.
    const same = await choose(order.id, token, { method: 'mbway' });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatchObject({ code: 'payment_method_unavailable', message: paymentSwitchTexts.unavailable });
    expect(untouched(await stored(order.id))).toEqual(untouched(failed));

    const chosenAt = Date.now();
    const chosen = await choose(order.id, token, { method: 'transferencia' });
    expect(chosen.status).toBe(200);
    const until_ = Date.parse(chosen.body.order.expiresAt);
    // The transfer's two hours, from now (the reservation is seconds old): "now + 120 min ± a little".
    expect(Math.abs(until_ - (chosenAt + TRANSFER_MS))).toBeLessThan(MINUTE);
    // Exactly as if chosen at checkout, never more (docs/design.md §27).
    expect(until_).toBe(Date.parse(order.createdAt) + TRANSFER_MS);
    expect(chosen.body.order).toMatchObject({ status: 'Aguarda Pagamento', manualMethod: 'transferencia', financialStatus: 'unpaid' });
    expect(chosen.body.order.ledger.at(-1)).toMatchObject({ kind: 'payment', method: 'transferencia', state: 'pending' });

    const after = await stored(order.id);
    expect(after).toMatchObject({ expiresAt: chosen.body.order.expiresAt, proofMethod: 'transferencia', holdUnits: 1 });
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'payment', by: 'cliente', text: expect.stringContaining('Transferência') });
    // Its e-mail and cart stay held by this reservation until the new deadline (the item's TTL moved with it), so
    // the same cart cannot be reserved twice once the MB WAY hold would have ended.
    const reservationItem = await documentClient().send(
      new GetCommand({
        TableName: own().env.TABLE_IDEMPOTENCY,
        Key: { id: openReservationId({ email: after.email, items: after.lines }) },
        ConsistentRead: true,
      }),
    );
    expect(reservationItem.Item).toEqual({ id: expect.any(String), orderId: order.id, expiresAt: Math.ceil(until_ / 1000) });
    // The customer is mailed the transfer's instructions and the new deadline, once (the first mail spoke of MB WAY).
    const deadline = checkoutTexts.deadline(formatDate(chosen.body.order.expiresAt), formatTime(chosen.body.order.expiresAt));
    const mails = (await mailsTo(after.email)).filter(
      (mail) => mail.subject === `Reserva nº ${order.orderNumber}: paga ${formatCents(order.totalCents)} até ${deadline}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('Pagamento: Transferência Bancária');
    expect(mails[0]!.body.text).toContain('envia o comprovativo');
    expect(mails[0]!.body.text).toContain('Faz uma transferência para o IBAN ');
    expect(mails[0]!.body.text).not.toContain('app MB WAY');
    // The customer's page reads the same order.
    const view = await customerOrderView(order.id, token);
    expect(view.body.order).toMatchObject({ expiresAt: chosen.body.order.expiresAt, manualMethod: 'transferencia' });

    // A second choice, of any method: 409, the deadline stays.
    for (const method of ['paypal', 'transferencia']) {
      const again = await choose(order.id, token, { method });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({
        code: 'payment_method_chosen',
        message: paymentSwitchTexts.alreadyChosen('Transferência Bancária'),
      });
    }
    expect(untouched(await stored(order.id))).toEqual(untouched(after));

    // The expiry job an hour on: the declined reservation left on the MB WAY hold closes, the one paid by transfer does not.
    const control = await reserveMbWay();
    await decline(control.order.id, control.paymentId);
    await expireReservations(new Date(Date.now() + 60 * MINUTE));
    expect((await stored(control.order.id)).status).toBe('Encerrada');
    expect((await stored(order.id)).status).toBe('Aguarda Pagamento');

    // The proof, sent as before without a method: the ledger names the transfer.
    const proof = await callRoute(
      'POST /api/orders/{id}/proof',
      { params: { id: order.id }, body: { proofKey: await uploadProof() } },
      { headers: { [ORDER_TOKEN_HEADER]: token } },
    );
    expect(proof.status).toBe(200);
    expect(proof.body.order.ledger.filter((entry) => entry.kind === 'payment').map((entry) => [entry.method, entry.state])).toEqual([
      ['mbway', 'failed'],
      ['transferencia', 'verifying'],
    ]);
    // Paid (its proof arrived): 409, with why.
    const paid = await choose(order.id, token, { method: 'paypal' });
    expect(paid.status).toBe(409);
    expect(paid.body.error.code).toBe('order_already_paid');
    // Closed: 409 as well.
    expect((await choose(control.order.id, control.token, { method: 'transferencia' })).body.error.code).toBe('reservation_expired');
  }, 120_000);
});

describe('refused, nothing changed', () => {
  it('an order whose automatic payment did not fail, or that has none', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 1500 });
    const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'transferencia' }));
    expect(placed.status).toBe(201);
    const before = await stored(placed.body.order.id);
    const answer = await choose(before.id, placed.body.order.accessToken!, { method: 'paypal' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'payment_not_failed', message: paymentSwitchTexts.notFailed });
    expect(untouched(await stored(before.id))).toEqual(untouched(before));
  });

  it('hostile bodies: 400 with a Portuguese message', async () => {
    const { order, token, paymentId } = await reserveMbWay();
    const failed = await decline(order.id, paymentId);
    const bodies: unknown[] = [
      {},
      { method: 'multibanco' },
      { method: '<script>alert(1)</script>' },
      { method: ['transferencia'] },
      'transferencia',
      [],
      { method: null },
    ];
    for (const body of bodies) {
      const answer = await choose(order.id, token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect([apiTexts.invalidInput, validationTexts.switchMethod.invalid, validationTexts.form.invalid], JSON.stringify(body)).toContain(
        answer.body.error.message,
      );
      if (answer.body.error.fields?.method) expect(answer.body.error.fields.method).toBe(validationTexts.switchMethod.invalid);
    }
    expect(untouched(await stored(order.id))).toEqual(untouched(failed));
    const raw = await call('POST', `/api/orders/${order.id}/payment-method`, {
      raw: '{"method":',
      headers: { 'content-type': 'application/json', [ORDER_TOKEN_HEADER]: token },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error.message).toBe(apiTexts.invalidJson);
    // Extra fields are not read: the deadline is the server's to decide.
    const sneaky = await choose(order.id, token, { method: 'paypal', expiresAt: '2099-01-01T00:00:00.000Z', proofMethodAt: 'x' });
    expect(sneaky.status).toBe(200);
    expect(Date.parse(sneaky.body.order.expiresAt)).toBe(Date.parse(order.createdAt) + DEFAULT_SETTINGS.holdMinutes.paypal * MINUTE);
    const after = await stored(order.id);
    expect(after.proofMethod).toBe('paypal');
    expect(untouched(after).timeline).toEqual([...untouched(failed).timeline, expect.objectContaining({ kind: 'payment', by: 'cliente' })]);
  }, 60_000);
});
