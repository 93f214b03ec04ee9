/**
 * Issue 47's automatic paths end to end (docs/invoices.md), with no part stood in for: the reservation is
 * placed at the front door, the payments consumer starts its payment on the twin's provider, the
 * customer pays (the provider's `approve`, `payReference`), the provider's signed notification reaches
 * `POST /api/payments/stripe`, and the orders stream's invoices consumer issues the documents on the
 * twin's InvoiceXpress stand-in with the real adapter; the shop's own mails go through the outbox to
 * the twin's SES. Each test checks the stand-in's documents. A twin of this file's own: invoicing on,
 * both automatic methods on. A relay between the provider and the front door keeps each notification,
 * so a test can deliver it again as the provider does.
 */
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { HOST, listen } from '#infra/twin/processes.ts';
import { LOCAL_PAYMENT_KEYS_SECRET, PAYMENT_WEBHOOK_PATH } from '#infra/twin/twin-payments.ts';
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { escapeHtml } from '#shared/html.ts';
import { FINAL_CONSUMER } from '#shared/invoices.ts';
import { refundTexts, validationTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { SETTINGS_CACHE_SECONDS, SETTINGS_LIMITS } from '#shared/settings.ts';
import { handleOrderInvoice } from '#lambdas/services/invoices.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, customerOrderView, laterMailsTo, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminIdToken, callRoute, documentClient, useOwnTwin } from '../support/twin.ts';
import { until } from '../support/wait.ts';

let own: Twin;
let token: string;
let webhookSecret: string;
let relay: http.Server;
/** Every notification the provider sent, as sent (raw body), oldest first. */
const notifications: string[] = [];

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
    invoicing: true,
    automaticPayments: { mbway: true, multibanco: true },
  });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
  webhookSecret = (JSON.parse(own.secrets.current(LOCAL_PAYMENT_KEYS_SECRET)) as PaymentKeys).webhookSecret;
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

const adminOrder = async (id: string) => (await callRoute('GET /api/admin/orders/{id}', { params: { id } }, { token })).body.order;
const documentsOf = (orderNumber: number) =>
  own.invoicing.documents().filter((doc) => doc.reference.startsWith(`encomenda-${orderNumber}`) && doc.status !== 'deleted');
const issued = (id: string) =>
  until(
    `order ${id}'s invoice`,
    () => adminOrder(id),
    (order) => order.invoice?.status === 'issued',
    90_000,
  );
const credited = (id: string, notes = 1) =>
  until(
    `order ${id}'s credit note`,
    () => adminOrder(id),
    (order) => (order.invoice?.creditNotes?.length ?? 0) >= notes,
    60_000,
  );
const cents = (total: string) => Math.round(Number(total) * 100);
/** The shop's own mails of documents to `email` (its invoice-document template). */
const documentMails = async (email: string) =>
  (await laterMailsTo(email)).filter((mail) => /^(Fatura-recibo|Nota de crédito) /.test(mail.subject));

/** The provider delivers the notification `body` again (a duplicate, signed anew as a retry is). */
async function deliverAgain(body: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
  const answer = await fetch(`${own.url}${PAYMENT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body,
  });
  return answer.status;
}

/** A reservation through the front door with an automatic method, once its payment started (optionally a NIF). */
async function reserve(method: 'mbway' | 'multibanco', extra: { nif?: string; companyName?: string } = {}) {
  const piece = await createProduct({ stock: 5, priceCents: 2390, discountPercent: 10 });
  const placed = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 2 }], { paymentMethod: method }), ...extra });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order;
  const started = await until(
    `order ${order.id}'s payment started`,
    () => adminOrder(order.id),
    (current) => Boolean(current.providerPayment?.paymentId),
    30_000,
  );
  return { order, paymentId: started.providerPayment!.paymentId! };
}

/** The document the stand-in issued for the order: exactly one of `type`. */
function onlyDocument(orderNumber: number, type: 'InvoiceReceipt' | 'CreditNote') {
  const docs = documentsOf(orderNumber).filter((doc) => doc.type === type);
  expect(docs, `${type} of order ${orderNumber}`).toHaveLength(1);
  return docs[0]!;
}

describe('paid through the provider: exactly one fatura-recibo', () => {
  it(
    'automatic MB WAY: webhook delivered 5 times, 2 consumers at once, 3 retries: still one, with the NIF and the total to the cent',
    { timeout: 180_000 },
    async () => {
      const { order, paymentId } = await reserve('mbway', { nif: '501964843', companyName: 'Joias Lda' });
      const sent = notifications.length;
      expect((await own.payments.approve(paymentId)).map((delivery) => delivery.status)).toEqual([200]);
      const event = notifications.slice(sent).find((body) => body.includes(paymentId) && body.includes('payment_intent.succeeded'))!;
      // Four more deliveries of the same event, at once, and two consumers with three retries.
      expect(await Promise.all(Array.from({ length: 4 }, () => deliverAgain(event)))).toEqual([200, 200, 200, 200]);
      await Promise.all([handleOrderInvoice(order.id), handleOrderInvoice(order.id)]);
      for (let retry = 0; retry < 3; retry++) await handleOrderInvoice(order.id);
      const admin = await issued(order.id);
      const doc = onlyDocument(order.orderNumber, 'InvoiceReceipt');
      expect(doc).toMatchObject({ status: 'final', client: { name: 'Joias Lda', fiscal_id: '501964843' } });
      expect(cents(doc.total)).toBe(order.totalCents);
      expect(doc.items.map((item) => [item.quantity, item.discount])).toEqual([
        ['2', expect.stringMatching(/^10(\.0+\d*)?$/)],
        ...(order.shippingCents > 0 ? [['1', '0']] : []),
      ]);
      expect(admin.invoice).toMatchObject({ status: 'issued', number: `FR ${doc.inverted_sequence_number}`, url: doc.permalink });
      expect((await customerOrderView(order.id, order.accessToken)).body.order.invoice).toEqual({
        number: admin.invoice!.number,
        status: 'issued',
        url: doc.permalink,
      });
      // The provider mailed it (the settings' default): the shop sent no mail of its own.
      expect(doc.emails).toEqual([order.email]);
      expect(await documentMails(order.email)).toEqual([]);
    },
  );

  it('Multibanco paid at the ATM: one fatura-recibo to "Consumidor final", the order total to the cent', { timeout: 120_000 }, async () => {
    const { order, paymentId } = await reserve('multibanco');
    expect((await own.payments.payReference(paymentId)).map((delivery) => delivery.status)).toEqual([200]);
    await issued(order.id);
    await handleOrderInvoice(order.id);
    const doc = onlyDocument(order.orderNumber, 'InvoiceReceipt');
    expect(doc.client).toMatchObject({ name: FINAL_CONSUMER, fiscal_id: '' });
    expect(cents(doc.total)).toBe(order.totalCents);
  });

  it(
    "a refund after the invoice: one credit note of the refund's amount, referencing the invoice, however often the consumer runs",
    { timeout: 120_000 },
    async () => {
      const { order, paymentId } = await reserve('mbway');
      await own.payments.approve(paymentId);
      await issued(order.id);
      const closed = await callRoute(
        'PATCH /api/admin/orders/{id}',
        { params: { id: order.id }, body: { status: 'Encerrada', refundCents: 1000 } },
        { token },
      );
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      // The payments consumer asks the provider for the refund and records it from its answer; then the note.
      const admin = await credited(order.id);
      await Promise.all([handleOrderInvoice(order.id), handleOrderInvoice(order.id)]);
      const invoice = onlyDocument(order.orderNumber, 'InvoiceReceipt');
      const note = onlyDocument(order.orderNumber, 'CreditNote');
      expect(note).toMatchObject({ status: 'final', total: '10.00', owner_invoice_id: invoice.id });
      expect(admin.invoice!.creditNotes).toEqual([
        { number: `NC ${note.inverted_sequence_number}`, amountCents: 1000, url: note.permalink },
      ]);
      // The customer's order page lists it with its PDF, as the owner's does.
      expect((await customerOrderView(order.id, order.accessToken)).body.order.invoice!.creditNotes).toEqual(admin.invoice!.creditNotes);
    },
  );

  it('paid after the reservation expired (given back whole): no sale, so no fatura and no credit note', { timeout: 90_000 }, async () => {
    const { order, paymentId } = await reserve('mbway');
    await documentClient().send(
      new UpdateCommand({
        TableName: own.env.TABLE_ORDERS,
        Key: { id: order.id },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expireReservations(new Date());
    await own.payments.approve(paymentId);
    const refunded = await until(
      `order ${order.id}'s late payment given back`,
      () => adminOrder(order.id),
      (current) => current.financialStatus === 'refunded',
      30_000,
    );
    expect(refunded.status).toBe('Encerrada');
    expect(await handleOrderInvoice(order.id)).toBe('nothing');
    expect(documentsOf(order.orderNumber)).toEqual([]);
    expect((await adminOrder(order.id)).invoice).toBeUndefined();
  });

  it('cancelled before it was paid: nothing is issued and no page speaks of a fatura', { timeout: 60_000 }, async () => {
    const { order } = await reserve('mbway');
    const closed = await callRoute('PATCH /api/admin/orders/{id}', { params: { id: order.id }, body: { status: 'Encerrada' } }, { token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await handleOrderInvoice(order.id)).toBe('nothing');
    expect(documentsOf(order.orderNumber)).toEqual([]);
    expect((await adminOrder(order.id)).invoice).toBeUndefined();
    expect((await customerOrderView(order.id, order.accessToken)).body.order.invoice).toBeUndefined();
  });
});

/** The owner pays an order by confirming its proof (`Enviar`); the order as placed. */
async function paidByProof() {
  const piece = await createProduct({ stock: 5, priceCents: 3190 });
  const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
  expect(placed.status).toBe(201);
  const moved = await callRoute(
    'PATCH /api/admin/orders/{id}',
    { params: { id: placed.body.order.id }, body: { status: 'Enviar' } },
    { token },
  );
  expect(moved.status).toBe(200);
  return placed.body.order;
}

describe('a hostile company name and NIF', () => {
  it(
    'refused with the Portuguese message when too long or not a NIF; else kept as text, cleaned, and escaped where it is shown',
    { timeout: 120_000 },
    async () => {
      const piece = await createProduct({ stock: 5, priceCents: 1500 });
      const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
      const long = await placeOrder({ ...body, nif: '501964843', companyName: 'A'.repeat(10_000) });
      expect(long.status).toBe(400);
      expect(long.body.error.fields).toEqual({ companyName: validationTexts.companyName.invalid });
      const lookalike = await placeOrder({ ...body, nif: '5O1964843' });
      expect(lookalike.body.error).toMatchObject({ code: 'nif_invalid', fields: { nif: validationTexts.customerNif.invalid } });
      const name = '<img src=x onerror=alert(1)>\u202E "Joias" & Filhos';
      const placed = await placeOrder({ ...body, nif: '\u200F501 964 843', companyName: name });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = placed.body.order;
      const moved = await callRoute('PATCH /api/admin/orders/{id}', { params: { id: order.id }, body: { status: 'Enviar' } }, { token });
      expect(moved.status).toBe(200);
      const admin = await issued(order.id);
      const cleaned = '<img src=x onerror=alert(1)> "Joias" & Filhos';
      // The owner's API gives the text as typed, less the bidi mark (the page escapes it as all text).
      expect([admin.nif, admin.companyName]).toEqual(['501964843', cleaned]);
      // The invoice body: the client as text, the stand-in's viewer escapes it, the PDF prints it.
      const doc = onlyDocument(order.orderNumber, 'InvoiceReceipt');
      expect(doc.client).toMatchObject({ name: cleaned, fiscal_id: '501964843' });
      const viewer = await (await fetch(`${own.invoicing.url}/`)).text();
      expect(viewer).toContain(escapeHtml(cleaned));
      expect(escapeHtml(cleaned)).toContain('&lt;img src');
      expect(viewer).not.toContain('<img src=x');
      const pdf = await fetch(doc.permalink);
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    },
  );
});

describe("the shop's own mail of a document, when the provider does not send it", () => {
  it(
    "the provider cannot mail it: the shop mails the fatura-recibo once, with its PDF link, and says so in the order's history",
    { timeout: 120_000 },
    async () => {
      own.invoicing.setEmailRefused(true);
      try {
        const order = await paidByProof();
        await issued(order.id);
        await handleOrderInvoice(order.id);
        const doc = onlyDocument(order.orderNumber, 'InvoiceReceipt');
        expect(doc.emails).toEqual([]);
        const mails = await documentMails(order.email);
        expect(mails.map((mail) => mail.subject)).toEqual([
          `Fatura-recibo FR ${doc.inverted_sequence_number}: encomenda nº ${order.orderNumber}`,
        ]);
        const [mail] = mails;
        expect(mail!.body.text).toContain(`O documento (PDF): ${doc.permalink}`);
        expect(mail!.body.html).toContain(`href="${doc.permalink}"`);
        expect(`${mail!.body.text}${mail!.body.html}`).not.toContain('não é uma fatura');
        const history = await until(
          'the mail in the history',
          () => adminOrder(order.id),
          (o) => o.emails.some((e) => e.kind === 'invoice-document'),
          30_000,
        );
        expect(history.emails.filter((e) => e.kind === 'invoice-document').map((e) => e.status)).toEqual(['sent']);
      } finally {
        own.invoicing.setEmailRefused(false);
      }
    },
  );

  it(
    '"enviar a fatura ao cliente" off: the shop mails the fatura-recibo and then the credit note, each once; the provider mails nothing',
    { timeout: 180_000 },
    async () => {
      const settings = (await callRoute('GET /api/admin/settings', {}, { token })).body;
      const form = {
        ...settings.settings,
        ownerMailsPerHour: SETTINGS_LIMITS.ownerMailsPerHour.max,
        invoicing: { ...settings.settings.invoicing, sendToCustomer: false },
      };
      const saved = await callRoute('PUT /api/admin/settings', { body: { version: settings.version, settings: form } }, { token });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // The functions keep the settings they read a few seconds (`SETTINGS_CACHE_SECONDS`), as in the cloud.
      await new Promise((resolve) => setTimeout(resolve, (SETTINGS_CACHE_SECONDS + 1) * 1000));
      const order = await paidByProof();
      await issued(order.id);
      const closed = await callRoute(
        'PATCH /api/admin/orders/{id}',
        { params: { id: order.id }, body: { status: 'Encerrada', refundCents: 1000, refundMethod: 'transferencia' } },
        { token },
      );
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      await credited(order.id);
      for (let retry = 0; retry < 3; retry++) await handleOrderInvoice(order.id);
      const invoice = onlyDocument(order.orderNumber, 'InvoiceReceipt');
      const note = onlyDocument(order.orderNumber, 'CreditNote');
      expect([invoice.emails, note.emails]).toEqual([[], []]);
      const mails = await documentMails(order.email);
      expect(mails.map((mail) => mail.subject).sort()).toEqual(
        [
          `Fatura-recibo FR ${invoice.inverted_sequence_number}: encomenda nº ${order.orderNumber}`,
          `Nota de crédito NC ${note.inverted_sequence_number}: encomenda nº ${order.orderNumber}`,
        ].sort(),
      );
      const noteMail = mails.find((mail) => mail.subject.startsWith('Nota de crédito'))!;
      expect(noteMail.body.text).toContain(`Emitimos a nota de crédito NC ${note.inverted_sequence_number}, de 10,00 €`);
      expect(noteMail.body.text).toContain(`corrige a fatura-recibo FR ${invoice.inverted_sequence_number}`);
    },
  );
});

describe('"Devolver parte do pagamento": part given back while the order goes on (docs/money.md "Refunds")', () => {
  const refundPart = (id: string, body: object) =>
    callRoute('POST /api/admin/orders/{id}/refunds', { params: { id }, body: body as never }, { token });
  const refundMails = async (email: string) => (await laterMailsTo(email)).filter((mail) => mail.subject.startsWith('Devolvemos-te '));

  it(
    'through the provider: 10,00 € back, a 10,00 € credit note on the invoice, one mail; a stale or 2nd click: none; a close: the rest',
    { timeout: 180_000 },
    async () => {
      const { order, paymentId } = await reserve('mbway');
      await own.payments.approve(paymentId);
      await issued(order.id);
      // Two tabs send the same refund at once: one is made, the other finds the money changed.
      const answers = await Promise.all([
        refundPart(order.id, { refundCents: 1000, expectedLeftCents: order.totalCents }),
        refundPart(order.id, { refundCents: 1000, expectedLeftCents: order.totalCents }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error.code).toMatch(/^refund_(changed|underway)$/);
      const admin = await credited(order.id);
      expect(admin.status).toBe('Enviar');
      expect(admin.financialStatus).toBe('partially_refunded');
      expect(
        admin.ledger!.filter((entry) => entry.kind === 'refund').map((entry) => [entry.state, entry.amountCents, entry.reason]),
      ).toEqual([['refunded', 1000, 'partial']]);
      const invoice = onlyDocument(order.orderNumber, 'InvoiceReceipt');
      const note = onlyDocument(order.orderNumber, 'CreditNote');
      expect(note).toMatchObject({ status: 'final', total: '10.00', owner_invoice_id: invoice.id });
      // The customer is told once, with the amount and the method.
      const mails = await refundMails(order.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`Devolvemos-te 10,00 € da encomenda nº ${order.orderNumber}`]);
      expect(mails[0]!.body.text).toContain('Devolvemos-te 10,00 € por MB WAY.');
      expect(mails[0]!.body.text).not.toContain('depois de a reserva terminar');
      // What the owner saw before is stale now: nothing more goes back.
      const stale = await refundPart(order.id, { refundCents: 500, expectedLeftCents: order.totalCents });
      expect([stale.status, stale.body.error.code, stale.body.error.fields]).toEqual([
        409,
        'refund_changed',
        { refundCents: expect.stringContaining(formatCents(order.totalCents - 1000)) },
      ]);
      const over = await refundPart(order.id, { refundCents: order.totalCents, expectedLeftCents: order.totalCents - 1000 });
      expect([over.status, over.body.error.fields]).toEqual([
        400,
        { refundCents: refundTexts.range(formatCents(order.totalCents - 1000)) },
      ]);
      // Closing it now gives back the rest, with its own credit note.
      const closed = await callRoute(
        'PATCH /api/admin/orders/{id}',
        { params: { id: order.id }, body: { status: 'Encerrada', restock: true } },
        { token },
      );
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const done = await credited(order.id, 2);
      expect(done.financialStatus).toBe('refunded');
      const notes = documentsOf(order.orderNumber).filter((doc) => doc.type === 'CreditNote');
      expect(notes.map((doc) => cents(doc.total)).sort((a, b) => a - b)).toEqual([1000, order.totalCents - 1000].sort((a, b) => a - b));
      expect(notes.every((doc) => doc.owner_invoice_id === invoice.id)).toBe(true);
    },
  );

  it(
    'paid by hand: what the owner gave back, and how, recorded with its credit note and mail; refusals change nothing',
    { timeout: 120_000 },
    async () => {
      const order = await paidByProof();
      await issued(order.id);
      const wrongMethod = await refundPart(order.id, { refundCents: 500, refundMethod: 'cheque', expectedLeftCents: order.totalCents });
      expect(wrongMethod.status).toBe(400);
      const tooMuch = await refundPart(order.id, { refundCents: order.totalCents + 1, expectedLeftCents: order.totalCents });
      expect([tooMuch.status, tooMuch.body.error.fields]).toEqual([
        400,
        { refundCents: refundTexts.manualRange(formatCents(order.totalCents)) },
      ]);
      expect((await adminOrder(order.id)).financialStatus).toBe('paid');
      const answer = await refundPart(order.id, { refundCents: 500, refundMethod: 'paypal', expectedLeftCents: order.totalCents });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.order).toMatchObject({ status: 'Enviar', financialStatus: 'partially_refunded' });
      expect(
        answer.body.order
          .ledger!.filter((entry) => entry.kind === 'refund')
          .map((entry) => [entry.method, entry.amountCents, entry.source]),
      ).toEqual([['paypal', 500, 'owner']]);
      const admin = await credited(order.id);
      expect(admin.invoice!.creditNotes).toEqual([expect.objectContaining({ amountCents: 500 })]);
      expect(onlyDocument(order.orderNumber, 'CreditNote')).toMatchObject({
        total: '5.00',
        owner_invoice_id: onlyDocument(order.orderNumber, 'InvoiceReceipt').id,
      });
      const mails = await refundMails(order.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`Devolvemos-te 5,00 € da encomenda nº ${order.orderNumber}`]);
      expect(mails[0]!.body.text).toContain('Devolvemos-te 5,00 € por PayPal.');
      // The same click again (the answer lost): what the owner saw is stale, nothing is recorded twice.
      const again = await refundPart(order.id, { refundCents: 500, refundMethod: 'paypal', expectedLeftCents: order.totalCents });
      expect([again.status, again.body.error.code]).toEqual([409, 'refund_changed']);
      expect((await adminOrder(order.id)).ledger!.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    },
  );
});
