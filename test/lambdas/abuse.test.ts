/**
 * The owner sees and ends abuse in one place. Through the real handlers and DynamoDB
 * Local: closing as suspicious cancels, restocks and blocks the e-mail (its Gmail-dot variant too), the
 * phone and the client address (its /64); a block expires and ends early; the bulk close refuses a
 * shipped order and closes the others; the dashboard counts what unconfirmed proofs hold; the owner is
 * mailed once when more than half the units are held unpaid; the GDPR erasure closes open reservations.
 * The file has tables of its own: the held share is of its own catalogue, the counters exact.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import type { DashboardResponse, Order, PlaceOrderResponse } from '#shared/api.ts';
import type { CustomerAnonymisedResponse } from '#shared/api-customers.ts';
import type { BlocksResponse, SuspiciousBulkResponse, SuspiciousClosedResponse } from '#shared/abuse.ts';
import { abuseTexts } from '#shared/messages/index.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as attachProof } from '#lambdas/handlers/orders/attach-proof.ts';
import { handler as updateStatus } from '#lambdas/handlers/admin/orders/update-status.ts';
import { handler as closeSuspicious } from '#lambdas/handlers/admin/orders/close-suspicious.ts';
import { handler as closeSuspiciousBulk } from '#lambdas/handlers/admin/orders/close-suspicious-bulk.ts';
import { handler as listBlocks } from '#lambdas/handlers/admin/blocks/list.ts';
import { handler as deleteBlock } from '#lambdas/handlers/admin/blocks/delete.ts';
import { handler as getDashboard } from '#lambdas/handlers/admin/dashboard/get.ts';
import { handler as anonymiseHandler } from '#lambdas/handlers/admin/customers/anonymise.ts';
import { countersFrom, readCountedData } from '#lambdas/services/counters.ts';
import { allCounters } from '#lambdas/repositories/counters.ts';
import { blockList, identityKeysOf, refuseBlocked } from '#lambdas/services/abuse.ts';
import { apiEvent, invoke, lambdaContext } from '../support/events.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { documentClient } from '../support/twin.ts';
import { useOwnTables } from '../support/own-tables.ts';

const prefix = `abuse-${randomUUID().slice(0, 8)}`;
let restoreTables: (() => void) | undefined;
beforeAll(async () => {
  restoreTables = await useOwnTables(prefix);
});
afterAll(() => restoreTables?.());

const ADMIN = 'dona@example.com';
const DAY_MS = 86_400_000;
type Refused = { error: { code: string; message: string } };

/** A reservation from the client address `ip` (the edge's viewer address). */
async function reserve(input: unknown, ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  return invoke<PlaceOrderResponse & Refused>(createOrder, 'POST', '/api/orders', {
    body: input,
    headers: { 'idempotency-key': randomUUID(), 'x-viewer-ip': ip },
  });
}
async function reserved(input: unknown, ip?: string): Promise<PlaceOrderResponse['order']> {
  const answer = await reserve(input, ip);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order;
}
const piece = (id: string, quantity: number) => [{ productId: id, quantity }];
/** A reservation's body: a phone of its own unless given (each test buyer is someone else). */
const body = (items: ReturnType<typeof piece>, shipping: Parameters<typeof reservationBody>[1] = {}) =>
  reservationBody(items, { phone: `96${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, ...shipping });
const orderItem = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: `${prefix}-orders`, Key: { id }, ConsistentRead: true }))).Item as
    (Order & { clientKey?: string }) | undefined;
const stockOf = async (id: string) =>
  Number((await documentClient().send(new GetCommand({ TableName: `${prefix}-products`, Key: { id }, ConsistentRead: true }))).Item!.stock);
const dashboard = async () => (await invoke<DashboardResponse>(getDashboard, 'GET', '/api/admin/dashboard', { admin: ADMIN })).body;
const suspicious = (id: string, blockFor: string) =>
  invoke<SuspiciousClosedResponse & Refused>(closeSuspicious, 'POST', `/api/admin/orders/${id}/suspicious`, {
    params: { id },
    body: { blockFor },
    admin: ADMIN,
  });
const blocks = async () => (await invoke<BlocksResponse>(listBlocks, 'GET', '/api/admin/blocks', { admin: ADMIN })).body.blocks;
const move = (id: string, status: string) =>
  invoke(updateStatus, 'PATCH', `/api/admin/orders/${id}`, { params: { id }, body: { status }, admin: ADMIN });
const pay = (order: PlaceOrderResponse['order']) =>
  uploadProof().then((proofKey) =>
    invoke(attachProof, 'POST', `/api/orders/${order.id}/proof`, {
      params: { id: order.id },
      body: { proofKey, accessToken: order.accessToken },
    }),
  );
async function heldMails(): Promise<Record<string, unknown>[]> {
  const page = await documentClient().send(new ScanCommand({ TableName: `${prefix}-outbox`, ConsistentRead: true }));
  return (page.Items ?? []).filter((item) => (item.mail as { template?: string } | undefined)?.template === 'owner-held-stock');
}
async function countersMatchRecount(): Promise<void> {
  const [stored, recounted] = await Promise.all([allCounters(), readCountedData().then(countersFrom)]);
  for (const name of new Set([...Object.keys(stored), ...Object.keys(recounted)]))
    expect(stored[name] ?? 0, name).toBe(recounted[name] ?? 0);
}

describe.sequential('closing an order as suspicious', () => {
  it('cancels it, gives its stock back, notes it, blocks its e-mail (Gmail dots too), phone and client address /64; a 409', async () => {
    const product = await createProduct({ stock: 50 });
    const before = await dashboard();
    const order = await reserved(
      body(piece(product.id, 3), { email: 'Joana.Silva+loja@gmail.com', phone: '+351 913 000 111' }),
      '2001:db8:aa:bb:1::9',
    );
    expect((await orderItem(order.id))!.clientKey).toBe('2001:db8:aa:bb::/64');
    expect((await dashboard()).openReservations.units).toBe(before.openReservations.units + 3);

    expect((await suspicious(order.id, '1ano')).status).toBe(400);
    const closed = await suspicious(order.id, '7d');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.order.status).toBe('Encerrada');
    expect(closed.body.order.timeline.at(-1)).toMatchObject({ kind: 'note', by: ADMIN, text: abuseTexts.timelineEntry('7 dias') });
    expect(closed.body.order.timeline.at(-2)).toMatchObject({ kind: 'status', to: 'Encerrada', text: abuseTexts.statusText });
    expect(await stockOf(product.id)).toBe(50);
    // The client address went from the order with the close (the block keeps it until it ends).
    expect((await orderItem(order.id))!.clientKey).toBeUndefined();
    expect((await dashboard()).openReservations).toEqual(before.openReservations);
    const [block] = await blocks();
    expect(block).toMatchObject({
      orderId: order.id,
      email: 'Joana.Silva+loja@gmail.com',
      phone: '+351913000111',
      client: '2001:db8:aa:bb::/64',
      by: ADMIN,
    });
    expect(Math.abs(new Date(block!.until).getTime() - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);

    // Each key alone is refused, with one neutral message; nothing is held.
    const attempts = [
      { shipping: { email: 'joanasilva@googlemail.com' }, ip: '198.51.100.7' },
      { shipping: { phone: '00351913000111' }, ip: '198.51.100.8' },
      { shipping: {}, ip: '2001:db8:aa:bb:ffff::1' },
      { shipping: {}, ip: '::ffff:203.0.113.5' },
    ];
    await suspicious((await reserved(body(piece(product.id, 1), { phone: '919 222 333' }), '203.0.113.5')).id, '24h');
    for (const attempt of attempts) {
      const answer = await reserve(body(piece(product.id, 1), attempt.shipping), attempt.ip);
      expect(answer.status, JSON.stringify(attempt)).toBe(409);
      expect(answer.body.error).toEqual({ code: 'client_blocked', message: abuseTexts.blocked });
    }
    expect(await stockOf(product.id)).toBe(50);
    // Someone else entirely still reserves.
    await reserved(body(piece(product.id, 1), { phone: '962 000 001' }), '198.51.100.9');
    await countersMatchRecount();
  });

  it('a paid-but-unconfirmed order closes too; the dashboard counts the units its proof holds', async () => {
    const product = await createProduct({ stock: 20 });
    const before = await dashboard();
    const order = await reserved(body(piece(product.id, 4)));
    expect((await pay(order)).status).toBe(200);
    const proved = await dashboard();
    expect(proved.unconfirmedProofs).toEqual({ count: before.unconfirmedProofs.count + 1, units: before.unconfirmedProofs.units + 4 });
    expect(proved.openReservations).toEqual(before.openReservations);
    expect((await suspicious(order.id, '24h')).status).toBe(200);
    expect((await dashboard()).unconfirmedProofs).toEqual(before.unconfirmedProofs);
    expect(await stockOf(product.id)).toBe(20);
    await countersMatchRecount();
  });

  it('a block ends at its time (ignored, then purged) or early from the list', async () => {
    const product = await createProduct({ stock: 10 });
    const email = `curto.${randomUUID().slice(0, 6)}@example.com`;
    const order = await reserved(body(piece(product.id, 1), { email, phone: '934 555 666' }), '192.0.2.44');
    expect((await suspicious(order.id, '24h')).status).toBe(200);
    const keys = identityKeysOf({ email, phone: '934 555 666', client: '192.0.2.44' });
    await expect(refuseBlocked(keys)).rejects.toMatchObject({ code: 'client_blocked' });
    const later = new Date(Date.now() + DAY_MS + 60_000);
    await expect(refuseBlocked(keys, later)).resolves.toBeUndefined();
    expect((await blockList(later)).blocks.map((b) => b.id)).not.toContain(order.id);
    const left = await documentClient().send(
      new QueryCommand({
        TableName: `${prefix}-abuse`,
        KeyConditionExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': 'key' },
        ExpressionAttributeValues: { ':k': 'email#' + keys.email },
      }),
    );
    expect(left.Items).toEqual([]);

    // Ended early: the buyer reserves again at once.
    const again = await reserved(body(piece(product.id, 1), { email: 'outro@example.com', phone: '934 777 888' }), '192.0.2.45');
    expect((await suspicious(again.id, '30d')).status).toBe(200);
    expect((await reserve(body(piece(product.id, 1), { email: 'outro@example.com' }))).status).toBe(409);
    const removed = await invoke<BlocksResponse>(deleteBlock, 'DELETE', `/api/admin/blocks/${again.id}`, {
      params: { id: again.id },
      admin: ADMIN,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.blocks.map((b) => b.id)).not.toContain(again.id);
    expect((await invoke(deleteBlock, 'DELETE', `/api/admin/blocks/${again.id}`, { params: { id: again.id }, admin: ADMIN })).status).toBe(
      404,
    );
    await reserved(body(piece(product.id, 1), { email: 'outro@example.com' }));
  });

  it('in bulk: a shipped order is refused with why, the others close', async () => {
    const product = await createProduct({ stock: 30 });
    const first = await reserved(body(piece(product.id, 2)));
    const second = await reserved(body(piece(product.id, 3)));
    const shipped = await reserved(body(piece(product.id, 1)));
    expect((await pay(shipped)).status).toBe(200);
    for (const to of ['Enviar', 'Enviado']) expect((await move(shipped.id, to)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(24);

    const answer = await invoke<SuspiciousBulkResponse>(closeSuspiciousBulk, 'POST', '/api/admin/orders/suspicious', {
      body: { ids: [first.id, shipped.id, second.id], blockFor: '7d' },
      admin: ADMIN,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results).toEqual([
      { id: first.id, ok: true, orderNumber: first.orderNumber },
      { id: shipped.id, ok: false, code: 'order_not_closable', message: abuseTexts.notClosable(shipped.orderNumber, 'Enviado') },
      { id: second.id, ok: true, orderNumber: second.orderNumber },
    ]);
    expect(answer.body.message).toBe(abuseTexts.bulkDone(2, 1));
    expect((await orderItem(shipped.id))!.status).toBe('Enviado');
    expect((await orderItem(first.id))!.status).toBe('Encerrada');
    expect(await stockOf(product.id)).toBe(29);
    expect((await blocks()).map((b) => b.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await blocks()).map((b) => b.id)).not.toContain(shipped.id);
    await countersMatchRecount();
  });
});

describe.sequential('the owner is told once when more than half the units are held unpaid', () => {
  it('mails once over half, not again while over, and again after a drop and a new rise', async () => {
    // Close what the other tests left open, so this file's shop is this product alone.
    for (const b of await blocks())
      await invoke(deleteBlock, 'DELETE', `/api/admin/blocks/${b.id}`, { params: { id: b.id }, admin: ADMIN });
    const start = (await heldMails()).length;
    const open = await dashboard();
    expect(open.openReservations.units).toBeLessThanOrEqual(2);
    const product = await createProduct({ stock: 200 });
    const big = [] as PlaceOrderResponse['order'][];
    // 100 of ~300 units: under half, nothing.
    for (let i = 0; i < 10; i++) big.push(await reserved(body(piece(product.id, 10))));
    expect(await heldMails()).toHaveLength(start);
    // Over half: one mail, with the figures.
    for (let i = 0; i < 6; i++) big.push(await reserved(body(piece(product.id, 10))));
    const mails = await heldMails();
    expect(mails).toHaveLength(start + 1);
    expect((mails.at(-1)!.mail as { data: Record<string, number> }).data).toMatchObject({
      reservations: expect.any(Number),
      percent: expect.any(Number),
    });
    expect((mails.at(-1)!.mail as { data: { percent: number } }).data.percent).toBeGreaterThan(50);
    // Still over: no second mail, however many more.
    for (let i = 0; i < 3; i++) big.push(await reserved(body(piece(product.id, 10))));
    expect(await heldMails()).toHaveLength(start + 1);
    // Dropped under half (closed as suspicious in bulk), then over again: a second mail.
    const bulk = await invoke<SuspiciousBulkResponse>(closeSuspiciousBulk, 'POST', '/api/admin/orders/suspicious', {
      body: { ids: big.slice(0, 12).map((o) => o.id), blockFor: '24h' },
      admin: ADMIN,
    });
    expect(bulk.body.results.every((r) => r.ok)).toBe(true);
    expect(await heldMails()).toHaveLength(start + 1);
    for (const b of await blocks())
      await invoke(deleteBlock, 'DELETE', `/api/admin/blocks/${b.id}`, { params: { id: b.id }, admin: ADMIN });
    for (let i = 0; i < 12; i++) await reserved(body(piece(product.id, 10)));
    expect(await heldMails()).toHaveLength(start + 2);
  });
});

describe.sequential('GDPR erasure with open reservations', () => {
  const anonymise = async (ref: string, closeOpen: boolean) => {
    const event = apiEvent('POST', `/api/admin/customers/${ref}/anonymise`) as unknown as Record<string, any>;
    event.pathParameters = { ref };
    if (closeOpen) event.queryStringParameters = { closeOpen: 'true' };
    event.requestContext.authorizer = { jwt: { claims: { sub: randomUUID(), email: ADMIN, 'cognito:groups': '[admin]' }, scopes: [] } };
    const result = (await anonymiseHandler(event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer, lambdaContext)) as {
      statusCode: number;
      body: string;
    };
    return { status: result.statusCode, body: JSON.parse(result.body) as CustomerAnonymisedResponse & Refused };
  };

  it('offers to close them (nothing changed), then closes them with their stock back and erases', async () => {
    const product = await createProduct({ stock: 8 });
    const email = `vitima.${randomUUID().slice(0, 6)}@example.com`;
    const order = await reserved(body(piece(product.id, 3), { email }), '2001:db8:77:1::2');
    const refused = await anonymise(orderCustomerRef(order.id), false);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'customer_has_open_reservations',
      message: abuseTexts.openReservations([order.orderNumber]),
    });
    expect((await orderItem(order.id))!.status).toBe('Aguarda Pagamento');
    expect(await stockOf(product.id)).toBe(5);

    const done = await anonymise(orderCustomerRef(order.id), true);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.anonymised).toMatchObject({ orders: 1, closedReservations: 1 });
    expect(done.body.message.startsWith(abuseTexts.reservationsClosed(1))).toBe(true);
    const after = (await orderItem(order.id))!;
    expect(after.status).toBe('Encerrada');
    expect(after.email).toBe('');
    expect(after.clientKey).toBeUndefined();
    expect(await stockOf(product.id)).toBe(8);
    await countersMatchRecount();
  });
});
