/**
 * GDPR erasure: `POST /api/admin/customers/{ref}/anonymise` keeps each order as the
 * accounting record and removes the customer's personal data everywhere the shop keeps it (the order,
 * its free texts, its search terms, its proof of payment, their contact messages and back-in-stock
 * requests), keeps the dashboard's counters equal to a recount, refuses with nothing changed while an
 * order is open, does nothing more the second time or when two admins run it at once, and refuses
 * whoever is not an admin and whatever is not an e-mail.
 *
 * The handler is called as its own function (the row's environment and grants only, as the twin's
 * gateway runs it) on tables of this file's own, so every figure can be checked exactly; the last
 * test goes through the twin's front door and gateway with real tokens.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlaceOrderResponse } from '#shared/api.ts';
import type { CustomerAnonymisedResponse } from '#shared/api-customers.ts';
import { adminTexts, apiTexts, gdprTexts } from '#shared/messages/index.ts';
import { alertCustomerRef, messageCustomerRef, orderCustomerRef } from '#shared/customer-ref.ts';
import { customerTerm, orderNumberTerms, orderSearchTerms } from '#shared/order-search.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { ANONYMISED_FIELDS, REDACTED, scrubbedOrderTexts } from '#shared/personal-data.ts';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { routes } from '#lambdas/routes.ts';
import { handler as anonymiseHandler } from '#lambdas/handlers/admin/customers/anonymise.ts';
import { handler as customerHandler } from '#lambdas/handlers/admin/customers/get.ts';
import { handler as createContactMessage } from '#lambdas/handlers/contact-messages/create.ts';
import { handler as readContactMessage } from '#lambdas/handlers/admin/contact-messages/get.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as attachProof } from '#lambdas/handlers/orders/attach-proof.ts';
import { handler as updateStatus } from '#lambdas/handlers/admin/orders/update-status.ts';
import { handler as addNote } from '#lambdas/handlers/admin/orders/add-note.ts';
import { handler as sendEmail } from '#lambdas/handlers/admin/orders/send-email.ts';
import { handler as customerOrder } from '#lambdas/handlers/orders/get.ts';
import { allCounters } from '#lambdas/repositories/counters.ts';
import { anonymiseOrderItem, recordMailProblem, type OrderItem } from '#lambdas/repositories/orders.ts';
import { writeTransaction } from '#lambdas/repositories/transactions.ts';
import { readObject } from '#lambdas/repositories/storage.ts';
import { countersFrom, readCountedData } from '#lambdas/services/counters.ts';
import { apiEvent, invoke, lambdaContext } from '../support/events.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { useOwnTables } from '../support/own-tables.ts';
import { askAndConfirmInProcess } from '../support/stock-alerts.ts';
import { stockAlertId } from '#lambdas/repositories/stock-alerts.ts';
import { adminToken, call, documentClient, nonAdminToken } from '../support/twin.ts';

const ADMIN = 'dona@example.com';
const OTHER_ADMIN = 'socia@example.com';
const KEY = 'POST /api/admin/customers/{ref}/anonymise' as const;
const row = routes.find((route) => `${route.method} ${route.path}` === KEY)!;
let restoreTables: (() => void) | undefined;

beforeAll(async () => {
  restoreTables = await useOwnTables(`gdpr-${randomUUID().slice(0, 8)}`);
});
afterAll(() => restoreTables?.());

/** The route's function, as the gateway runs it: its row's environment and grants only. */
function anonymise(ref: string, admin: string | null = ADMIN) {
  return asFunction({ name: KEY, grants: row.grants, api: true }, () =>
    invoke<CustomerAnonymisedResponse & { error?: { code: string; message: string } }>(
      anonymiseHandler,
      'POST',
      `/api/admin/customers/${encodeURIComponent(ref)}/anonymise`,
      {
        params: { ref },
        ...(admin ? { admin } : {}),
      },
    ),
  );
}

const tableName = (key: TableKey) => process.env[tables[key].envVar]!;
const get = async (key: TableKey, id: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(key), Key: { id }, ConsistentRead: true }))).Item;
async function scan(key: TableKey): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: tableName(key), ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The tables that hold a customer's data for as long as the shop keeps it (the short-lived technical ones, outbox, idempotency and rate
 * limits, expire by TTL).
 */
const KEPT: TableKey[] = [
  'orders',
  'orderSearch',
  'contactMessages',
  'stockAlerts',
  'counters',
  'stockMovements',
  'mbwayCounters',
  'products',
  'collections',
  'settings',
];
/** Every item of those tables, as sorted JSON lines: "nothing changed" is this being equal. */
async function snapshot(): Promise<string> {
  const out: string[] = [];
  for (const key of KEPT) for (const item of await scan(key)) out.push(`${key} ${JSON.stringify(item, Object.keys(item).sort())}`);
  return out.sort().join('\n');
}

/** Stored counters against a recount of the tables (a counter missing on one side counts as 0). */
async function countersMatchRecount(): Promise<void> {
  const [stored, recounted] = await Promise.all([allCounters(), readCountedData().then(countersFrom)]);
  for (const name of new Set([...Object.keys(stored), ...Object.keys(recounted)]))
    expect(stored[name] ?? 0, name).toBe(recounted[name] ?? 0);
}

interface Customer {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
}
function customer(email: string): Customer {
  return {
    email,
    firstName: 'Marta',
    lastName: 'Anonimizável',
    phone: '+351 936 112 358',
    address: 'Rua do Segredo Guardado, 7',
    postalCode: '4700-123',
    city: 'Vila Verde',
  };
}
/** What must appear nowhere once the customer is anonymised (any case). */
const traces = (who: Customer) => [
  who.email.toLowerCase(),
  who.email.split('@')[0]!.toLowerCase(),
  'anonimizável',
  '936112358',
  '936 112 358',
  'segredo guardado',
  '4700-123',
  'vila verde',
  'marta',
];

async function reserve(
  productId: string,
  who: Customer,
  quantity = 1,
  gift?: { message: string },
): Promise<{ id: string; accessToken: string }> {
  const { email, firstName, lastName, phone, address, postalCode, city } = who;
  const placed = await invoke<PlaceOrderResponse>(createOrder, 'POST', '/api/orders', {
    body: {
      ...reservationBody([{ productId, quantity }], { email, firstName, lastName, phone, address, postalCode, city }),
      ...(gift ? { gift } : {}),
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { id: placed.body.order.id, accessToken: placed.body.order.accessToken };
}

async function pay(order: { id: string; accessToken: string }): Promise<void> {
  const attached = await invoke(attachProof, 'POST', `/api/orders/${order.id}/proof`, {
    params: { id: order.id },
    body: { proofKey: await uploadProof(), accessToken: order.accessToken },
  });
  expect(attached.status, JSON.stringify(attached.body)).toBe(200);
}

async function move(id: string, ...statuses: OrderStatus[]): Promise<void> {
  for (const status of statuses) {
    const moved = await invoke(updateStatus, 'PATCH', `/api/admin/orders/${id}`, { params: { id }, body: { status }, admin: ADMIN });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

async function contactMessage(who: Customer): Promise<string> {
  const answer = await invoke(createContactMessage, 'POST', '/api/contact-messages', {
    body: {
      name: `${who.firstName} ${who.lastName}`,
      email: who.email,
      phone: who.phone,
      subject: 'A minha encomenda',
      message: `Moro na ${who.address}, ${who.city}.`,
      website: '',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** A confirmed (pending, counted) request. */
async function stockAlert(email: string, productId: string, variantId?: string): Promise<void> {
  await askAndConfirmInProcess({ email, productId, ...(variantId ? { variantId } : {}) });
}

async function historyOf(email: string) {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: tableName('orderSearch'),
      KeyConditionExpression: 'term = :t',
      ExpressionAttributeValues: { ':t': customerTerm(email) },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe.sequential('POST /api/admin/customers/{ref}/anonymise', () => {
  it('keeps the orders as the accounting record and removes the personal data everywhere; a second call finds nothing', async () => {
    const who = customer(`Marta.Retida.${randomUUID().slice(0, 6)}@Example.com`);
    const piece = await createProduct({ stock: 5 });
    const soldOut = await createProduct({ stock: 0 });
    // A ring whose size 14 is sold out (16 is not): a request names the size.
    const ring = await createProduct({
      variants: [
        { id: 's14', label: '14', sku: '', stock: 0, priceDeltaCents: 0 },
        { id: 's16', label: '16', sku: '', stock: 1, priceDeltaCents: 0 },
      ],
    });
    // A paid order that went all the way (Concluído), with its proof, a note naming the customer and a bounced e-mail.
    const done = await reserve(piece.id, who);
    await pay(done);
    await move(done.id, 'Enviar', 'Enviado', 'Concluido');
    expect(
      (
        await invoke(addNote, 'POST', `/api/admin/orders/${done.id}/notes`, {
          params: { id: done.id },
          body: { text: 'A Marta ligou do 936 112 358: entregar na Rua do Segredo Guardado, 7.' },
          admin: ADMIN,
        })
      ).status,
    ).toBe(201);
    const bounce = `550 5.1.1 <${who.email.toLowerCase()}>: Recipient address rejected`;
    expect(
      await recordMailProblem(
        done.id,
        `evt-${randomUUID()}`,
        { kind: 'order-received', status: 'bounced', at: new Date().toISOString(), error: bounce },
        { at: new Date().toISOString(), kind: 'email', by: 'loja', email: 'order-received', outcome: 'bounced', text: bounce },
        { kind: 'bounced', at: new Date().toISOString(), address: who.email, detail: bounce },
      ),
    ).toBe(true);
    // A reservation nobody paid, closed (Encerrada): no proof; a gift whose card names the customer and someone else.
    const cancelled = await reserve(piece.id, who, 1, { message: 'Joana, um beijinho da Marta (936 112 358)' });
    await move(cancelled.id, 'Encerrada');
    // Two contact messages (one read, one unread) and a pending back-in-stock request.
    const unread = await contactMessage(who);
    const read = await contactMessage(who);
    expect(
      (await invoke(readContactMessage, 'GET', `/api/admin/contact-messages/${read}`, { params: { id: read }, admin: ADMIN })).status,
    ).toBe(200);
    await stockAlert(who.email, soldOut.id);
    await stockAlert(who.email, ring.id, 's14');

    const before = (await get('orders', done.id)) as unknown as Order & { proofKey: string };
    expect(await readObject('proofs', before.proofKey, 1024)).toBeDefined();
    expect(await historyOf(who.email)).toHaveLength(4);
    await countersMatchRecount();
    const countersBefore = await allCounters();

    // Reached from the order's page: the reference names the order, the e-mail is read from it.
    const answer = await anonymise(orderCustomerRef(done.id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.anonymised).toEqual({ email: who.email.toLowerCase(), orders: 2, proofs: 1, contactMessages: 2, stockAlerts: 2 });
    expect(answer.body.message).toBe(gdprTexts.done({ orders: 2, proofs: 1, contactMessages: 2, stockAlerts: 2 }));

    // The order keeps its number, dates, status, pieces, amounts and methods; loses who and where.
    const after = (await get('orders', done.id)) as unknown as Order & { accessTokenHash: string };
    for (const field of [
      'id',
      'orderNumber',
      'status',
      'createdAt',
      'timestamp',
      'lines',
      'subtotalCents',
      'discountCents',
      'shippingCents',
      'totalCents',
      'shippingMethod',
      'paymentMethod',
      'country',
      'proofKey',
      'accessTokenHash',
    ] as const) {
      expect(after[field as keyof typeof after], field).toEqual(before[field as keyof typeof before]);
    }
    expect(after).toMatchObject({ ...ANONYMISED_FIELDS, status: 'Concluido' });
    expect(after.anonymisedAt).toBeDefined();
    expect(after.proofDeletedAt).toBeDefined();
    expect(after.mailProblem).toBeUndefined();
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'note', by: ADMIN, text: gdprTexts.orderEntry });
    expect(after.timeline.filter((entry) => entry.text === gdprTexts.proofEntry)).toHaveLength(1);
    // The note and the bounce are still there, without the customer in them.
    expect(
      after.timeline.some((entry) => entry.text?.startsWith('A [anonimizado] ligou do [anonimizado]: entregar na [anonimizado]')),
    ).toBe(true);
    expect(after.emails.find((record) => record.status === 'bounced')?.error).toBe('550 5.1.1 <[anonimizado]>: Recipient address rejected');
    // The card's message may name anyone (the one it is for too): it goes whole.
    expect(await get('orders', cancelled.id)).toMatchObject({
      ...ANONYMISED_FIELDS,
      status: 'Encerrada',
      gift: { message: REDACTED, wrap: false },
    });

    // The proof file is gone; the messages and the request too.
    expect(await readObject('proofs', before.proofKey, 1024)).toBeUndefined();
    expect(await get('contactMessages', unread)).toBeUndefined();
    expect(await get('contactMessages', read)).toBeUndefined();
    expect(await scan('stockAlerts')).toEqual([]);

    // The search keeps each order under its number only: no term of the name, e-mail or phone, no customer history.
    expect(await historyOf(who.email)).toEqual([]);
    const searchItems = await scan('orderSearch');
    for (const order of [before, (await get('orders', cancelled.id)) as unknown as Order]) {
      const mine = searchItems
        .filter((item) => item.orderId === order.id)
        .map((item) => String(item.term))
        .sort();
      expect(mine).toEqual(orderNumberTerms(order.orderNumber).sort());
      expect(orderSearchTerms(before).length).toBeGreaterThan(mine.length);
    }

    // Nowhere in the tables the shop keeps is there a trace of the customer.
    for (const key of KEPT) {
      const text = JSON.stringify(await scan(key)).toLowerCase();
      for (const trace of traces(who)) expect(text.includes(trace), `${trace} in ${key}`).toBe(false);
    }

    // The dashboard: one unread message and two pending requests fewer; every counter equals a recount.
    const countersAfter = await allCounters();
    expect(countersAfter['contactMessages#unread']).toBe(countersBefore['contactMessages#unread']! - 1);
    expect(countersAfter['stockAlerts#pending']).toBe(countersBefore['stockAlerts#pending']! - 2);
    expect(
      Object.fromEntries(
        Object.entries(countersAfter).filter(
          ([name]) => name.startsWith('orders#') || name.startsWith('revenue#') || name.startsWith('received#'),
        ),
      ),
    ).toEqual(
      Object.fromEntries(
        Object.entries(countersBefore).filter(
          ([name]) => name.startsWith('orders#') || name.startsWith('revenue#') || name.startsWith('received#'),
        ),
      ),
    );
    await countersMatchRecount();

    // The customer's link still opens the order, with no personal data.
    const opened = await invoke(customerOrder, 'GET', `/api/orders/${done.id}`, {
      params: { id: done.id },
      headers: { 'x-order-token': done.accessToken },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.order).toMatchObject({
      orderNumber: before.orderNumber,
      status: 'Concluido',
      totalCents: before.totalCents,
      email: '',
      firstName: ANONYMISED_FIELDS.firstName,
    });
    for (const trace of traces(who)) expect(JSON.stringify(opened.body).toLowerCase().includes(trace), trace).toBe(false);

    // The back-office has nothing left of the customer (the order's reference no longer names an e-mail), and sends the order no more
    // e-mails.
    const view = await invoke(customerHandler, 'GET', '/api/admin/customers/x', {
      params: { ref: orderCustomerRef(done.id) },
      admin: ADMIN,
    });
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({ code: 'customer_not_found', message: adminTexts.customerGone });
    const resend = await invoke(sendEmail, 'POST', `/api/admin/orders/${done.id}/emails`, {
      params: { id: done.id },
      body: { kind: 'review-request', requestKey: randomUUID() },
      admin: ADMIN,
    });
    expect(resend.status).toBe(409);
    expect(resend.body.error).toMatchObject({ code: 'order_anonymised', message: gdprTexts.orderAnonymised });

    // A second call (the page left open) finds no customer any more, says so, and changes nothing.
    const tables = await snapshot();
    for (const ref of [orderCustomerRef(done.id), orderCustomerRef(cancelled.id), messageCustomerRef(unread)]) {
      const again = await anonymise(ref);
      expect(again.status, ref).toBe(404);
      expect(again.body.error).toMatchObject({ code: 'customer_not_found', message: adminTexts.customerGone });
    }
    expect(await snapshot()).toBe(tables);
  });

  it("a customer who only asked to be told of a restock: seen and erased through the request's reference", async () => {
    const who = customer(`so.alerta.${randomUUID().slice(0, 6)}@example.com`);
    const soldOut = await createProduct({ stock: 0 });
    await stockAlert(who.email, soldOut.id);
    const ref = alertCustomerRef(stockAlertId(soldOut.id, who.email));
    const getKey = 'GET /api/admin/customers/{ref}';
    const getRow = routes.find((route) => `${route.method} ${route.path}` === getKey)!;
    const view = () =>
      asFunction({ name: getKey, grants: getRow.grants, api: true }, () =>
        invoke<{ customer?: { email: string; orders: unknown[] } }>(customerHandler, 'GET', `/api/admin/customers/${ref}`, {
          params: { ref },
          admin: ADMIN,
        }),
      );
    const seen = await view();
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.customer).toMatchObject({ email: who.email, orders: [] });

    const answer = await anonymise(ref);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.anonymised).toEqual({ email: who.email, orders: 0, proofs: 0, contactMessages: 0, stockAlerts: 1 });
    expect(await get('stockAlerts', stockAlertId(soldOut.id, who.email))).toBeUndefined();
    // The request is gone, and with it the only reference to the customer.
    expect((await view()).status).toBe(404);
  });

  it('refuses while an order is still to pay, confirm, ship or deliver, naming it, and changes nothing', async () => {
    const who = customer(`aberta.${randomUUID().slice(0, 6)}@example.com`);
    const piece = await createProduct({ stock: 5 });
    const soldOut = await createProduct({ stock: 0 });
    const closed = await reserve(piece.id, who);
    await pay(closed);
    await move(closed.id, 'Enviar', 'Enviado', 'Concluido');
    const shipped = await reserve(piece.id, who);
    await pay(shipped);
    await move(shipped.id, 'Enviar', 'Enviado');
    const unpaid = await reserve(piece.id, who);
    await contactMessage(who);
    await stockAlert(who.email, soldOut.id);
    const proofKey = String((await get('orders', closed.id))!.proofKey);
    const tables = await snapshot();

    const refused = await anonymise(orderCustomerRef(closed.id));
    expect(refused.status).toBe(409);
    const numbers = [Number(shipped.id), Number(unpaid.id)].sort((a, b) => a - b);
    expect(refused.body.error).toEqual({ code: 'customer_has_open_orders', message: gdprTexts.openOrders(numbers) });
    expect(refused.body.error!.message).toContain(String(shipped.id));
    expect(refused.body.error!.message).toContain(String(unpaid.id));
    expect(await snapshot()).toBe(tables);
    expect(await readObject('proofs', proofKey, 1024)).toBeDefined();

    // Once they end (delivered, cancelled), the erasure goes through.
    await move(shipped.id, 'Concluido');
    await move(unpaid.id, 'Encerrada');
    const done = await anonymise(orderCustomerRef(unpaid.id));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.anonymised).toMatchObject({ orders: 3, proofs: 2, contactMessages: 1, stockAlerts: 1 });
    await countersMatchRecount();
  });

  it('two admins at once: the same result as one, each thing done once, the counters exact', async () => {
    const who = customer(`duas.${randomUUID().slice(0, 6)}@example.com`);
    const piece = await createProduct({ stock: 9 });
    const soldOut = [await createProduct({ stock: 0 }), await createProduct({ stock: 0 })];
    // Two carts: one open reservation per e-mail and cart (`services/open-reservation.ts`).
    const orders = [await reserve(piece.id, who), await reserve(piece.id, who, 2)];
    for (const order of orders) {
      await pay(order);
      await move(order.id, 'Enviar', 'Enviado', 'Concluido');
    }
    for (let i = 0; i < 3; i++) await contactMessage(who);
    for (const product of soldOut) await stockAlert(who.email, product.id);
    await countersMatchRecount();

    // Each from another order's page. The one who reads the order after the other emptied it finds no customer (404): never an error.
    const answers = await Promise.all([
      anonymise(orderCustomerRef(orders[0]!.id), ADMIN),
      anonymise(orderCustomerRef(orders[1]!.id), OTHER_ADMIN),
    ]);
    for (const answer of answers) expect([200, 404], JSON.stringify(answer.body)).toContain(answer.status);
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThan(0);
    const sum = (field: 'orders' | 'proofs' | 'contactMessages' | 'stockAlerts') =>
      done.reduce((total, answer) => total + answer.body.anonymised[field], 0);
    expect({
      orders: sum('orders'),
      proofs: sum('proofs'),
      contactMessages: sum('contactMessages'),
      stockAlerts: sum('stockAlerts'),
    }).toEqual({ orders: 2, proofs: 2, contactMessages: 3, stockAlerts: 2 });
    for (const { id } of orders) {
      const order = (await get('orders', id)) as unknown as Order;
      expect(order).toMatchObject(ANONYMISED_FIELDS);
      expect(order.timeline.filter((entry) => entry.text === gdprTexts.orderEntry)).toHaveLength(1);
      expect(order.timeline.filter((entry) => entry.text === gdprTexts.proofEntry)).toHaveLength(1);
    }
    expect(await historyOf(who.email)).toEqual([]);
    await countersMatchRecount();
  });

  it('never overwrites what changed after it read the order: a note added meanwhile stays (scrubbed), a stale write refused', async () => {
    const who = customer(`lenta.${randomUUID().slice(0, 6)}@example.com`);
    const piece = await createProduct({ stock: 5 });
    const order = await reserve(piece.id, who);
    await pay(order);
    await move(order.id, 'Enviar', 'Enviado', 'Concluido');
    const seen = (await get('orders', order.id)) as unknown as OrderItem;
    const stale = () =>
      writeTransaction(
        [
          anonymiseOrderItem(
            seen,
            scrubbedOrderTexts(seen),
            { at: new Date().toISOString(), kind: 'note', by: ADMIN, text: gdprTexts.orderEntry },
            new Date(),
          ),
        ],
        randomUUID(),
      );
    // The owner adds a note after the erasure read the order: the erasure's write, made over the order as read, is refused.
    expect(
      (
        await invoke(addNote, 'POST', `/api/admin/orders/${order.id}/notes`, {
          params: { id: order.id },
          body: { text: 'Marta quer fatura.' },
          admin: OTHER_ADMIN,
        })
      ).status,
    ).toBe(201);
    expect((await stale()).written).toBe(false);
    expect(await get('orders', order.id)).toMatchObject({
      email: who.email,
      timeline: expect.arrayContaining([expect.objectContaining({ text: 'Marta quer fatura.' })]),
    });
    // The action itself reads again: the note stays, without the name.
    expect((await anonymise(orderCustomerRef(order.id))).body.anonymised).toMatchObject({ orders: 1, proofs: 1 });
    const after = (await get('orders', order.id)) as unknown as Order;
    expect(after.timeline.map((entry) => entry.text)).toContain('[anonimizado] quer fatura.');
    // And a write made over the order as it was before the erasure cannot bring anything back.
    expect((await stale()).written).toBe(false);
    expect(await get('orders', order.id)).toEqual(after);
  });

  it('as an attacker: no admin claims, a non-admin, an e-mail or a bad reference are refused in Portuguese, nothing changed', async () => {
    const who = customer(`alvo.${randomUUID().slice(0, 6)}@example.com`);
    const ref = messageCustomerRef(await contactMessage(who));
    const tables = await snapshot();

    const anonymous = await anonymise(ref, null); // no authorizer claims at all
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error!.code).toBe('unauthorized');

    const event = apiEvent('POST', `/api/admin/customers/${ref}/anonymise`) as unknown as Record<string, any>;
    event.pathParameters = { ref };
    event.requestContext.authorizer = {
      jwt: { claims: { sub: randomUUID(), email: 'cliente@example.com', 'cognito:groups': '[clientes]' }, scopes: [] },
    };
    const customerCall = (await asFunction({ name: KEY, grants: row.grants, api: true }, () =>
      anonymiseHandler(event as never, lambdaContext),
    )) as { statusCode: number; body: string };
    expect(customerCall.statusCode).toBe(403);
    expect(JSON.parse(customerCall.body).error.message).toBe(apiTexts.forbidden);

    // The customer's own e-mail is no reference: an address with an e-mail in it is refused.
    for (const bad of [
      who.email,
      'não-é-um-email',
      '<script>alert(1)</script>',
      'e12345',
      'e1234567',
      `m${randomUUID()}x`,
      ' ',
      `${'a'.repeat(250)}@exemplo.pt`,
      "e123456'; DROP TABLE orders;--",
    ]) {
      const answer = await anonymise(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_customer_ref', message: adminTexts.customerRefInvalid });
    }
    expect(await snapshot()).toBe(tables);
  });

  it('an e-mail with odd but valid characters, through the front door and the gateway with real tokens', async () => {
    const email = `O'Neil.Joias+loja_${randomUUID().slice(0, 4)}@Sub-Dominio.Exemplo.pt`;
    // The twin's gateway runs its functions on the twin's tables (this file's own are only this process's).
    {
      const message = await call('POST', '/api/contact-messages', {
        body: {
          name: "Seán O'Neil",
          email,
          phone: '912 000 111',
          subject: 'Olá',
          message: 'Apaguem os meus dados, por favor.',
          website: '',
        },
      });
      expect(message.status, JSON.stringify(message.body)).toBe(201);
      const path = `/api/admin/customers/${messageCustomerRef(message.body.id)}/anonymise`;
      expect((await call('POST', path)).status).toBe(401);
      expect((await call('POST', path, { token: await nonAdminToken() })).status).toBe(403);
      const token = await adminToken();
      const done = await call<CustomerAnonymisedResponse>('POST', path, { token });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.anonymised).toEqual({ email: email.toLowerCase(), orders: 0, proofs: 0, contactMessages: 1, stockAlerts: 0 });
      const view = await call('GET', `/api/admin/customers/${messageCustomerRef(message.body.id)}`, { token });
      expect(view.status).toBe(404);
      const again = await call('POST', path, { token });
      expect(again.body.error.message).toBe(adminTexts.customerGone);
      const byEmail = await call('POST', `/api/admin/customers/${encodeURIComponent(email)}/anonymise`, { token });
      expect(byEmail.status).toBe(400);
      expect(byEmail.body.error.message).toBe(adminTexts.customerRefInvalid);
    }
  });
});
