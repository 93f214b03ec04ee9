/**
 * A reservation the phone customer cannot lose. Its e-mail (number as payment reference,
 * amount, how to pay, deadline and what happens after, the order link with `#t=`), the token only in
 * the `x-order-token` header (never the query), no mail asking for payment after the proof, one open
 * reservation per e-mail and cart (another device is pointed to the mail; nothing of the order is
 * revealed), and the customer's own cancel, which frees the stock at once. Through the real handlers,
 * the outbox consumer, the twin's SES and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '#shared/dates.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import {
  createProduct,
  customerOrderView,
  linkToken,
  mailsTo,
  placeOrder,
  reservationBody,
  uploadProof,
  type SentMail,
} from '../support/factories.ts';
import { call, callRoute, documentClient, twin } from '../support/twin.ts';

const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const withToken = (token: string) => ({ headers: { [ORDER_TOKEN_HEADER]: token } });
const cancel = (id: string, token: string) => callRoute('POST /api/orders/{id}/cancel', { params: { id } }, withToken(token));
/** The "A minha encomenda" link of a mail's text part. */
const textLink = (mail: SentMail) => /(https?:\/\/\S+\/encomenda\/\S+)/.exec(mail.body.text ?? '')?.[1];
/** Words that ask the customer to pay. */
const PAYMENT_REQUEST = /Faz uma transferência|Paga por|Valor a pagar|Total a pagar|envia o comprovativo/i;

describe('the reservation e-mail', () => {
  it('names the number as the payment reference, the amount, how to pay, the deadline and what follows, with the #t= link', async () => {
    const piece = await createProduct({ stock: 4, priceCents: 2500 });
    const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect(status).toBe(201);
    const { order } = body;
    const mails = await mailsTo(order.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [SentMail];
    const deadline = checkoutTexts.deadline(formatDate(order.expiresAt), formatTime(order.expiresAt));
    expect(mail.subject).toBe(`Reserva nº ${order.orderNumber}: paga ${formatCents(order.totalCents)} até ${deadline}`);
    const text = mail.body.text!;
    expect(text).toContain(`Referência do pagamento: ${order.orderNumber}`);
    expect(text).toContain(`Valor a pagar: ${formatCents(order.totalCents)} (até ${deadline})`);
    expect(text).toContain('Faz uma transferência para o IBAN');
    expect(text).toContain('a reserva é cancelada e as peças voltam à loja');
    const link = `${twin().url}/encomenda/${order.id}#t=${order.accessToken}`;
    expect(textLink(mail)).toBe(link);
    expect(mail.body.html).toContain('Ver a minha encomenda');
    expect(mail.body.html).not.toContain('?token=');
    // The link opens the order on any device: its token, sent as the header.
    const view = await customerOrderView(order.id, linkToken(link)!);
    expect(view.status).toBe(200);
    expect(view.body.order).toMatchObject({ status: 'Aguarda Pagamento', orderNumber: order.orderNumber });
  });

  it('after the proof no mail asks for payment, and the owner is asked to confirm a proof', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const { order } = body;
    // The proof with the token in the header only (the pages send it so).
    const paid = await callRoute(
      'POST /api/orders/{id}/proof',
      { params: { id: order.id }, body: { proofKey: await uploadProof() } },
      withToken(order.accessToken),
    );
    expect(paid.status).toBe(200);
    const mails = await mailsTo(order.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Reserva nº /),
      `Recebemos a tua encomenda nº ${order.orderNumber}`,
    ]);
    const received = mails[1]!;
    for (const part of [received.body.text!, received.body.html!]) {
      expect(part).not.toMatch(PAYMENT_REQUEST);
      expect(part).toContain('Recebemos o teu comprovativo; vamos confirmar o pagamento.');
      // The proof is still to check: the mail says the total, never that it was paid.
      expect(part).toContain('Total');
      expect(part).not.toContain('Total pago');
    }
    const owner = (await mailsTo(twin().env.MAIL_FROM!)).filter((mail) => mail.subject.includes(String(order.orderNumber)));
    expect(owner.map((mail) => mail.subject)).toEqual([
      `Novo comprovativo para confirmar: nº ${order.orderNumber} (${formatCents(order.totalCents)})`,
    ]);
  });
});

describe('the order token travels in the header, never in the query', () => {
  it('GET /api/orders/{id}: ?token= is refused (403), x-order-token is accepted; a wrong one is refused', async () => {
    const piece = await createProduct({ stock: 2 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const { id, accessToken } = body.order;
    const byQuery = await call('GET', `/api/orders/${id}?token=${accessToken}`);
    expect(byQuery.status).toBe(403);
    expect(JSON.stringify(byQuery.body)).not.toContain(String(body.order.orderNumber));
    expect((await customerOrderView(id, accessToken)).status).toBe(200);
    expect((await customerOrderView(id, 'A'.repeat(43))).status).toBe(403);
    // The proof post takes the header too (and the body's token, for pages opened before).
    const wrong = await callRoute(
      'POST /api/orders/{id}/proof',
      { params: { id }, body: { proofKey: await uploadProof() } },
      withToken('B'.repeat(43)),
    );
    expect(wrong.status).toBe(403);
    const none = await callRoute('POST /api/orders/{id}/proof', { params: { id }, body: { proofKey: await uploadProof() } });
    expect(none.status).toBe(403);
  });
});

describe('one open reservation per e-mail and cart', () => {
  it('another device with the same e-mail and cart is pointed to the mail: 409, stock held once, nothing of the order shown', async () => {
    const piece = await createProduct({ stock: 10 });
    const email = `telemovel.${randomUUID().slice(0, 8)}@example.com`;
    const items = [{ productId: piece.id, quantity: 2 }];
    const first = await placeOrder(reservationBody(items, { email }));
    expect(first.status).toBe(201);
    expect(await stockOf(piece.id)).toBe(8);

    // Another device: another idempotency key, the address typed in capitals, another method and address.
    const second = await placeOrder(
      reservationBody(items, { email: email.toUpperCase(), paymentMethod: 'mbway', address: 'Outra rua, 1' }),
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: { code: 'reservation_exists', message: checkoutTexts.reservationExists } });
    expect(JSON.stringify(second.body)).not.toContain(String(first.body.order.orderNumber));
    expect(await stockOf(piece.id)).toBe(8);
    expect(await mailsTo(email)).toHaveLength(1);

    // Another cart is another reservation.
    const other = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { email }));
    expect(other.status).toBe(201);
    expect(await stockOf(piece.id)).toBe(7);

    // Once the first is cancelled by its customer, the same cart can be reserved again.
    expect((await cancel(first.body.order.id, first.body.order.accessToken)).status).toBe(200);
    const again = await placeOrder(reservationBody(items, { email }));
    expect(again.status).toBe(201);
    expect(await stockOf(piece.id)).toBe(7);
  });

  it('two devices at the same moment: one reservation', async () => {
    const piece = await createProduct({ stock: 10 });
    const email = `duplo.${randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all([1, 2, 3].map(() => placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { email }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await stockOf(piece.id)).toBe(9);
  });
});

describe('POST /api/orders/{id}/cancel: the customer gives up the reservation', () => {
  it("frees the stock at once, with the token only; a paid order is not the customer's to cancel", async () => {
    const piece = await createProduct({ stock: 5 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 3 }]));
    const { id, accessToken } = body.order;
    expect(await stockOf(piece.id)).toBe(2);
    expect((await cancel(id, 'C'.repeat(43))).status).toBe(403);
    expect((await callRoute('POST /api/orders/{id}/cancel', { params: { id } })).status).toBe(403);
    expect(await stockOf(piece.id)).toBe(2);

    const cancelled = await cancel(id, accessToken);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('Encerrada');
    expect(await stockOf(piece.id)).toBe(5);
    // A second click answers the same; the stock is given back once.
    expect((await cancel(id, accessToken)).status).toBe(200);
    expect(await stockOf(piece.id)).toBe(5);
    // A proof for a cancelled reservation is refused.
    const late = await callRoute(
      'POST /api/orders/{id}/proof',
      { params: { id }, body: { proofKey: await uploadProof() } },
      withToken(accessToken),
    );
    expect(late.status).toBe(409);

    const paid = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const proof = await callRoute(
      'POST /api/orders/{id}/proof',
      { params: { id: paid.body.order.id }, body: { proofKey: await uploadProof() } },
      withToken(paid.body.order.accessToken),
    );
    expect(proof.status).toBe(200);
    const refused = await cancel(paid.body.order.id, paid.body.order.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'order_not_cancellable' } });
    expect(await stockOf(piece.id)).toBe(4);
  });
});
