/**
 * The owner's side of an order paid through the payment provider (docs/design.md §34), through the real
 * handlers: closing it asks for a refund (all that is left by default, or the part the owner types: 1
 * cent to what was paid less what was refunded), kept on the order for the payments consumer and said
 * on the timeline; a wrong amount changes nothing; the accountant's export carries the payment's id,
 * fee, net and refunds.
 *
 * The provider's payment is given to the order here as the webhook leaves it (`providerPayment`
 * succeeded, settled): the webhook has its own tests; this file is about what the owner does next.
 * The shared twin's payments consumer answers each close within a second or so: the local provider
 * never made these payments, so it refuses their refunds, and the consumer says so on the timeline
 * with the amount asked (the refunds made are `payments-start.test.ts`'s). The tests read the order
 * once that answer is there: read earlier, it could be either side of it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import type { ProviderPaymentRecord, ProviderRefundRecord } from '#shared/automatic-payments.ts';
import { csvMoney } from '#shared/csv.ts';
import { dayKey } from '#shared/dates.ts';
import { paymentStartTexts, refundTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { createProduct, placeOrder, reservationBody } from '../support/factories.ts';
import { adminIdToken, adminToken, call, documentClient, twin } from '../support/twin.ts';
import { clientFetch } from '../support/clients.ts';
import { until } from '../support/wait.ts';

type Answer = { order: Order; error?: { code: string; message: string; fields?: Record<string, string> } };
const patch = async (id: string, body: object) => call<Answer>('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });
const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order;

/** The order once the payments consumer has answered its close's refund request (`refundRequestedCents` gone). */
const refundAnswered = (id: string) =>
  until(
    `order ${id}'s refund answered`,
    () => stored(id),
    (order) => order.providerPayment?.refundRequestedCents === undefined,
    15_000,
  );
/**
 * What the payments consumer wrote of the refunds asked for: the amount of each, as the provider was asked (it refuses payments it never
 * made).
 */
const refundsAsked = (order: Order) => order.timeline.filter((entry) => entry.kind === 'payment').map((entry) => entry.text);
const refusedRefund = (cents: number) => expect.stringContaining(paymentStartTexts.timeline.refundFailed(formatCents(cents), ''));

/** A paid order (`Enviar`) whose payment the provider confirmed and settled; `refunds`: given back already. */
async function providerPaidOrder(refunds: readonly ProviderRefundRecord[] = []): Promise<Order> {
  const piece = await createProduct({ stock: 5, priceCents: 3490 });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
  expect(placed.status).toBe(201);
  const id = placed.body.order.id;
  // The move the webhook makes (payment verified): a real move, so the counters stay true.
  expect((await patch(id, { status: 'Enviar', note: 'pago pelo Stripe (teste)' })).status).toBe(200);
  const total = placed.body.order.totalCents;
  const payment: ProviderPaymentRecord = {
    provider: 'stripe',
    method: 'mbway',
    status: 'succeeded',
    paymentId: `pi_test${id}`,
    paidAt: new Date().toISOString(),
    feeCents: Math.round(total * 0.014) + 25,
    netCents: total - (Math.round(total * 0.014) + 25),
    ...(refunds.length ? { refunds } : {}),
  };
  await documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET providerPayment = :p',
      ExpressionAttributeValues: { ':p': payment },
    }),
  );
  return stored(id);
}

describe('closing an order paid through the provider', () => {
  it('gives all of it back by default: the close says the refund asked for, and the provider is asked for exactly that', async () => {
    const order = await providerPaidOrder();
    const answer = await patch(order.id, { status: 'Encerrada' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const closed = await refundAnswered(order.id);
    expect(closed.status).toBe('Encerrada');
    expect(closed.providerPayment).toMatchObject({ status: 'succeeded' });
    expect(refundsAsked(closed)).toEqual([refusedRefund(order.totalCents)]);
    expect(closed.timeline.findLast((entry) => entry.kind === 'status')).toMatchObject({
      to: 'Encerrada',
      text: `cancelada; peças devolvidas ao stock; ${refundTexts.requested(formatCents(order.totalCents))}`,
    });
  });

  it('a part the owner types, bounded by what was paid less what was refunded; anything else changes nothing', async () => {
    const order = await providerPaidOrder([{ refundId: 're_earlier', amountCents: 500, at: new Date().toISOString(), reason: 'cancel' }]);
    const left = order.totalCents - 500;
    const range = refundTexts.range(formatCents(left));
    for (const [refundCents, message] of [
      [0, refundTexts.invalid],
      [12.5, refundTexts.invalid],
      ['1000', refundTexts.invalid],
      [left + 1, range],
      [order.totalCents, range],
    ] as const) {
      const refused = await patch(order.id, { status: 'Encerrada', refundCents });
      expect(refused.status, String(refundCents)).toBe(400);
      expect(refused.body.error?.fields?.refundCents).toBe(message);
    }
    expect(await stored(order.id)).toMatchObject({ status: 'Enviar', providerPayment: { refunds: [{ amountCents: 500 }] } });
    expect((await stored(order.id)).providerPayment?.refundRequestedCents).toBeUndefined();

    expect((await patch(order.id, { status: 'Encerrada', refundCents: left })).status).toBe(200);
    expect(refundsAsked(await refundAnswered(order.id))).toEqual([refusedRefund(left)]);
  });

  it('after shipping too (a return): the pieces as the owner says, the refund as typed', async () => {
    const order = await providerPaidOrder();
    expect((await patch(order.id, { status: 'Enviado' })).status).toBe(200);
    const answer = await patch(order.id, { status: 'Encerrada', restock: false, refundCents: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const closed = await refundAnswered(order.id);
    expect(refundsAsked(closed)).toEqual([refusedRefund(1)]);
    // The shipping mail's entry may land after the closing one (the outbox consumer runs meanwhile): the closing entry is looked up by
    // kind.
    expect(closed.timeline.findLast((entry) => entry.kind === 'status')).toMatchObject({
      to: 'Encerrada',
      text: `encerrada sem repor o stock; ${refundTexts.requested(formatCents(1))}`,
    });
  });

  it('an order paid another way has no refund to ask for: refused, nothing changed; closed without one as before', async () => {
    const piece = await createProduct({ stock: 3 });
    const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const refused = await patch(placed.body.order.id, { status: 'Encerrada', refundCents: 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.refundCents).toBe(refundTexts.nothingPaid);
    expect((await stored(placed.body.order.id)).status).toBe('Aguarda Pagamento');
    expect((await patch(placed.body.order.id, { status: 'Encerrada' })).status).toBe(200);
    expect((await stored(placed.body.order.id)).providerPayment).toBeUndefined();
  });
});

describe('the export of provider payments', () => {
  it('carries the payment id, fee, net and refunded amount; empty for an order paid another way', async () => {
    const paid = await providerPaidOrder([{ refundId: 're_part', amountCents: 250, at: new Date().toISOString(), reason: 'cancel' }]);
    const piece = await createProduct({ stock: 3 });
    const manual = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect((await patch(manual.body.order.id, { status: 'Enviar', note: 'transferência recebida' })).status).toBe(200);
    const today = dayKey(new Date());
    const answer = await clientFetch(`${twin().url}/api/admin/orders/export?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(answer.status).toBe(200);
    const rows = (await answer.text())
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(';'));
    const header = rows[0]!;
    // The provider's four columns, wherever the file puts them (the discount code's come after them).
    const at = header.indexOf('Pagamento no Stripe');
    const stripe = (row: string[]) => row.slice(at, at + 4);
    expect(stripe(header)).toEqual(['Pagamento no Stripe', 'Comissão do Stripe', 'Líquido recebido', 'Reembolsado pelo Stripe']);
    const rowOf = (order: { orderNumber: number }) => rows.find((row) => row[0] === String(order.orderNumber))!;
    const payment = paid.providerPayment!;
    expect(stripe(rowOf(paid))).toEqual([payment.paymentId, csvMoney(payment.feeCents!), csvMoney(payment.netCents!), csvMoney(250)]);
    expect(rowOf(paid)[header.indexOf('Total')]).toBe(csvMoney(paid.totalCents));
    expect(stripe(rowOf(manual.body.order))).toEqual(['', '', '', '']);
  });
});
