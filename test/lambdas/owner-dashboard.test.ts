/**
 * The dashboard's figures say what their labels say (docs/money.md): sold-out pieces (no
 * unit in any size) and pieces with a size out, low stock size by size, the open reservations (count and
 * units held), "received (com comprovativo)" counting proofs waiting or checked (not a payment marked
 * outside the site, not a refused proof), and a reservation paid outside the site counted once (revenue,
 * its MB WAY slot kept), against a recount of the tables. Other test files share the twin, so this file
 * has tables of its own and calls the real handler modules in this process (as `counters.test.ts`).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductsResponse, DashboardResponse, PlaceOrderResponse } from '#shared/api.ts';
import { dayKey } from '#shared/dates.ts';
import { monthKey } from '#shared/mb-way.ts';
import { sizeStockSummary } from '#shared/stock.ts';
import type { ProductVariant } from '#shared/variants.ts';
import { CATALOGUE_REUSE_MS } from '#lambdas/services/catalogue-reads.ts';
import { countersFrom, readCountedData } from '#lambdas/services/counters.ts';
import { getMbWayCounters } from '#lambdas/repositories/mbway-counters.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as attachProof } from '#lambdas/handlers/orders/attach-proof.ts';
import { handler as updateStatus } from '#lambdas/handlers/admin/orders/update-status.ts';
import { handler as getDashboard } from '#lambdas/handlers/admin/dashboard/get.ts';
import { handler as listProducts } from '#lambdas/handlers/admin/products/list.ts';
import { invoke } from '../support/events.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { documentClient } from '../support/twin.ts';
import { useOwnTables } from '../support/own-tables.ts';

const prefix = `own35-${randomUUID().slice(0, 8)}`;
let restoreTables: (() => void) | undefined;

beforeAll(async () => {
  restoreTables = await useOwnTables(prefix);
});
afterAll(() => restoreTables?.());

const ADMIN = 'admin@example.com';

const dashboard = async () => {
  const answer = await invoke<DashboardResponse>(getDashboard, 'GET', '/api/admin/dashboard', { admin: ADMIN });
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The dashboard once the catalogue it reuses for a few seconds has been read anew. */
const freshDashboard = async () => {
  await new Promise((resolve) => setTimeout(resolve, CATALOGUE_REUSE_MS + 200));
  return dashboard();
};

async function place(body: unknown): Promise<PlaceOrderResponse['order']> {
  const answer = await invoke<PlaceOrderResponse>(createOrder, 'POST', '/api/orders', {
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order;
}
const move = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  invoke(updateStatus, 'PATCH', `/api/admin/orders/${id}`, { params: { id }, body: { status, ...extra }, admin: ADMIN });

const size = (id: string, label: string, stock: number): ProductVariant => ({ id, label, sku: `SKU-${id}`, stock, priceDeltaCents: 0 });

describe.sequential('the dashboard counts sizes', () => {
  it('a ring with a size at 1 unit: lowStockProducts + 1; a necklace length at 0: size sold out; none in any size: sold out', async () => {
    const before = await freshDashboard();
    const threshold = before.lowStockThreshold;
    expect(threshold).toBeGreaterThanOrEqual(1);

    // Size 12 at 1, size 14 with plenty: the total (1 + threshold + 5) is far from low, the size is not.
    const ring = await createProduct({ type: 'anel', variants: [size('v12', '12', 1), size('v14', '14', threshold + 5)] });
    const afterRing = await freshDashboard();
    expect(afterRing.lowStockProducts).toBe(before.lowStockProducts + 1);
    expect(afterRing.outOfStockProducts).toBe(before.outOfStockProducts);

    // Sizes 12 and 16 at 1 each (the ring): one piece, counted once.
    await createProduct({ type: 'anel', variants: [size('v12', '12', 1), size('v16', '16', 1)] });
    // A necklace whose 45 cm is out while 40 cm sells: a size sold out (the owner's list shows it), not a sold-out piece, not low.
    await createProduct({ type: 'colar', variants: [size('v40', '40 cm', threshold + 3), size('v45', '45 cm', 0)] });
    const after = await freshDashboard();
    expect(after.lowStockProducts).toBe(before.lowStockProducts + 2);
    expect(after.outOfStockProducts).toBe(before.outOfStockProducts);
    expect(after.soldOutSizeProducts).toBe(before.soldOutSizeProducts + 1);
    // A bracelet out in both sizes: "Produtos esgotados" counts it.
    await createProduct({ type: 'pulseira', variants: [size('v17', '17 cm', 0), size('v19', '19 cm', 0)] });
    const allOut = await freshDashboard();
    expect(allOut.outOfStockProducts).toBe(before.outOfStockProducts + 1);
    expect(allOut.soldOutSizeProducts).toBe(before.soldOutSizeProducts + 2);

    // The products list gives each size's stock, for "12: 1 · 14: 7".
    const list = await invoke<AdminProductsResponse>(listProducts, 'GET', '/api/admin/products', { admin: ADMIN });
    const row = list.body.products.find((product) => product.id === ring.id)!;
    expect(row.variants.map((variant) => [variant.label, variant.stock])).toEqual([
      ['12', 1],
      ['14', threshold + 5],
    ]);
    expect(sizeStockSummary(row)).toBe(`12: 1 · 14: ${threshold + 5}`);
  });
});

describe.sequential('open reservations and a payment made outside the site', () => {
  const month = monthKey(new Date());
  /** Number 1's paid orders and live reservations this month (the live ones summed over the month's shards, as the shop reads them). */
  const mbwayCount = async () => {
    const counters = await getMbWayCounters(month);
    return { paid: counters.count1, live: counters.live1 ?? 0 };
  };

  it('count reservations awaiting payment, their units; one paid outside the site is paid, its MB WAY slot a paid one', async () => {
    const before = await dashboard();
    const piece = await createProduct({ stock: 20, priceCents: 1000 });
    const outside = await place(reservationBody([{ productId: piece.id, quantity: 2 }], { paymentMethod: 'mbway' }));
    const byProof = await place(reservationBody([{ productId: piece.id, quantity: 3 }]));
    const late = await place(reservationBody([{ productId: piece.id, quantity: 1 }]));
    const held = await dashboard();
    expect(held.openReservations).toEqual({ count: before.openReservations.count + 3, units: before.openReservations.units + 6 });
    const slots = await mbwayCount();

    // Paid outside the site: no note → nothing; with a note → Enviar and paid, not "received (com comprovativo)": no proof came.
    expect((await move(outside.id, 'Enviar')).status).toBe(400);
    expect((await dashboard()).openReservations).toEqual(held.openReservations);
    const moved = await move(outside.id, 'Enviar', { note: 'MB WAY recebido às 10h; comprovativo por WhatsApp' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const paid = await dashboard();
    expect(paid.openReservations).toEqual({ count: held.openReservations.count - 1, units: held.openReservations.units - 2 });
    expect(paid.ordersByStatus.Enviar).toBe(held.ordersByStatus.Enviar + 1);
    expect(paid.monthRevenueCents).toBe(held.monthRevenueCents + outside.totalCents);
    const today = (d: DashboardResponse) => d.periods.find((p) => p.period === 'today')!;
    expect(today(paid).receivedOrders).toBe(today(held).receivedOrders);
    expect(await mbwayCount()).toEqual({ paid: slots.paid + 1, live: slots.live - 1 });

    // The proof of another; the third runs out of time: none held any more, and the MB WAY slot of the paid one stays.
    const proof = await invoke(attachProof, 'POST', `/api/orders/${byProof.id}/proof`, {
      params: { id: byProof.id },
      body: { proofKey: await uploadProof(), accessToken: byProof.accessToken },
    });
    expect(proof.status).toBe(200);
    expect(today(await dashboard()).receivedOrders).toBe(today(held).receivedOrders + 1);
    expect(await expireReservations(new Date(Date.now() + 3 * 60 * 60 * 1000))).toBe(1);
    // The owner closes it without accepting the proof: no longer "received (com comprovativo)"; its pieces go back.
    expect((await move(byProof.id, 'Encerrada')).status).toBe(200);
    expect(today(await dashboard()).receivedOrders).toBe(today(held).receivedOrders);
    const after = await dashboard();
    expect(after.openReservations).toEqual(before.openReservations);
    expect(await mbwayCount()).toEqual({ paid: slots.paid + 1, live: slots.live - 1 });
    const stock = (
      await documentClient().send(new GetCommand({ TableName: `${prefix}-products`, Key: { id: piece.id }, ConsistentRead: true }))
    ).Item!.stock;
    expect(stock).toBe(20 - 2);

    // Every figure equals a recount of the tables.
    const counters = countersFrom(await readCountedData());
    expect(after.openReservations).toEqual({ count: counters['orders#Aguarda Pagamento'], units: counters['reservations#units'] });
    expect(after.monthRevenueCents).toBe(counters[`revenue#${month}`] ?? 0);
    expect(today(after).receivedOrders).toBe(counters[`received#${dayKey(new Date())}`] ?? 0);
    expect(late.status).toBe('Aguarda Pagamento');
  });
});
