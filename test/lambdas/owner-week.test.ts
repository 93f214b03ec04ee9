/**
 * The owner's week without traps, through the real handlers and DynamoDB Local: e-mails
 * only where they are true, a reservation paid outside the site (with its note, once, whatever races
 * it), tracking codes checked (UPU S10 for the CTT), and the SKU of each line as the packing slip
 * prints it. The dashboard's figures (sizes, open reservations) are in `owner-dashboard.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { adminTexts, validationTexts } from '#shared/messages/index.ts';
import { cttTrackingUrl } from '#shared/shipping.ts';
import { getOrderItem } from '#lambdas/repositories/orders.ts';
import { closeOrder, expireReservations, payOutsideSite, payReservation } from '#lambdas/services/order-lifecycle.ts';
import {
  createProduct,
  customerOrderView,
  laterMailsTo,
  orderBody,
  placeOrder,
  reservationBody,
  uploadProof,
} from '../support/factories.ts';
import { adminIdToken, adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

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
const patch = async (id: string, body: Record<string, unknown>) =>
  call('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });
const sendEmail = async (id: string, body: Record<string, unknown>) =>
  call('POST', `/api/admin/orders/${id}/emails`, { token: await adminToken(), body: { requestKey: randomUUID(), ...body } });
/** Makes a reservation's time run out now (as if its hours had passed). */
const expireNow = (id: string) =>
  documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
const subjects = async (email: string) => (await laterMailsTo(email)).map((mail) => mail.subject);

async function reservation(stock = 5, quantity = 2) {
  const piece = await createProduct({ stock });
  const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity }]));
  expect(status).toBe(201);
  return { piece, order: body.order };
}

describe('POST /api/admin/orders/{id}/emails: only what is true of the order', () => {
  it('a reservation nobody paid gets no "payment confirmed", review request or tracking: 409 email_not_applicable, none sent', async () => {
    const { order } = await reservation();
    for (const [kind, extra] of [
      ['payment-confirmed', {}],
      ['review-request', {}],
      ['shipped', { trackingCode: 'RR123456785PT' }],
      ['order-received', {}],
      ['order-cancelled', {}],
    ] as const) {
      const refused = await sendEmail(order.id, { kind, ...extra });
      expect(refused.status, kind).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'email_not_applicable', message: adminTexts.emailNotApplicable[kind] });
    }
    expect(await laterMailsTo(order.email)).toEqual([]);
    const stored = await storedOrder(order.id);
    // Only the reservation's own mail (how and until when to pay) is in its history.
    expect((stored.emails ?? []).map((mail: { kind: string }) => mail.kind)).toEqual(['order-reserved']);
    expect(stored.status).toBe('Aguarda Pagamento');
  });

  it('an order whose proof is still to check: its receipt again, but no "payment confirmed" until the owner confirms it', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    expect((await sendEmail(body.order.id, { kind: 'payment-confirmed' })).status).toBe(409);
    expect((await sendEmail(body.order.id, { kind: 'order-received' })).status).toBe(200);
    expect((await patch(body.order.id, { status: 'Enviar' })).status).toBe(200);
    expect((await sendEmail(body.order.id, { kind: 'payment-confirmed' })).status).toBe(200);
    expect((await sendEmail(body.order.id, { kind: 'review-request' })).status).toBe(409);
    expect(await subjects(body.order.email)).toEqual([
      `Recebemos a tua encomenda nº ${body.order.orderNumber}`,
      `Recebemos a tua encomenda nº ${body.order.orderNumber}`,
      `Pagamento confirmado: encomenda nº ${body.order.orderNumber}`,
      `Pagamento confirmado: encomenda nº ${body.order.orderNumber}`,
    ]);
  });
});

describe('PATCH /api/admin/orders/{id}: a reservation paid outside the site', () => {
  it("without a note → 400 with the field's message, nothing changed", async () => {
    const { piece, order } = await reservation();
    for (const body of [{ status: 'Enviar' }, { status: 'Enviar', note: '   ' }]) {
      const refused = await patch(order.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ note: validationTexts.paymentNote.required });
    }
    const tooLong = await patch(order.id, { status: 'Enviar', note: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.note).toBe(validationTexts.paymentNote.tooLong);
    const stored = await storedOrder(order.id);
    expect(stored).toMatchObject({ status: 'Aguarda Pagamento', expiresAt: order.expiresAt });
    // Nothing but the reservation (and, once sent, its own mail) on the timeline.
    expect(stored.timeline.filter((entry: { kind: string }) => entry.kind !== 'email')).toHaveLength(1);
    expect(await stockOf(piece.id)).toBe(3);
    expect(await laterMailsTo(order.email)).toEqual([]);
  });

  it('with a note → Enviar: stock stays held, no expiry, the note on the timeline (owner only), the customer told: confirmed', async () => {
    const { piece, order } = await reservation(5, 2);
    const note = `  MB WAY recebido; comprovativo por e-mail ${randomUUID().slice(0, 6)} `;
    const moved = await patch(order.id, { status: 'Enviar', note });
    expect(moved.status).toBe(200);
    expect(moved.body.order).toMatchObject({ status: 'Enviar', paidOutsideAt: expect.any(String) });
    expect(moved.body.order.expiresAt).toBeUndefined();
    expect(moved.body.order.timeline.slice(-2)).toEqual([
      expect.objectContaining({
        kind: 'status',
        from: 'Aguarda Pagamento',
        to: 'Enviar',
        by: twin().admin.email,
        text: adminTexts.paidOutsideEntry,
      }),
      expect.objectContaining({
        kind: 'note',
        by: twin().admin.email,
        text: `Pagamento confirmado sem comprovativo no site: ${note.trim()}`,
      }),
    ]);
    expect(await stockOf(piece.id)).toBe(3);
    expect((await movementsOf(piece.id)).map((m) => m.reason)).toEqual(['reservation']);
    expect(await subjects(order.email)).toEqual([`Pagamento confirmado: encomenda nº ${order.orderNumber}`]);

    // Its old expiry passing changes nothing: the job no longer sees it.
    await expireReservations(new Date(Date.now() + 3 * 60 * 60 * 1000));
    expect((await storedOrder(order.id)).status).toBe('Enviar');
    expect(await stockOf(piece.id)).toBe(3);
    // Once, not twice: the same move again is refused and mails nothing.
    const again = await patch(order.id, { status: 'Enviar', note: 'outra vez' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('order_changed');
    // The customer sees that the payment was confirmed, never the owner's note.
    const view = await customerOrderView(order.id, order.accessToken);
    expect(view.body.order.status).toBe('Enviar');
    expect(JSON.stringify(view.body)).not.toContain(note.trim());
    expect(await subjects(order.email)).toHaveLength(1);
  });

  it('racing the expiry job at the moment the reservation runs out: exactly one outcome, each time', async () => {
    const token = await adminIdToken();
    const rounds = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const { piece, order } = await reservation(4, 2);
        await expireNow(order.id);
        const owner = call('PATCH', `/api/admin/orders/${order.id}`, { token, body: { status: 'Enviar', note: 'Transferência recebida' } });
        // The job starts a little later each round, so that it meets the request at different steps.
        const job = new Promise((resolve) => setTimeout(resolve, i * 15)).then(() => expireReservations(new Date()));
        const [answer] = await Promise.all([owner, job]);
        return { piece, order, answer };
      }),
    );
    for (const { piece, order, answer } of rounds) {
      const stored = await storedOrder(order.id);
      const told = await subjects(order.email);
      if (answer.status === 200) {
        expect(stored.status).toBe('Enviar');
        expect(stored.expiresAt).toBeUndefined();
        expect(await stockOf(piece.id)).toBe(2);
        expect(told).toEqual([`Pagamento confirmado: encomenda nº ${order.orderNumber}`]);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('order_changed');
        expect(stored.status).toBe('Encerrada');
        expect(await stockOf(piece.id)).toBe(4);
        expect(told).toEqual([`A tua encomenda nº ${order.orderNumber} foi cancelada`]);
      }
      expect(stored.timeline.filter((entry: { kind: string }) => entry.kind === 'status')).toHaveLength(1);
    }
  });

  it("racing the customer's proof: exactly one of them moves the order, the other is told, one set of e-mails", async () => {
    const token = await adminIdToken();
    const rounds = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { piece, order } = await reservation(4, 1);
        const proofKey = await uploadProof();
        const [owner, customer] = await Promise.all([
          call('PATCH', `/api/admin/orders/${order.id}`, {
            token,
            body: { status: 'Enviar', note: 'Pago por MB WAY, comprovativo por telefone' },
          }),
          callRoute('POST /api/orders/{id}/proof', { params: { id: order.id }, body: { accessToken: order.accessToken, proofKey } }),
        ]);
        return { piece, order, owner, customer };
      }),
    );
    for (const { piece, order, owner, customer } of rounds) {
      expect([owner.status, customer.status].sort()).toEqual([200, 409]);
      const stored = await storedOrder(order.id);
      const told = await subjects(order.email);
      if (owner.status === 200) {
        expect(customer.body.error.code).toBe('order_already_paid');
        expect(stored.status).toBe('Enviar');
        expect(stored.proofKey).toBeUndefined();
        expect(told).toEqual([`Pagamento confirmado: encomenda nº ${order.orderNumber}`]);
      } else {
        expect(owner.body.error.code).toBe('order_changed');
        expect(stored.status).toBe('Confirmar Pagamento');
        expect(told).toEqual([`Recebemos a tua encomenda nº ${order.orderNumber}`]);
      }
      expect(await stockOf(piece.id)).toBe(3);
    }
  });

  it('each move is conditioned on the status it read: whichever writes second, over a reservation read before, writes none', async () => {
    const now = () => new Date();
    // The owner's move read the reservation; the expiry job closed it before the move wrote.
    const expired = await reservation(4, 2);
    const seenByOwner = (await getOrderItem(expired.order.id))!;
    await expireNow(expired.order.id);
    await expireReservations(now());
    expect(await payOutsideSite(seenByOwner, 'Transferência recebida', twin().admin.email, now())).toBe('status-changed');
    expect(await storedOrder(expired.order.id)).toMatchObject({ status: 'Encerrada' });
    expect((await storedOrder(expired.order.id)).paidOutsideAt).toBeUndefined();
    expect(await stockOf(expired.piece.id)).toBe(4);
    expect(await subjects(expired.order.email)).toEqual([`A tua encomenda nº ${expired.order.orderNumber} foi cancelada`]);

    // The expiry job read the reservation; the owner marked it paid before the job wrote.
    const paid = await reservation(4, 2);
    const seenByJob = (await getOrderItem(paid.order.id))!;
    expect((await patch(paid.order.id, { status: 'Enviar', note: 'MB WAY recebido' })).status).toBe(200);
    expect(
      await closeOrder(seenByJob, { restock: true, reason: 'expiry', by: 'loja', cause: 'expiry', text: 'reserva expirada' }, now()),
    ).toBe('status-changed');
    expect((await storedOrder(paid.order.id)).status).toBe('Enviar');
    expect(await stockOf(paid.piece.id)).toBe(2);

    // The customer's proof read the reservation; the owner marked it paid first: no claim, no move, no mail.
    const proofLate = await reservation(4, 1);
    const seenByCustomer = (await getOrderItem(proofLate.order.id))!;
    expect((await patch(proofLate.order.id, { status: 'Enviar', note: 'Pago em loja' })).status).toBe(200);
    const proof = { key: `proofs/orders/${randomUUID()}.png`, contentType: 'image/png' };
    expect(await payReservation(seenByCustomer, proof, now())).toEqual({ kind: 'not-moved' });
    expect((await storedOrder(proofLate.order.id)).proofKey).toBeUndefined();

    // The owner's move read the reservation; the customer's proof moved it first.
    const proofFirst = await reservation(4, 1);
    const seenBefore = (await getOrderItem(proofFirst.order.id))!;
    const attached = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: proofFirst.order.id },
      body: { accessToken: proofFirst.order.accessToken, proofKey: await uploadProof() },
    });
    expect(attached.status).toBe(200);
    expect(await payOutsideSite(seenBefore, 'Pago', twin().admin.email, now())).toBe('status-changed');
    expect((await storedOrder(proofFirst.order.id)).status).toBe('Confirmar Pagamento');
    expect(await subjects(proofFirst.order.email)).toEqual([`Recebemos a tua encomenda nº ${proofFirst.order.orderNumber}`]);
    expect(await subjects(proofLate.order.email)).toEqual([`Pagamento confirmado: encomenda nº ${proofLate.order.orderNumber}`]);
  });

  it('the owner still cannot put a reservation in "Confirmar Pagamento": that is the customer\'s proof', async () => {
    const { order } = await reservation();
    const refused = await patch(order.id, { status: 'Confirmar Pagamento', note: 'não' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('transition_not_allowed');
  });

  it('a note on an order whose proof arrived meanwhile is refused (order_changed): the owner checks the proof instead', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    const refused = await patch(body.order.id, { status: 'Enviar', note: 'Pago por transferência' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('order_changed');
    expect((await storedOrder(body.order.id)).status).toBe('Confirmar Pagamento');
  });
});

describe('tracking codes', () => {
  const shippable = async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    expect((await patch(body.order.id, { status: 'Enviar' })).status).toBe(200);
    return body.order;
  };

  it('a CTT code with a wrong check digit (old example RR123456789PT) → 400, nothing changed; the right one → 200, linked', async () => {
    const order = await shippable();
    await laterMailsTo(order.email);
    const refused = await patch(order.id, { status: 'Enviado', trackingCode: 'RR123456789PT' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ trackingCode: validationTexts.trackingCode.s10 });
    expect((await storedOrder(order.id)).status).toBe('Enviar');
    expect(await laterMailsTo(order.email)).toHaveLength(2);

    const shipped = await patch(order.id, { status: 'Enviado', trackingCode: 'rr 123 456 785 pt' });
    expect(shipped.status).toBe(200);
    const mail = (await laterMailsTo(order.email)).at(-1)!;
    expect(mail.body.text).toContain('Código de envio CTT: RR123456785PT.');
    expect(mail.body.text).toContain(cttTrackingUrl('RR123456785PT'));
    const view = await customerOrderView(order.id, order.accessToken);
    expect(view.body.order).toMatchObject({ trackingCode: 'RR123456785PT', carrier: 'ctt' });
  });

  it('another carrier (carrier "outra"): a free code of letters, digits and dashes, mailed without a CTT link', async () => {
    const order = await shippable();
    const refused = await patch(order.id, { status: 'Enviado', trackingCode: 'AB1', carrier: 'outra' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ trackingCode: validationTexts.trackingCode.other });
    const unknown = await patch(order.id, { status: 'Enviado', trackingCode: 'GLS-99887766', carrier: 'dhl' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ carrier: validationTexts.carrier.invalid });

    expect((await patch(order.id, { status: 'Enviado', trackingCode: 'gls-99887766', carrier: 'outra' })).status).toBe(200);
    const mail = (await laterMailsTo(order.email)).at(-1)!;
    expect(mail.body.text).toContain('Código de envio: GLS-99887766.');
    expect(mail.body.text).not.toContain('ctt.pt');
    expect(mail.body.text, "another carrier's code is not called the CTT's").not.toContain('CTT');
    const stored = await storedOrder(order.id);
    expect(stored.emails.at(-1)).toMatchObject({ kind: 'shipped', status: 'sent', trackingCode: 'GLS-99887766', carrier: 'outra' });
    const view = await customerOrderView(order.id, order.accessToken);
    expect(view.body.order).toMatchObject({ trackingCode: 'GLS-99887766', carrier: 'outra' });
  });
});

describe("GET /api/admin/orders/{id}: each line's SKU as the packing slip prints it", () => {
  it("the size's SKU, or the product's code when there is none", async () => {
    const withSku = await createProduct({ stock: 3 });
    const withoutSku = await createProduct({
      stock: 3,
      sku: '',
      variants: [{ id: 'unico', label: '', sku: '', stock: 3, priceDeltaCents: 0 }],
    });
    const { body } = await placeOrder(
      reservationBody([
        { productId: withSku.id, quantity: 1 },
        { productId: withoutSku.id, quantity: 1 },
      ]),
    );
    const detail = await callRoute('GET /api/admin/orders/{id}', { params: { id: body.order.id } }, { token: await adminToken() });
    expect(detail.status).toBe(200);
    const skuOf = (productId: string) => detail.body.order.lines.find((line) => line.productId === productId)?.sku;
    expect(skuOf(withSku.id)).toBe(withSku.sku);
    expect(skuOf(withoutSku.id)).toBe(withoutSku.code);
  });
});
