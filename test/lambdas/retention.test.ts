/**
 * Retention: the daily job deletes contact messages, back-in-stock requests and proofs
 * of payment older than the periods of the shop's settings, keeps everything younger, keeps the order
 * itself, and leaves the dashboard's counters equal to a recount. The job is run "in the future" (its
 * `now`) on this file's own tables, so nothing of the other test files is touched.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { customerTerm } from '#shared/order-search.ts';
import { DEFAULT_SETTINGS, SETTINGS_LIMITS } from '#shared/settings.ts';
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { jobs } from '#lambdas/jobs.ts';
import { handler as purgeJob } from '#lambdas/consumers/purge-expired-data.ts';
import { handler as createContactMessage } from '#lambdas/handlers/contact-messages/create.ts';
import { handler as readContactMessage } from '#lambdas/handlers/admin/contact-messages/get.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as attachProof } from '#lambdas/handlers/orders/attach-proof.ts';
import { handler as getOrder } from '#lambdas/handlers/admin/orders/get.ts';
import { handler as shopInfo } from '#lambdas/handlers/shop-info/get.ts';
import { deleteContactMessageItems } from '#lambdas/repositories/contact-messages.ts';
import { deleteStockAlertItems, stockAlertId, stockAlertNotifiedItems } from '#lambdas/repositories/stock-alerts.ts';
import { getCounters, COUNTER } from '#lambdas/repositories/counters.ts';
import { readObject } from '#lambdas/repositories/storage.ts';
import { writeTransaction } from '#lambdas/repositories/transactions.ts';
import { countersFrom, readCountedData } from '#lambdas/services/counters.ts';
import { purgeExpiredData, RETENTION_BATCH } from '#lambdas/services/retention.ts';
import { settingsView, updateSettings } from '#lambdas/services/settings.ts';
import { invoke } from '../support/events.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { useOwnTables } from '../support/own-tables.ts';
import { askAndConfirmInProcess } from '../support/stock-alerts.ts';
import { documentClient } from '../support/twin.ts';

const DAY = 86_400_000;
const ADMIN = 'dona@example.com';
const later = (days: number) => new Date(Date.now() + days * DAY);
const job = jobs.find((row) => row.name === 'PurgeExpiredData')!;
/** As the scheduled function runs: with its row's environment and grants only (what it lacks fails as in the cloud). */
const asJob = <T>(work: () => Promise<T>) => asFunction({ name: job.name, grants: job.grants, api: false }, work);
let restoreTables: (() => void) | undefined;

beforeAll(async () => {
  restoreTables = await useOwnTables(`ret-${randomUUID().slice(0, 8)}`);
});
afterAll(() => restoreTables?.());

const get = async (table: string, key: Record<string, unknown>) =>
  (await documentClient().send(new GetCommand({ TableName: process.env[table], Key: key, ConsistentRead: true }))).Item;

async function contactMessage(email: string): Promise<string> {
  const answer = await invoke(createContactMessage, 'POST', '/api/contact-messages', {
    body: { name: 'Ana Retida', email, phone: '912345678', subject: 'Encomenda', message: 'Olá, quero saber do meu colar.', website: '' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** A confirmed (pending, counted) request. */
async function stockAlert(email: string, productId: string): Promise<void> {
  await askAndConfirmInProcess({ email, productId });
}

async function paidOrder(productId: string, email: string): Promise<{ id: string; proofKey: string }> {
  const placed = await invoke<PlaceOrderResponse>(createOrder, 'POST', '/api/orders', {
    body: reservationBody([{ productId, quantity: 1 }], { email }),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const upload = await uploadProof();
  const attached = await invoke(attachProof, 'POST', `/api/orders/${placed.body.order.id}/proof`, {
    params: { id: placed.body.order.id },
    body: { proofKey: upload, accessToken: placed.body.order.accessToken },
  });
  expect(attached.status, JSON.stringify(attached.body)).toBe(200);
  // The upload is copied into the proofs bucket under the key the order keeps.
  const stored = await get('TABLE_ORDERS', { id: placed.body.order.id });
  return { id: placed.body.order.id, proofKey: String(stored!.proofKey) };
}

/** The customer's history items (orders and messages) under their e-mail. */
async function historyOf(email: string) {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_ORDER_SEARCH,
      KeyConditionExpression: 'term = :t',
      ExpressionAttributeValues: { ':t': customerTerm(email) },
    }),
  );
  return Items.map((item) => String(item.ref));
}

/** The dashboard's two counters that retention touches, stored and as a recount of the tables gives them. */
async function counters() {
  const names = [COUNTER.unreadContactMessages, COUNTER.pendingStockAlerts];
  const [stored, recounted] = await Promise.all([getCounters(names), readCountedData().then(countersFrom)]);
  return { stored, recounted: Object.fromEntries(names.map((name) => [name, recounted[name] ?? 0])) };
}

describe.sequential('retention of personal data', () => {
  it('keeps what is younger than its period, then deletes messages, requests and proofs past it; the order stays', async () => {
    const email = `retida-${randomUUID().slice(0, 6)}@example.com`;
    const piece = await createProduct({ stock: 5 });
    const soldOut = await createProduct({ stock: 0 });
    const unread = await contactMessage(email);
    const read = await contactMessage(email);
    expect(
      (await invoke(readContactMessage, 'GET', `/api/admin/contact-messages/${read}`, { params: { id: read }, admin: ADMIN })).status,
    ).toBe(200);
    await stockAlert(email, soldOut.id);
    const order = await paidOrder(piece.id, email);
    expect(await historyOf(email)).toHaveLength(3); // the order and the two messages
    expect(await readObject('proofs', order.proofKey, 1024)).toBeDefined();
    const before = await counters();
    expect(before.stored).toEqual(before.recounted);

    // 364 days on, with the default periods (365 days each): nothing is old enough.
    expect(DEFAULT_SETTINGS.retention).toEqual({ contactMessagesDays: 365, stockAlertsDays: 365, proofsDays: 365 });
    expect(await asJob(() => purgeExpiredData(later(364)))).toEqual({ contactMessages: 0, stockAlerts: 0, proofs: 0 });
    expect(await get('TABLE_CONTACT_MESSAGES', { id: unread })).toBeDefined();

    // Today the scheduled handler itself finds nothing old enough.
    expect(await asJob(() => purgeJob())).toEqual({ contactMessages: 0, stockAlerts: 0, proofs: 0 });
    // 366 days on.
    expect(await asJob(() => purgeExpiredData(later(366)))).toEqual({ contactMessages: 2, stockAlerts: 1, proofs: 1 });
    expect(await get('TABLE_CONTACT_MESSAGES', { id: unread })).toBeUndefined();
    expect(await get('TABLE_CONTACT_MESSAGES', { id: read })).toBeUndefined();
    // The customer's history keeps the order, not the deleted messages.
    expect(await historyOf(email)).toEqual([expect.stringContaining(`#${order.id}`)]);
    // The proof file is gone; the order stays, says when its proof went, and the back-office has no link to it.
    expect(await readObject('proofs', order.proofKey, 1024)).toBeUndefined();
    const detail = await invoke(getOrder, 'GET', `/api/admin/orders/${order.id}`, { params: { id: order.id }, admin: ADMIN });
    expect(detail.status).toBe(200);
    expect(detail.body.proofUrl).toBeUndefined();
    expect(detail.body.order.proofDeletedAt).toBeDefined();
    expect(detail.body.order.timeline.at(-1).text).toContain('Comprovativo de pagamento apagado');
    // The unread message and the pending request left the dashboard's counts with them.
    const after = await counters();
    expect(after.stored).toEqual(after.recounted);
    expect(after.stored[COUNTER.unreadContactMessages]).toBe(before.stored[COUNTER.unreadContactMessages]! - 1);
    expect(after.stored[COUNTER.pendingStockAlerts]).toBe(before.stored[COUNTER.pendingStockAlerts]! - 1);

    // A second run finds nothing left to do (and deletes nothing twice).
    expect(await asJob(() => purgeExpiredData(later(367)))).toEqual({ contactMessages: 0, stockAlerts: 0, proofs: 0 });
  });

  it('follows the periods saved on "Definições": a shorter period deletes sooner, and /api/shop-info states it', async () => {
    const view = await settingsView();
    await updateSettings(
      { ...view.settings, retention: { contactMessagesDays: 30, stockAlertsDays: 60, proofsDays: 90 } },
      view.version,
      ADMIN,
    );
    const info = await invoke(shopInfo, 'GET', '/api/shop-info');
    expect(info.body).toMatchObject({
      retention: { contactMessagesDays: 30, stockAlertsDays: 60, proofsDays: 90 },
      orderRetentionYears: 10,
    });

    const id = await contactMessage(`curta-${randomUUID().slice(0, 6)}@example.com`);
    expect((await asJob(() => purgeExpiredData(later(29)))).contactMessages).toBe(0);
    expect(await get('TABLE_CONTACT_MESSAGES', { id })).toBeDefined();
    expect((await asJob(() => purgeExpiredData(later(31)))).contactMessages).toBe(1);
    expect(await get('TABLE_CONTACT_MESSAGES', { id })).toBeUndefined();
  });

  it('never miscounts a message read while the job deletes it: the stale deletion is refused and the next run deletes it', async () => {
    const id = await contactMessage(`corrida-${randomUUID().slice(0, 6)}@example.com`);
    const seen = (await get('TABLE_CONTACT_MESSAGES', { id }))!; // the job saw it unread...
    expect((await invoke(readContactMessage, 'GET', `/api/admin/contact-messages/${id}`, { params: { id }, admin: ADMIN })).status).toBe(
      200,
    ); // ...the owner opens it
    const stale = await writeTransaction(deleteContactMessageItems(seen), randomUUID());
    expect(stale.written).toBe(false);
    expect(await get('TABLE_CONTACT_MESSAGES', { id })).toBeDefined();
    const counted = await counters();
    expect(counted.stored).toEqual(counted.recounted);
    expect((await asJob(() => purgeExpiredData(later(400)))).contactMessages).toBeGreaterThanOrEqual(1);
    expect(await get('TABLE_CONTACT_MESSAGES', { id })).toBeUndefined();
  });

  it('never deletes a fresh back-in-stock request that reuses the id of the old one the job saw', async () => {
    const email = `volta-${randomUUID().slice(0, 6)}@example.com`;
    const piece = await createProduct({ stock: 0 });
    await stockAlert(email, piece.id);
    const id = stockAlertId(piece.id, email);
    const seen = (await get('TABLE_STOCK_ALERTS', { id }))!; // the job saw the old request...
    // ...the piece came back and the request was notified; the customer asks again (pending, new date).
    expect((await writeTransaction(stockAlertNotifiedItems(id, String(seen.createdAt), new Date()), randomUUID())).written).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await stockAlert(email, piece.id);
    const fresh = (await get('TABLE_STOCK_ALERTS', { id }))!;
    expect(fresh.status).toBe('pending');
    expect(fresh.createdAt).not.toBe(seen.createdAt);
    expect((await writeTransaction(deleteStockAlertItems(seen), randomUUID())).written).toBe(false);
    expect(await get('TABLE_STOCK_ALERTS', { id })).toEqual(fresh);
    const counted = await counters();
    expect(counted.stored).toEqual(counted.recounted);
  });

  it('refuses periods under a month or over ten years in Portuguese', () => {
    const { retentionDays } = SETTINGS_LIMITS;
    for (const days of [retentionDays.min - 1, retentionDays.max + 1, 45.5]) {
      const parsed = shopSettingsSchema.safeParse({
        ...DEFAULT_SETTINGS,
        payments: { ...DEFAULT_SETTINGS.payments, iban: '', paypal: 'loja@example.com' },
        retention: { ...DEFAULT_SETTINGS.retention, proofsDays: days },
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['retention', 'proofsDays']);
      expect(parsed.error?.issues[0]?.message).toMatch(/^Indica um número inteiro de dias entre 30 e 3650/);
    }
    expect(RETENTION_BATCH).toBeGreaterThan(0);
  });
});
