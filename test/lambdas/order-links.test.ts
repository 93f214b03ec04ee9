/**
 * "A minha encomenda" from every e-mail and by number + e-mail: each e-mail of an
 * order carries the link to its page (rebuilt from the order id with the stage's key: the order keeps
 * only the token's hash), and a customer without the e-mail at hand gets the link mailed again by
 * giving the order number and the order's e-mail: same answer whether or not they match, rate-limited.
 * Through the real handlers, the outbox consumer and the twin's SES.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { myOrderTexts, validationTexts } from '#shared/messages/index.ts';
import { cttTrackingUrl } from '#shared/shipping.ts';
import {
  createProduct,
  customerOrderView,
  laterMailsTo,
  linkToken,
  mailsTo,
  placeOrder,
  reservationBody,
  uploadProof,
  type SentMail,
} from '../support/factories.ts';
import { nextClientAddress } from '../support/clients.ts';
import { outboxDrained } from '../support/outbox.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

const linkOf = (id: string, token: string) => `${twin().url}/encomenda/${id}#t=${token}`;
/** The "A minha encomenda" link of a mail's text part. */
const textLink = (mail: SentMail) => /Acompanha a tua encomenda em: (\S+)/.exec(mail.body.text ?? '')?.[1];
/** The same link as the HTML part's button has it (an attribute: `=` and `&` written as entities). */
const htmlLinks = (mail: SentMail) =>
  [...(mail.body.html ?? '').matchAll(/href="([^"]*\/encomenda\/[^"]*)"/g)].map((m) =>
    m[1]!.replaceAll('&#61;', '=').replaceAll('&amp;', '&'),
  );
const lookup = (body: unknown, client = nextClientAddress()) => call('POST', '/api/orders/lookup', { body, client });

async function paidReservation(shipping: Parameters<typeof reservationBody>[1] = {}) {
  const piece = await createProduct({ stock: 5 });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], shipping));
  expect(placed.status).toBe(201);
  const order = placed.body.order;
  const paid = await callRoute('POST /api/orders/{id}/proof', {
    params: { id: order.id },
    body: { accessToken: order.accessToken, proofKey: await uploadProof() },
  });
  expect(paid.status).toBe(200);
  return order;
}

describe('the link to "A minha encomenda" in every e-mail of an order', () => {
  it('order received, payment confirmed, shipped (with the CTT link), cancelled all open the order; the token never stored', async () => {
    const order = await paidReservation();
    const link = linkOf(order.id, order.accessToken);
    const token = await adminToken();
    expect((await call('PATCH', `/api/admin/orders/${order.id}`, { token, body: { status: 'Enviar' } })).status).toBe(200);
    expect(
      (await call('PATCH', `/api/admin/orders/${order.id}`, { token, body: { status: 'Enviado', trackingCode: 'RR123456785PT' } })).status,
    ).toBe(200);

    const mails = await laterMailsTo(order.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Recebemos a tua encomenda nº ${order.orderNumber}`,
      `Pagamento confirmado: encomenda nº ${order.orderNumber}`,
      `A tua encomenda nº ${order.orderNumber} foi enviada`,
    ]);
    for (const mail of mails) {
      expect(textLink(mail)).toBe(link);
      expect(htmlLinks(mail)).toEqual([link, link].slice(0, htmlLinks(mail).length));
      expect(htmlLinks(mail).length).toBeGreaterThanOrEqual(1);
    }
    const shipped = mails[2]!;
    expect(shipped.body.text).toContain(cttTrackingUrl('RR123456785PT'));
    expect(shipped.body.html).toContain('Seguir o envio nos CTT');

    // The link's page reads the order with its token; the database holds only the token's hash.
    const opened = new URL(link);
    expect(opened.pathname).toBe(`/encomenda/${order.id}`);
    const view = await customerOrderView(order.id, linkToken(opened.href)!);
    expect(view.status).toBe(200);
    expect(view.body.order).toMatchObject({ id: order.id, status: 'Enviado', trackingCode: 'RR123456785PT' });
    const stored = (
      await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id }, ConsistentRead: true }))
    ).Item!;
    expect(JSON.stringify(stored)).not.toContain(order.accessToken);
    // Nor does the outbox: the link is added when the mail is sent.
    await outboxDrained(order.email);
  });

  it("one order's token does not open another order", async () => {
    const [a, b] = [await paidReservation(), await paidReservation()];
    expect((await customerOrderView(b.id, a.accessToken)).status).toBe(403);
    expect((await customerOrderView(a.id, a.accessToken)).status).toBe(200);
  });

  it('a cancelled reservation mails its link too', async () => {
    const piece = await createProduct({ stock: 2 });
    const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const order = placed.body.order;
    expect(
      (await call('PATCH', `/api/admin/orders/${order.id}`, { token: await adminToken(), body: { status: 'Encerrada' } })).status,
    ).toBe(200);
    const [cancelled] = await laterMailsTo(order.email);
    expect(cancelled?.subject).toBe(`A tua encomenda nº ${order.orderNumber} foi cancelada`);
    expect(textLink(cancelled!)).toBe(linkOf(order.id, order.accessToken));
  });
});

describe('POST /api/orders/lookup: the link by order number and e-mail', () => {
  it('mails the link to the order’s address when number and e-mail match (any case, the number as written), once per window', async () => {
    const order = await paidReservation({ email: `Marta.${Date.now()}@Example.com` });
    // Only the link's mails are counted: the order's own mails (reserved, received) may still be on their way.
    const linkSubject = `A ligação para a tua encomenda nº ${order.orderNumber}`;
    const linkMails = async () => (await mailsTo(order.email)).filter((mail) => mail.subject === linkSubject);
    const answer = await lookup({
      orderNumber: `nº ${String(order.orderNumber).slice(0, 3)} ${String(order.orderNumber).slice(3)}`,
      email: order.email.toUpperCase(),
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: myOrderTexts.lookupSent });
    const mails = await linkMails();
    expect(mails).toHaveLength(1);
    expect(textLink(mails[0]!)).toBe(linkOf(order.id, order.accessToken));

    // A second ask within the window: the same answer, no second mail.
    expect((await lookup({ orderNumber: String(order.orderNumber), email: order.email })).status).toBe(202);
    expect(await linkMails()).toHaveLength(1);

    // The owner sees it in the order's e-mail history.
    const detail = await call('GET', `/api/admin/orders/${order.id}`, { token: await adminToken() });
    expect(detail.body.order.emails.map((email: { kind: string }) => email.kind)).toContain('order-link');
  });

  it('answers the same for a wrong e-mail and an unknown number, and mails nobody', async () => {
    const order = await paidReservation();
    const intruder = `intruso.${Date.now()}@example.com`;
    const wrongEmail = await lookup({ orderNumber: String(order.orderNumber), email: intruder });
    const unknown = await lookup({
      orderNumber: order.orderNumber === 999_999 ? '100000' : String(order.orderNumber + 1),
      email: order.email,
    });
    for (const answer of [wrongEmail, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: myOrderTexts.lookupSent });
    }
    await outboxDrained();
    expect(await mailsTo(intruder)).toEqual([]);
    expect((await mailsTo(order.email)).map((mail) => mail.subject)).not.toContain(
      `A ligação para a tua encomenda nº ${order.orderNumber}`,
    );
  });

  it('refuses hostile or malformed input in Portuguese, writing nothing', async () => {
    for (const body of [
      { orderNumber: '<script>alert(1)</script>', email: 'a@example.com' },
      { orderNumber: '12345', email: 'a@example.com' },
      { orderNumber: '1234567', email: 'a@example.com' },
      { orderNumber: '123456', email: 'não é e-mail' },
      { orderNumber: '123456', email: `${'a'.repeat(300)}@example.com` },
      { orderNumber: 123456, email: 'a@example.com' },
    ]) {
      const answer = await lookup(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(/[ãçéêõáí]|Indica|válid/);
    }
    expect((await lookup({ orderNumber: '123456' })).body.error.fields.email).toBe(validationTexts.email.required);
  });

  it('one client trying numbers is stopped after 10 tries in 10 minutes (429 with Retry-After)', async () => {
    const client = nextClientAddress();
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(await lookup({ orderNumber: String(100_000 + i), email: `tentativa${i}@example.com` }, client));
    expect(answers.slice(0, 10).every((answer) => answer.status === 202)).toBe(true);
    expect(answers.slice(10).map((answer) => answer.status)).toEqual([429, 429]);
    expect(Number(answers[10]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[10]!.body.error.message).toMatch(/pedidos|tenta/i);
  });
});
