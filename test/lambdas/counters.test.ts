/**
 * The dashboard's counters: kept in the same transactions as the changes they count, never by reading
 * whole tables. Other test files share the twin and write to its tables at the same time, so this file
 * gets tables of its own in the same DynamoDB Local (the handlers find tables by their environment
 * variables) and calls the real handler modules in this process: every figure can then be checked
 * exactly, and against a recount of the tables.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse, PlaceOrderResponse } from '#shared/api.ts';
import { MAX_CART_LINES } from '#shared/cart.ts';
import { monthKey } from '#shared/mb-way.ts';
import { lastDays } from '#shared/dates.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status.ts';
import { allCounters, setCounter } from '#lambdas/repositories/counters.ts';
import { countersFrom, readCountedData, recount } from '#lambdas/services/counters.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as attachProof } from '#lambdas/handlers/orders/attach-proof.ts';
import { handler as updateStatus } from '#lambdas/handlers/admin/orders/update-status.ts';
import { handler as getDashboard } from '#lambdas/handlers/admin/dashboard/get.ts';
import { handler as createContactMessage } from '#lambdas/handlers/contact-messages/create.ts';
import { handler as readContactMessage } from '#lambdas/handlers/admin/contact-messages/get.ts';
import { handler as createStockAlert } from '#lambdas/handlers/stock-alerts/create.ts';
import { handler as confirmStockAlert } from '#lambdas/handlers/stock-alerts/confirm.ts';
import { itemsById } from '#lambdas/repositories/paging.ts';
import { stockAlertToken } from '#lambdas/services/stock-alert-links.ts';
import { handler as changeStock } from '#lambdas/handlers/admin/products/change-stock.ts';
import { invoke } from '../support/events.ts';
import { createProduct, orderBody, reservationBody, uploadProof } from '../support/factories.ts';
import { twin } from '../support/twin.ts';
import { settingsView, updateSettings } from '#lambdas/services/settings.ts';
import { useOwnTables } from '../support/own-tables.ts';
import { startStreamPoller, type StreamPoller } from '#infra/twin/stream-poller.ts';
import { OUTBOX_STREAM_FILTER } from '#lambdas/contracts/outbox-items.ts';
import { streamConsumers } from '#lambdas/jobs.ts';

const prefix = `ctr-${randomUUID().slice(0, 8)}`;
let outbox: StreamPoller | undefined;
let restoreTables: (() => void) | undefined;

beforeAll(async () => {
  restoreTables = await useOwnTables(prefix);
  // This file's own outbox gets its own consumer (the twin's reads the twin's table), in this worker.
  outbox = await startStreamPoller(streamConsumers[0], {
    endpoint: twin().endpoints.dynamodb,
    tableName: `${prefix}-outbox`,
    filter: OUTBOX_STREAM_FILTER,
  });
});

afterAll(async () => {
  await outbox?.stop();
  restoreTables?.();
});

const ADMIN = 'admin@example.com';

async function place(body: unknown): Promise<PlaceOrderResponse['order']> {
  const answer = await invoke<PlaceOrderResponse>(createOrder, 'POST', '/api/orders', {
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order;
}

const move = (id: string, status: OrderStatus, extra: Record<string, unknown> = {}) =>
  invoke(updateStatus, 'PATCH', `/api/admin/orders/${id}`, { params: { id }, body: { status, ...extra }, admin: ADMIN });

const dashboard = async () => {
  const answer = await invoke<DashboardResponse>(getDashboard, 'GET', '/api/admin/dashboard', { admin: ADMIN });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The dashboard as a recount of this file's tables would answer it. */
async function recounted(month = monthKey(new Date())) {
  const counters = countersFrom(await readCountedData());
  const week = lastDays(new Date(), 7);
  const sum = (periods: string[], name: string) => periods.reduce((total, period) => total + (counters[`${name}#${period}`] ?? 0), 0);
  const periodsOf = { today: [week[0]!], week, month: [month] };
  return {
    ordersByStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, counters[`orders#${s}`] ?? 0])),
    monthRevenueCents: counters[`revenue#${month}`] ?? 0,
    pendingStockAlerts: counters['stockAlerts#pending'] ?? 0,
    unreadContactMessages: counters['contactMessages#unread'] ?? 0,
    openReservations: { count: counters['orders#Aguarda Pagamento'] ?? 0, units: counters['reservations#units'] ?? 0 },
    periods: (['today', 'week', 'month'] as const).map((period) => ({
      period,
      receivedOrders: sum(periodsOf[period], 'received'),
      revenueCents: sum(periodsOf[period], 'revenue'),
    })),
  };
}

const figures = (d: DashboardResponse) => ({
  ordersByStatus: d.ordersByStatus,
  monthRevenueCents: d.monthRevenueCents,
  pendingStockAlerts: d.pendingStockAlerts,
  unreadContactMessages: d.unreadContactMessages,
  openReservations: d.openReservations,
  periods: d.periods,
});
const periodOf = (d: DashboardResponse, period: 'today' | 'week' | 'month') => d.periods.find((p) => p.period === period)!;

describe.sequential('dashboard counters', () => {
  it('after reserving, paying, expiring, confirming, shipping, closing, reading, notifying: the dashboard equals a recount', async () => {
    const before = await dashboard();
    const piece = await createProduct({ stock: 10, priceCents: 2500 });
    const sold = await createProduct({ stock: 0, priceCents: 1000 });

    // Reserve two; one is paid (its proof), the other runs out of time.
    const paid = await place(reservationBody([{ productId: piece.id, quantity: 2 }]));
    const late = await place(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect([paid.status, late.status]).toEqual(['Aguarda Pagamento', 'Aguarda Pagamento']);
    expect((await dashboard()).ordersByStatus['Aguarda Pagamento']).toBe(before.ordersByStatus['Aguarda Pagamento'] + 2);
    expect((await dashboard()).openReservations).toEqual({
      count: before.openReservations.count + 2,
      units: before.openReservations.units + 3,
    });
    const proofKey = await uploadProof();
    const proof = await invoke(attachProof, 'POST', `/api/orders/${paid.id}/proof`, {
      params: { id: paid.id },
      body: { proofKey, accessToken: paid.accessToken },
    });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    // The same proof again (a double click) changes nothing.
    expect(
      (
        await invoke(attachProof, 'POST', `/api/orders/${paid.id}/proof`, {
          params: { id: paid.id },
          body: { proofKey, accessToken: paid.accessToken },
        })
      ).status,
    ).toBe(200);
    expect(await expireReservations(new Date(Date.now() + 3 * 60 * 60 * 1000))).toBe(1);

    // Confirm (paid: the revenue counts it), ship, close after shipping with the pieces back (no longer paid).
    expect((await move(paid.id, 'Enviar')).status).toBe(200);
    const confirmed = await dashboard();
    expect(confirmed.monthRevenueCents).toBe(before.monthRevenueCents + paid.totalCents);
    // Today, the week and the month: the paid one was received (its proof came) and is revenue; the late one neither.
    for (const period of ['today', 'week', 'month'] as const) {
      expect(periodOf(confirmed, period).receivedOrders, period).toBe(periodOf(before, period).receivedOrders + 1);
      expect(periodOf(confirmed, period).revenueCents, period).toBe(periodOf(before, period).revenueCents + paid.totalCents);
    }
    expect((await move(paid.id, 'Enviado')).status).toBe(200);
    expect((await move(paid.id, 'Encerrada', { restock: true })).status).toBe(200);

    // A contact message, read twice: unread once, then not.
    const message = await invoke<{ id: string }>(createContactMessage, 'POST', '/api/contact-messages', {
      body: { name: 'Rui', email: 'rui@example.com', phone: '910000000', subject: 'Olá', message: 'Uma pergunta.' },
    });
    expect(message.status).toBe(201);
    expect((await dashboard()).unreadContactMessages).toBe(before.unreadContactMessages + 1);
    for (let i = 0; i < 2; i++) {
      const read = await invoke(readContactMessage, 'GET', `/api/admin/contact-messages/${message.body.id}`, {
        params: { id: message.body.id },
        admin: ADMIN,
      });
      expect(read.status).toBe(200);
    }

    // A back-in-stock request, asked twice (one request, not counted until confirmed), confirmed, then notified by the restock.
    let alertId = '';
    for (let i = 0; i < 2; i++) {
      const alert = await invoke(createStockAlert, 'POST', '/api/stock-alerts', { body: { productId: sold.id, email: 'ana@example.com' } });
      expect(alert.status, JSON.stringify(alert.body)).toBeLessThan(300);
      alertId = String(alert.body.id);
    }
    expect((await dashboard()).pendingStockAlerts).toBe(before.pendingStockAlerts);
    const [asked] = await itemsById('stockAlerts', [alertId]);
    const confirmation = await invoke(confirmStockAlert, 'POST', '/api/stock-alerts/confirm', {
      body: { id: alertId, token: await stockAlertToken(alertId, String(asked!.createdAt)) },
    });
    expect(confirmation.status, JSON.stringify(confirmation.body)).toBe(200);
    expect((await dashboard()).pendingStockAlerts).toBe(before.pendingStockAlerts + 1);
    const restock = await invoke(changeStock, 'POST', `/api/admin/products/${sold.id}/stock`, {
      params: { id: sold.id },
      body: { delta: 3, reason: 'adjustment' },
      admin: ADMIN,
    });
    expect(restock.status, JSON.stringify(restock.body)).toBe(200);
    // The request counts as pending until the outbox consumer has its e-mail accepted.
    await expect
      .poll(async () => (await dashboard()).pendingStockAlerts, { timeout: 30_000, interval: 200 })
      .toBe(before.pendingStockAlerts);

    const after = await dashboard();
    expect(figures(after)).toEqual(await recounted());
    const delta = (s: OrderStatus) => after.ordersByStatus[s] - before.ordersByStatus[s];
    expect(ORDER_STATUSES.map(delta)).toEqual([0, 0, 0, 0, 0, 2]);
    expect(after.monthRevenueCents).toBe(before.monthRevenueCents);
    // Closed after shipping, pieces back: still received that day, no longer revenue.
    expect(periodOf(after, 'today')).toEqual({
      ...periodOf(before, 'today'),
      receivedOrders: periodOf(before, 'today').receivedOrders + 1,
    });
    expect(after.unreadContactMessages).toBe(before.unreadContactMessages);
    expect(after.pendingStockAlerts).toBe(before.pendingStockAlerts);
    expect(after.month).toBe(monthKey(new Date()));
  });

  it('20 status moves at once and two admins moving the same order at once are each counted exactly once', async () => {
    const piece = await createProduct({ stock: 100, priceCents: 1500 });
    const bodies = await Promise.all(Array.from({ length: 20 }, () => orderBody([{ productId: piece.id, quantity: 1 }])));
    const orders: PlaceOrderResponse['order'][] = [];
    for (const body of bodies) orders.push(await place(body)); // born 'Confirmar Pagamento' (proof given)
    const before = await dashboard();

    const moves = await Promise.all(orders.map((order) => move(order.id, 'Enviar')));
    expect(moves.map((m) => m.status)).toEqual(orders.map(() => 200));
    const moved = await dashboard();
    expect(moved.ordersByStatus['Confirmar Pagamento']).toBe(before.ordersByStatus['Confirmar Pagamento'] - 20);
    expect(moved.ordersByStatus.Enviar).toBe(before.ordersByStatus.Enviar + 20);
    expect(moved.monthRevenueCents).toBe(before.monthRevenueCents + orders.reduce((sum, o) => sum + o.totalCents, 0));

    const contested = orders[0]!;
    const [a, b] = await Promise.all([move(contested.id, 'Enviado'), move(contested.id, 'Enviado')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await dashboard();
    expect(after.ordersByStatus.Enviar).toBe(moved.ordersByStatus.Enviar - 1);
    expect(after.ordersByStatus.Enviado).toBe(moved.ordersByStatus.Enviado + 1);
    expect(after.monthRevenueCents).toBe(moved.monthRevenueCents);
    expect(figures(after)).toEqual(await recounted());
  });

  it('the largest order (20 lines, MB WAY, proof) fits one transaction with its counters, placed and closed', async () => {
    // 20 units: one customer may hold that many only when the owner raised the hold cap (docs/design.md §27).
    const { settings, version } = await settingsView();
    await updateSettings({ ...settings, holdCaps: { ...settings.holdCaps, units: MAX_CART_LINES } }, version, ADMIN);
    const pieces = await Promise.all(Array.from({ length: MAX_CART_LINES }, () => createProduct({ stock: 5, priceCents: 1200 })));
    const order = await place(
      await orderBody(
        pieces.map((piece) => ({ productId: piece.id, quantity: 1 })),
        { paymentMethod: 'mbway' },
      ),
    );
    expect(order.lines).toHaveLength(MAX_CART_LINES);
    // 1 order + 20 stock + 1 MB WAY + 20 movements + proof claim + idempotency + 3 holds + counters + search terms + mails (at most 100).
    expect((await move(order.id, 'Encerrada')).status).toBe(200); // 1 move + 20 stock + 20 movements + MB WAY + 3 holds + 2 counters
    expect(figures(await dashboard())).toEqual(await recounted());
    const now = await settingsView();
    await updateSettings({ ...now.settings, holdCaps: settings.holdCaps }, now.version, ADMIN);
  });

  it('the recount rebuilds lost counters from the tables', async () => {
    const kept = await dashboard();
    const stored = await allCounters();
    // Wreck them all; the recount must bring every one back.
    for (const name of Object.keys(stored)) await setCounter(name, 999);
    await recount();
    expect(figures(await dashboard())).toEqual(figures(kept));
  });
});
