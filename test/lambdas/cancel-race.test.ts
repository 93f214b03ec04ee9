/**
 * Races end in an answer (docs/abuse.md): customers cancelling their reservations while the expiry job
 * closes the same ones get their order closed, or a 409 `order_busy` to ask again, never a 500; the
 * stock comes back exactly once. In this worker, on tables of its own, with DynamoDB's transaction
 * conflicts modelled (`infra/twin/transaction-conflicts.ts`) so the job and the cancels collide as in AWS.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { installTransactionConflicts } from '#infra/twin/transaction-conflicts.ts';
import { handler as createOrder } from '#lambdas/handlers/orders/create.ts';
import { handler as cancelOrder } from '#lambdas/handlers/orders/cancel.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { invoke } from '../support/events.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { documentClient } from '../support/twin.ts';
import { useOwnTables } from '../support/own-tables.ts';

const prefix = `race-${randomUUID().slice(0, 8)}`;
let restoreTables: (() => void) | undefined;
beforeAll(async () => {
  restoreTables = await useOwnTables(prefix);
  installTransactionConflicts();
});
afterAll(() => restoreTables?.());

const ORDERS = 20;
const stockOf = async (id: string) =>
  Number((await documentClient().send(new GetCommand({ TableName: `${prefix}-products`, Key: { id }, ConsistentRead: true }))).Item!.stock);

describe('customer cancels racing the expiry job', () => {
  it(`${ORDERS} cancels of reservations the job is closing at the same moment: 0 × 500, each closed once`, async () => {
    const piece = await createProduct({ stock: ORDERS + 5 });
    const orders: PlaceOrderResponse['order'][] = [];
    for (let i = 0; i < ORDERS; i++) {
      const placed = await invoke<PlaceOrderResponse>(createOrder, 'POST', '/api/orders', {
        body: reservationBody([{ productId: piece.id, quantity: 1 }]),
        headers: { 'idempotency-key': randomUUID(), 'x-viewer-ip': `10.77.${i}.1` },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      orders.push(placed.body.order);
    }
    expect(await stockOf(piece.id)).toBe(5);
    // Every reservation ran out a moment ago: the job closes them while their customers cancel them.
    const past = new Date(Date.now() - 1000).toISOString();
    for (const order of orders) {
      await documentClient().send(
        new UpdateCommand({
          TableName: `${prefix}-orders`,
          Key: { id: order.id },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }
    const cancel = (order: PlaceOrderResponse['order']) =>
      invoke<{ error?: { code: string } }>(cancelOrder, 'POST', `/api/orders/${order.id}/cancel`, {
        params: { id: order.id },
        headers: { [ORDER_TOKEN_HEADER]: order.accessToken },
      });
    const [, ...answers] = await Promise.all([expireReservations(new Date()), ...orders.map(cancel)]);

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer.body.error?.code).toBe('order_busy');
    }
    // Asked again (as the answer says), every one is closed; the job's next run closes any left.
    const again = await Promise.all(orders.filter((_, i) => answers[i]!.status !== 200).map(cancel));
    expect(again.filter((a) => a.status >= 500)).toEqual([]);
    await expireReservations(new Date());
    expect(await stockOf(piece.id)).toBe(ORDERS + 5);
  }, 180_000);
});
