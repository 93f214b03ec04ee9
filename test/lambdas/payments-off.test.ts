/**
 * "Pagamentos automáticos" off (the shop's default, docs/design.md §34): the checkout is
 * today's. MB WAY is the month's number with its slot, the reservation e-mail is queued with the
 * reservation, no provider payment is made; Multibanco (only the provider's) is refused. Against the
 * shared twin, whose provider keys are saved but whose automatic methods are off.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Order, PaymentMethodsResponse } from '#shared/api.ts';
import { LOCAL_PAYMENTS } from '#infra/twin/seed/seller.ts';
import { createProduct, mailsTo, placeOrder, reservationBody, type SentMail } from '../support/factories.ts';
import { call, documentClient, twin } from '../support/twin.ts';

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order & {
    mbwayMonth?: string;
  };

describe('with automatic payments off', () => {
  it("MB WAY is today's: the month's number, its slot, the reservation mail at once, no provider payment; Multibanco refused", async () => {
    const methods = (await call<PaymentMethodsResponse>('GET', '/api/payment-methods')).body.methods;
    const mbway = methods.find((method) => method.id === 'mbway')!;
    expect(mbway).toMatchObject({ available: true, instructions: { method: 'mbway', phone: expect.any(String) } });
    expect([LOCAL_PAYMENTS.mbwayPhone1, LOCAL_PAYMENTS.mbwayPhone2]).toContain((mbway.instructions as { phone: string }).phone);
    expect(methods.find((method) => method.id === 'multibanco')).toMatchObject({ available: false });
    const piece = await createProduct({ stock: 2, priceCents: 1990 });
    const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'mbway' }));
    expect(status).toBe(201);
    expect(body.order.instructions).toMatchObject({ method: 'mbway', phone: expect.any(String) });
    expect(body.order.providerPayment).toBeUndefined();
    const order = await stored(body.order.id);
    expect(order).toMatchObject({ mbwayNumber: expect.any(Number), mbwayMonth: expect.stringMatching(/^\d{4}-\d{2}$/) });
    const [mail] = (await mailsTo(body.order.email)) as [SentMail];
    expect(mail.body.text).toContain(`Paga por MB WAY para o número ${(body.order.instructions as { phone: string }).phone}.`);
    // Nothing for the payments consumer: no provider payment, no payment entry, ever.
    const later = await stored(body.order.id);
    expect(later.providerPayment).toBeUndefined();
    expect(later.timeline.filter((entry) => entry.kind === 'payment')).toEqual([]);
    const refused = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'multibanco' }));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('payment_method_unavailable');
  });
});
