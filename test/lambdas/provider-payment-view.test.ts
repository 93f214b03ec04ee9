/**
 * The customer's view of a provider payment through the real `GET /api/orders/{id}` handler
 * and DynamoDB Local: the state, the Multibanco reference, the failure and the total given back; never
 * the provider's ids, its fee or net, nor the refunds' internals; the instructions are the provider's
 * (no MB WAY number of the settings). The order's `providerPayment` is written into the table here,
 * standing in for the payments consumer and the webhook (built beside this).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { createProduct, customerOrderView, placeOrder, reservationBody } from '../support/factories.ts';
import { documentClient, twin } from '../support/twin.ts';

async function writeProvider(orderId: string, payment: ProviderPaymentRecord): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id: orderId },
      UpdateExpression: 'SET providerPayment = :p, paymentMethod = :m',
      ExpressionAttributeValues: { ':p': payment, ':m': payment.method },
    }),
  );
}

describe('GET /api/orders/{id} with a provider payment', () => {
  it('shows the state, the reference and what was given back, never the ids, the fee or the net', async () => {
    const piece = await createProduct({ stock: 3, priceCents: 1250 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const { order } = body;
    const reference = { entity: '11249', reference: '123456789', amountCents: order.totalCents, expiresAt: '2026-12-04T10:00:00.000Z' };
    await writeProvider(order.id, {
      provider: 'stripe',
      method: 'multibanco',
      status: 'succeeded',
      paymentId: 'pi_secret_id',
      multibanco: reference,
      paidAt: '2026-11-27T10:00:00.000Z',
      feeCents: 55,
      netCents: order.totalCents - 55,
      refundRequestedCents: 300,
      refunds: [
        { refundId: 're_one', amountCents: 200, at: '2026-11-27T11:00:00.000Z', reason: 'cancel' },
        { refundId: 're_two', amountCents: 100, at: '2026-11-27T12:00:00.000Z', reason: 'cancel' },
      ],
    });
    const view = await customerOrderView(order.id, order.accessToken);
    expect(view.status).toBe(200);
    expect(view.body.order.providerPayment).toEqual({
      method: 'multibanco',
      status: 'succeeded',
      multibanco: reference,
      refundedCents: 300,
    });
    expect(view.body.order.instructions).toEqual({ method: 'multibanco', automatic: true });
    const raw = JSON.stringify(view.body);
    for (const secret of ['pi_secret_id', 're_one', 'feeCents', 'netCents', 'refundRequestedCents', 'stripe'])
      expect(raw).not.toContain(secret);
  });

  it('automatic MB WAY: the provider’s instructions and the failure in words; an order paid by hand has none of it', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    const manual = await customerOrderView(body.order.id, body.order.accessToken);
    expect(manual.body.order).not.toHaveProperty('providerPayment');
    expect(manual.body.order.instructions).toMatchObject({ method: 'mbway', phone: expect.any(String) });
    await writeProvider(body.order.id, {
      provider: 'stripe',
      method: 'mbway',
      status: 'failed',
      paymentId: 'pi_declined',
      failure: 'O pedido MB WAY foi recusado.',
    });
    const view = await customerOrderView(body.order.id, body.order.accessToken);
    expect(view.body.order.providerPayment).toEqual({ method: 'mbway', status: 'failed', failure: 'O pedido MB WAY foi recusado.' });
    expect(view.body.order.instructions).toEqual({ method: 'mbway', automatic: true });
  });
});
