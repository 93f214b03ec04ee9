/**
 * Reserve, then pay: a reservation fixes prices, number and stock and expires by itself; the proof
 * moves it to "Confirmar Pagamento"; the order lifecycle only allows its transitions, and closing
 * gives back exactly what the order held. Through the real handlers and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import {
  createProduct,
  customerOrderView,
  laterMailsTo,
  mailsTo,
  orderBody,
  placeOrder,
  reservationBody,
  uploadProof,
} from '../support/factories.ts';
import { adminIdToken, adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const storedOrder = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item!;
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
const attach = (id: string, accessToken: string, proofKey: string) =>
  callRoute('POST /api/orders/{id}/proof', { params: { id }, body: { accessToken, proofKey } });
const setStatus = async (id: string, status: string, extra: Record<string, unknown> = {}) =>
  call('PATCH', `/api/admin/orders/${id}`, { token: await adminToken(), body: { status, ...extra } });
/** Who the admin is in the records: the access token's username (the pool's own id for the user). */
const adminName = async () => JSON.parse(Buffer.from((await adminToken()).split('.')[1]!, 'base64url').toString('utf8')).username as string;
/** Makes a reservation's time run out now (as if two hours had passed). */
const expireNow = (id: string) =>
  documentClient().send(
    new UpdateCommand({
      TableName: twin().env.TABLE_ORDERS,
      Key: { id },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );

describe('POST /api/orders without a proof: a reservation', () => {
  it('fixes the amount and the number, takes the stock, expires in two hours and gives an access token once', async () => {
    const piece = await createProduct({ stock: 5, priceCents: 1400 });
    const before = Date.now();
    const { status, body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 2 }]));
    expect(status).toBe(201);
    expect(body.order).toMatchObject({ status: 'Aguarda Pagamento', totalCents: 2 * 1400 + 300, orderNumber: Number(body.order.id) });
    expect(body.order.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(body.order.expiresAt!) - before;
    expect(expiresIn).toBeGreaterThan(DEFAULT_SETTINGS.holdMinutes.transferencia * 60_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(DEFAULT_SETTINGS.holdMinutes.transferencia * 60_000 + 60_000);
    expect(await stockOf(piece.id)).toBe(3);
    const stored = await storedOrder(body.order.id);
    expect(stored.accessTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(body.order.accessToken);
    expect(await movementsOf(piece.id)).toEqual([
      expect.objectContaining({ delta: -2, reason: 'reservation', actor: { kind: 'order', orderId: body.order.id } }),
    ]);
    // The order-received mail confirms a proof: none yet; only the reservation's (how and until when to pay).
    expect((await mailsTo(body.order.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(`^Reserva nº ${body.order.orderNumber}: `),
    ]);
  });

  it('attaching the proof with the token moves it to Confirmar Pagamento, mails the customer, and the customer sees it', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const proofKey = await uploadProof();
    const paid = await attach(body.order.id, body.order.accessToken, proofKey);
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('Confirmar Pagamento');
    expect(paid.body.order.expiresAt).toBeUndefined();
    expect((await storedOrder(body.order.id)).proofKey).toMatch(/^proofs\/orders\//);
    expect((await laterMailsTo(body.order.email)).map((mail) => mail.subject)).toEqual([
      `Recebemos a tua encomenda nº ${body.order.orderNumber}`,
    ]);

    // A double click sends the same proof again: the same answer, nothing more.
    const again = await attach(body.order.id, body.order.accessToken, proofKey);
    expect(again.status).toBe(200);
    expect(await laterMailsTo(body.order.email)).toHaveLength(1);

    const view = await customerOrderView(body.order.id, body.order.accessToken);
    expect(view.status).toBe(200);
    expect(view.body.order.timeline.map((entry) => entry.to)).toEqual(['Aguarda Pagamento', 'Confirmar Pagamento']);
    // The owner hears about it at once (the shop's own address).
    const owner = (await mailsTo(twin().env.MAIL_FROM!)).filter((mail) => mail.subject.includes(String(body.order.orderNumber)));
    expect(owner.map((mail) => mail.subject)).toEqual([
      `Novo comprovativo para confirmar: nº ${body.order.orderNumber} (${formatCents(body.order.totalCents)})`,
    ]);
  });

  it('refuses a wrong or guessed token with the same 403 whether or not the order exists', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const forged = 'A'.repeat(43);
    const wrong = await attach(body.order.id, forged, await uploadProof());
    const missing = await attach('100000', forged, await uploadProof());
    expect(wrong.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(wrong.body);
    expect((await customerOrderView(body.order.id, forged)).status).toBe(403);
    expect((await customerOrderView(body.order.id, 'short')).status).toBe(403);
    expect((await storedOrder(body.order.id)).status).toBe('Aguarda Pagamento');
  });

  it('a proof backs one order only: reused for another reservation → 409, nothing written', async () => {
    const piece = await createProduct({ stock: 4 });
    const first = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const second = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const proofKey = await uploadProof();
    expect((await attach(first.body.order.id, first.body.order.accessToken, proofKey)).status).toBe(200);
    const reused = await attach(second.body.order.id, second.body.order.accessToken, proofKey);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('proof_used');
    expect((await storedOrder(second.body.order.id)).status).toBe('Aguarda Pagamento');
    // The same proof at order time, for a new order, is refused too.
    const atOnce = await placeOrder({ ...(await orderBody([{ productId: piece.id, quantity: 1 }])), proofKey });
    expect(atOnce.status).toBe(409);
    expect(atOnce.body.error.code).toBe('proof_used');
    expect(await stockOf(piece.id)).toBe(2);
  });

  it('an unpaid reservation expires by itself: stock back with its movement, and a late proof is told so', async () => {
    const piece = await createProduct({ stock: 5 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 3 }]));
    expect(await stockOf(piece.id)).toBe(2);
    expect(await expireReservations(new Date())).toBeGreaterThanOrEqual(0);
    expect((await storedOrder(body.order.id)).status).toBe('Aguarda Pagamento');

    await expireNow(body.order.id);
    const late = await attach(body.order.id, body.order.accessToken, await uploadProof());
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('reservation_expired');

    await expireReservations(new Date());
    const closed = await storedOrder(body.order.id);
    expect(closed.status).toBe('Encerrada');
    expect(closed.timeline.filter((e: { kind: string }) => e.kind === 'status').at(-1)).toMatchObject({
      kind: 'status',
      from: 'Aguarda Pagamento',
      to: 'Encerrada',
      by: 'loja',
    });
    expect(await stockOf(piece.id)).toBe(5);
    expect((await movementsOf(piece.id)).map((m) => [m.reason, m.delta]).sort()).toEqual([
      ['expiry', 3],
      ['reservation', -3],
    ]);
    const told = await laterMailsTo(body.order.email);
    expect(told.map((mail) => mail.subject)).toEqual([`A tua encomenda nº ${body.order.orderNumber} foi cancelada`]);
    expect(told[0]!.body.text).toContain('expirou sem recebermos o comprovativo');
    // A second run gives nothing back twice, and mails nobody again.
    await expireReservations(new Date(Date.now() + 60_000));
    expect(await laterMailsTo(body.order.email)).toHaveLength(1);
    expect(await stockOf(piece.id)).toBe(5);
    const afterClose = await attach(body.order.id, body.order.accessToken, await uploadProof());
    expect(afterClose.body.error.code).toBe('reservation_expired');
  });

  it('50 parallel reservations for the last 5 units → exactly 5; 3 expire → exactly 3 more; never below zero', async () => {
    const piece = await createProduct({ stock: 5 });
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))),
    );
    const reserved = attempts.filter((a) => a.status === 201);
    expect(reserved).toHaveLength(5);
    expect(attempts.filter((a) => a.status === 409).every((a) => a.body.error.code === 'out_of_stock')).toBe(true);
    expect(await stockOf(piece.id)).toBe(0);

    for (const answer of reserved.slice(0, 3)) await expireNow(answer.body.order.id);
    await expireReservations(new Date());
    expect(await stockOf(piece.id)).toBe(3);
    const more = await Promise.all(Array.from({ length: 10 }, () => placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))));
    expect(more.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await stockOf(piece.id)).toBe(0);
  });
});

describe('PATCH /api/admin/orders/{id}: the lifecycle', () => {
  const paidOrder = async (stock: number, quantity: number) => {
    const piece = await createProduct({ stock });
    const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity }]));
    return { piece, order: body.order };
  };

  it('allows only the transitions of the table (409 otherwise), and the customer never sees who did it', async () => {
    const { order } = await paidOrder(3, 1);
    const skip = await setStatus(order.id, 'Concluido');
    expect(skip.status).toBe(409);
    expect(skip.body.error.code).toBe('transition_not_allowed');
    expect(skip.body.error.message).toContain('«Confirmar Pagamento»');
    expect((await setStatus(order.id, 'Enviar')).status).toBe(200);
    const back = await setStatus(order.id, 'Confirmar Pagamento');
    expect(back.status).toBe(409);
    const stored = await storedOrder(order.id);
    expect(stored.status).toBe('Enviar');
    expect(stored.timeline.filter((e: { kind: string }) => e.kind === 'status').at(-1)).toMatchObject({
      from: 'Confirmar Pagamento',
      to: 'Enviar',
      by: await adminName(),
    });
  });

  it('the owner cannot mark a reservation as paid: only its proof does', async () => {
    const piece = await createProduct({ stock: 3 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect((await setStatus(body.order.id, 'Confirmar Pagamento')).status).toBe(409);
  });

  it('cancelling before shipping gives the stock back once, even when two admins cancel at once', async () => {
    const { piece, order } = await paidOrder(4, 3);
    expect(await stockOf(piece.id)).toBe(1);
    const [a, b] = await Promise.all([setStatus(order.id, 'Encerrada'), setStatus(order.id, 'Encerrada')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await stockOf(piece.id)).toBe(4);
    expect((await movementsOf(piece.id)).filter((m) => m.reason === 'cancellation')).toHaveLength(1);
    expect((await setStatus(order.id, 'Enviar')).status).toBe(409);
    const cancelled = (await laterMailsTo(order.email)).filter((mail) => mail.subject.includes('cancelada'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.body.text).toContain('foi cancelada e as peças voltaram à loja');
  });

  it('one action per real step: confirming the payment and shipping (with its tracking code) mail the customer', async () => {
    const { order } = await paidOrder(3, 1);
    const confirmed = await setStatus(order.id, 'Enviar');
    expect(confirmed.status).toBe(200);
    await laterMailsTo(order.email);
    const { Item: afterConfirm } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id } }),
    );
    expect(afterConfirm!.emails.map((e: { kind: string; status: string }) => [e.kind, e.status])).toEqual([
      ['order-received', 'sent'],
      ['payment-confirmed', 'sent'],
    ]);
    const shipped = await setStatus(order.id, 'Enviado', { trackingCode: 'RR123456785PT' });
    expect(shipped.status).toBe(200);
    await laterMailsTo(order.email);
    const { Item: afterShip } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id: order.id } }));
    expect(afterShip!.emails.at(-1)).toMatchObject({ kind: 'shipped', status: 'sent', trackingCode: 'RR123456785PT' });
    // Each e-mail is on the timeline too, with who and when.
    expect(
      afterShip!.timeline
        .filter((e: { kind: string }) => e.kind === 'email')
        .map((e: { email: string; outcome: string }) => `${e.email}:${e.outcome}`),
    ).toEqual(['order-received:sent', 'payment-confirmed:sent', 'shipped:sent']);
    const subjects = (await laterMailsTo(order.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Recebemos a tua encomenda nº ${order.orderNumber}`,
      `Pagamento confirmado: encomenda nº ${order.orderNumber}`,
      `A tua encomenda nº ${order.orderNumber} foi enviada`,
    ]);
    expect((await laterMailsTo(order.email)).at(-1)!.body.text).toContain('Código de envio CTT: RR123456785PT.');
  });

  it('closing after shipping asks whether the pieces came back; yes → stock back as a return, no → stock unchanged', async () => {
    const { piece, order } = await paidOrder(5, 2);
    for (const status of ['Enviar', 'Enviado']) expect((await setStatus(order.id, status)).status).toBe(200);
    const unanswered = await setStatus(order.id, 'Encerrada');
    expect(unanswered.status).toBe(400);
    expect(unanswered.body.error.fields.restock).toMatch(/stock/);
    expect(await stockOf(piece.id)).toBe(3);
    expect((await setStatus(order.id, 'Encerrada', { restock: true })).status).toBe(200);
    expect(await stockOf(piece.id)).toBe(5);
    expect((await movementsOf(piece.id)).filter((m) => m.reason === 'return')).toEqual([expect.objectContaining({ delta: 2 })]);

    const other = await paidOrder(5, 2);
    for (const status of ['Enviar', 'Enviado', 'Concluido']) await setStatus(other.order.id, status);
    expect((await setStatus(other.order.id, 'Encerrada', { restock: false })).status).toBe(200);
    expect(await stockOf(other.piece.id)).toBe(3);
  });

  it('notes go on the timeline for the owner, never to the customer', async () => {
    const piece = await createProduct({ stock: 2 });
    const { body } = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const text = `Cliente pediu embrulho <b>${randomUUID().slice(0, 6)}</b>`;
    const note = await callRoute(
      'POST /api/admin/orders/{id}/notes',
      { params: { id: body.order.id }, body: { text } },
      { token: await adminToken() },
    );
    expect(note.status).toBe(201);
    expect(note.body.order.timeline.at(-1)).toMatchObject({ kind: 'note', text, by: await adminName() });

    // The back-office sends the admin's ID token: the timeline then names the admin by e-mail.
    const byEmail = await call('POST', `/api/admin/orders/${body.order.id}/notes`, {
      token: await adminIdToken(),
      body: { text: 'Confirmado por telefone' },
    });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.order.timeline.at(-1)).toMatchObject({ kind: 'note', text: 'Confirmado por telefone', by: twin().admin.email });
    const view = await customerOrderView(body.order.id, body.order.accessToken);
    expect(JSON.stringify(view.body)).not.toContain(text.slice(0, 20));
    expect(
      (await call('POST', `/api/admin/orders/${body.order.id}/notes`, { token: await adminToken(), body: { text: '  ' } })).status,
    ).toBe(400);
  });
});
